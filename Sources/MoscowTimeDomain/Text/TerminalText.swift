// SPDX-License-Identifier: GPL-3.0-or-later
/// Text that came from the user (arguments, file contents) made safe to print in a one-line
/// message: control characters, escape sequences, line separators and bidirectional overrides are
/// shown as visible escapes (`\n`, `\x1b`, `\u{202e}`) instead of moving the cursor, recolouring the
/// terminal or splitting the message. Every other character (Cyrillic, emoji) is kept as is.
public enum TerminalText {
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            guard needsEscape(s) else {
                out.unicodeScalars.append(s)
                continue
            }
            switch s {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(s.value, radix: 16)
                out += s.value < 0x100 ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    /// Lines of output: each line made safe as `oneLine` does, the line breaks kept.
    public static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { oneLine(String($0)) }.joined(separator: "\n")
    }

    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F..<0xA0: return true  // C0, DEL, C1 (CSI, OSC…)
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F: return true  // bidi overrides and marks
        default: return false
        }
    }
}
