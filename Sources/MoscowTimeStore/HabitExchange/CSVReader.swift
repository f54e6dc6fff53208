// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// RFC 4180 CSV: comma separated, fields optionally in double quotes (`""` for a quote, line breaks
/// allowed inside), LF or CRLF line ends, a UTF-8 BOM tolerated. What Loop Habit Tracker (opencsv)
/// and `habit export` write.
public struct CSVReader {
    /// One record with the 1-based line it starts on, for error messages.
    public struct Row: Sendable {
        public let line: Int
        public let fields: [String]
    }

    public static func rows(_ bytes: [UInt8]) throws(InputError) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var rowLine = 1
        var quoted = false
        var wasQuoted = false
        func text(_ b: [UInt8]) throws(InputError) -> String {
            guard let s = String(validating: b, as: UTF8.self) else {
                throw InputError("line {line}: the text is not valid UTF-8", ["line": "\(line)"])
            }
            return s
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x22 {
                        field.append(0x22)
                        i += 2
                        continue
                    }
                    quoted = false
                    i += 1
                    continue
                }
                if b == 0x0A { line += 1 }
                field.append(b)
                i += 1
                continue
            }
            switch b {
            case 0x22 where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
            case 0x2C:
                fields.append(try text(field))
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
            case 0x0D where i + 1 < bytes.count && bytes[i + 1] == 0x0A:
                break
            case 0x0A:
                fields.append(try text(field))
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
                if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
                fields.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
            default:
                field.append(b)
            }
            i += 1
        }
        if quoted { throw InputError("line {rowLine}: a quoted field is not closed", ["rowLine": "\(rowLine)"]) }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            fields.append(try text(field))
            rows.append(Row(line: rowLine, fields: fields))
        }
        return rows
    }
}
