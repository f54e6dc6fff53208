// SPDX-License-Identifier: GPL-3.0-or-later
/// What a label (alarm or habit name) may be: any script, emoji included, but not empty and not absurdly long.
public enum LabelRules {
    public static let maximumLength = 200

    /// Nil when fine, else why not (in English).
    public static func problem(_ label: String) -> String? { issue(label)?.english }

    /// Nil when fine, else why not, as a catalogue message.
    public static func issue(_ label: String) -> Message? {
        // One pass over the bytes first (every alarm and habit is checked on each load): C0 controls
        // and DEL are single bytes in UTF-8, never part of another character; and a printable ASCII
        // character other than space starts a character that is not whitespace.
        var printableASCII = false
        var control = false
        for b in label.utf8 {
            if b > 0x20 && b < 0x7F { printableASCII = true } else if b < 0x20 || b == 0x7F { control = true }
        }
        if !printableASCII, label.allSatisfy({ $0.isWhitespace }) { return Message(N_("it must not be empty")) }
        // A label never has more characters than UTF-8 bytes: count (grapheme breaking) only when it could matter.
        if label.utf8.count > maximumLength, label.count > maximumLength {
            return Message(
                N_("it is {count} characters long; at most {maximum} are allowed"),
                ["count": String(label.count), "maximum": String(maximumLength)])
        }
        if control {
            return Message(N_("it must not contain control characters or line breaks"))
        }
        return nil
    }
}
