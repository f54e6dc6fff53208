// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Serialises a `JSONValue` as UTF-8: pretty (two-space indent, for the store a person may read and
/// edit) or compact (one line, for `--json` output). Non-ASCII text is written as is, not escaped.
public enum JSONWriter {
    public static func pretty(_ v: JSONValue) -> String {
        var out = ""
        out.reserveCapacity(4096)
        write(v, into: &out, indent: 0, pretty: true)
        out.append("\n")
        return out
    }

    public static func compact(_ v: JSONValue) -> String {
        var out = ""
        write(v, into: &out, indent: 0, pretty: false)
        return out
    }

    private static func write(_ v: JSONValue, into out: inout String, indent: Int, pretty: Bool) {
        switch v {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let d):
            if d.rounded() == d, abs(d) < 9e15 { out.append(String(Int64(d))) } else { out.append(String(d)) }
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append("[]")
                return
            }
            // Short lists of scalars (weekdays, reminder times) read best on one line.
            let inline = pretty && items.count <= 8 && items.allSatisfy(\.isScalar)
            if inline {
                out.append("[")
                for (k, item) in items.enumerated() {
                    if k > 0 { out.append(", ") }
                    write(item, into: &out, indent: indent, pretty: false)
                }
                out.append("]")
                return
            }
            out.append("[")
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(",") }
                if pretty { newline(&out, indent + 1) }
                write(item, into: &out, indent: indent + 1, pretty: pretty)
            }
            if pretty { newline(&out, indent) }
            out.append("]")
        case .object(let members):
            if members.isEmpty {
                out.append("{}")
                return
            }
            out.append("{")
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out.append(",") }
                if pretty { newline(&out, indent + 1) }
                writeString(key, into: &out)
                out.append(pretty ? ": " : ":")
                write(value, into: &out, indent: indent + 1, pretty: pretty)
            }
            if pretty { newline(&out, indent) }
            out.append("}")
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out.append("\n")
        for _ in 0..<indent { out.append("  ") }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out.append("\"")
        var plainStart = s.unicodeScalars.startIndex
        var idx = plainStart
        let scalars = s.unicodeScalars
        while idx != scalars.endIndex {
            let c = scalars[idx]
            let escape: String?
            switch c {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            default:
                // Control characters, and what a terminal would act on (DEL, C1, bidi overrides,
                // line separators) as \u escapes: the JSON reads the same and prints safely.
                if TerminalText.needsEscape(c) {
                    let h = String(c.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    escape = nil
                }
            }
            if let escape {
                out.append(contentsOf: s[plainStart..<idx])
                out.append(escape)
                plainStart = scalars.index(after: idx)
            }
            idx = scalars.index(after: idx)
        }
        out.append(contentsOf: s[plainStart..<idx])
        out.append("\"")
    }
}
