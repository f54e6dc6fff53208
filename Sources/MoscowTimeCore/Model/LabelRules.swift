// SPDX-License-Identifier: GPL-3.0-or-later
/// What a label (alarm or habit name) may be: any script, emoji included, but not empty and not absurdly long.
public enum LabelRules {
    public static let maximumLength = 200

    /// Nil when fine, else why not (in English).
    public static func problem(_ label: String) -> String? { issue(label)?.english }

    /// Nil when fine, else why not, as a catalogue message.
    public static func issue(_ label: String) -> Message? {
        if label.allSatisfy({ $0.isWhitespace }) { return Message(N_("it must not be empty")) }
        // A label never has more characters than UTF-8 bytes: count (grapheme breaking) only when it could matter.
        if label.utf8.count > maximumLength, label.count > maximumLength {
            return Message(N_("it is {count} characters long; at most {maximum} are allowed"),
                           ["count": String(label.count), "maximum": String(maximumLength)])
        }
        if label.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return Message(N_("it must not contain control characters or line breaks"))
        }
        return nil
    }
}
