// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Serialises a `JSONValue` as UTF-8: pretty (two-space indent, for the store a person may read and
/// edit) or compact (one line, for `--json` output). Non-ASCII text is written as is, not escaped.
///
/// It writes bytes, not a `String`: the agent saves its state before every ring, and with a
/// thousand alarms appending to a `String` was most of the time from the alarm's instant to its
/// notification.
public enum JSONWriter {
    /// `pretty`, as the bytes a file holds.
    public static func prettyBytes(_ v: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(v, into: &out, indent: 0, pretty: true)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    public static func pretty(_ v: JSONValue) -> String {
        String(decoding: prettyBytes(v), as: UTF8.self)
    }

    public static func compact(_ v: JSONValue) -> String {
        var out: [UInt8] = []
        write(v, into: &out, indent: 0, pretty: false)
        return String(decoding: out, as: UTF8.self)
    }

    /// `v` as `prettyBytes` writes it `indent` levels deep, appended to `out`: for a writer that
    /// writes the rest of its file itself (`AgentStateCoding.fileBytes`).
    public static func appendPretty(_ v: JSONValue, to out: inout [UInt8], indent: Int) {
        write(v, into: &out, indent: indent, pretty: true)
    }

    /// `s` as a JSON string, quoted and escaped, appended to `out`.
    public static func appendString(_ s: String, to out: inout [UInt8]) { writeString(s, into: &out) }

    private static func write(_ v: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
        switch v {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d):
            let text = d.rounded() == d && abs(d) < 9e15 ? String(Int64(d)) : String(d)
            out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items): writeArray(items, into: &out, indent: indent, pretty: pretty)
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(&out, indent + 1) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                write(value, into: &out, indent: indent + 1, pretty: pretty)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeArray(_ items: [JSONValue], into out: inout [UInt8], indent: Int, pretty: Bool) {
        if items.isEmpty {
            out.append(contentsOf: "[]".utf8)
            return
        }
        // Short lists of scalars (weekdays, reminder times) read best on one line.
        let inline = pretty && items.count <= 8 && items.allSatisfy(\.isScalar)
        out.append(UInt8(ascii: "["))
        for (k, item) in items.enumerated() {
            if k > 0 { out.append(contentsOf: (inline ? ", " : ",").utf8) }
            if pretty && !inline { newline(&out, indent + 1) }
            write(item, into: &out, indent: indent + 1, pretty: pretty && !inline)
        }
        if pretty && !inline { newline(&out, indent) }
        out.append(UInt8(ascii: "]"))
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Printable ASCII without a quote or backslash (ids, times, most keys) is copied as is.
        var text = s
        let copied = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if !copied { writeEscaped(text, into: &out) }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ s: String, into out: inout [UInt8]) {
        for c in s.unicodeScalars {
            switch c {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            default:
                // Control characters, and what a terminal would act on (DEL, C1, bidi overrides,
                // line separators) as \u escapes: the JSON reads the same and prints safely.
                if TerminalText.needsEscape(c) {
                    let h = String(c.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - h.count) + h).utf8)
                } else {
                    UTF8.encode(c) { out.append($0) }
                }
            }
        }
    }
}
