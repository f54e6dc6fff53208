// SPDX-License-Identifier: GPL-3.0-or-later
/// What a label (alarm or habit name) may be: any script, emoji included, but not empty and not absurdly long.
public enum LabelRules {
    public static let maximumLength = 200

    /// Nil when fine, else why not.
    public static func problem(_ label: String) -> String? {
        if label.allSatisfy({ $0.isWhitespace }) { return "must not be empty" }
        // A label never has more characters than UTF-8 bytes: count (grapheme breaking) only when it could matter.
        if label.utf8.count > maximumLength, label.count > maximumLength { return "is \(label.count) characters long; at most \(maximumLength) are allowed" }
        if label.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "must not contain control characters or line breaks" }
        return nil
    }
}
