// SPDX-License-Identifier: GPL-3.0-or-later
import CICal

/// Checks a file line by line before libical builds its tree, so that a malformed file is refused
/// with the number of the line at fault. libical's own parser is lenient: it drops what it cannot
/// read into X-LIC-ERROR properties without line numbers, which would import half a file silently.
/// Every content line is still read by libical (`icalproperty_new_from_string`); this scanner only
/// unfolds lines, follows BEGIN/END nesting and remembers where each component and property is.
struct ICSLineScanner {
    /// A component in document (pre)order, as libical's tree lists it.
    struct Component {
        let name: String
        let line: Int
        /// Property names with their lines, in file order.
        var properties: [(name: String, line: Int)] = []

        /// The line of the `index`-th property called `name`, else the component's BEGIN line.
        func line(of name: String, index: Int = 0) -> Int {
            properties.lazy.filter { $0.name == name }.dropFirst(index).first?.line ?? line
        }
    }

    private(set) var components: [Component] = []

    init(_ bytes: [UInt8]) throws(CalendarFileError) {
        var stack: [Int] = []
        var sawCalendar = false
        for (logical, lineNumber) in try Self.unfold(bytes) {
            guard let colon = logical.firstIndex(of: ":") else {
                throw CalendarFileError(line: lineNumber, .notNameValue(found: Self.excerpt(logical)))
            }
            let head = logical[..<colon]
            let name = String(head.prefix { $0 != ";" }).uppercased()
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw CalendarFileError(line: lineNumber, .notPropertyName(Self.excerpt(String(head))))
            }
            let value = String(logical[logical.index(after: colon)...])
            switch name {
            case "BEGIN":
                let kind = value.uppercased()
                guard !kind.isEmpty else { throw CalendarFileError(line: lineNumber, .beginWithoutName) }
                if stack.isEmpty {
                    guard kind == "VCALENDAR" else {
                        throw CalendarFileError(line: lineNumber, .expectedCalendar(found: Self.excerpt(value)))
                    }
                    sawCalendar = true
                }
                stack.append(components.count)
                components.append(Component(name: kind, line: lineNumber))
            case "END":
                guard let open = stack.popLast() else {
                    throw CalendarFileError(line: lineNumber, .endWithoutBegin(Self.excerpt(value)))
                }
                guard components[open].name == value.uppercased() else {
                    throw CalendarFileError(line: lineNumber, .endClosesOther(end: Self.excerpt(value), begin: components[open].name, beginLine: components[open].line))
                }
            default:
                guard let current = stack.last else {
                    throw CalendarFileError(line: lineNumber, .propertyOutsideCalendar(name))
                }
                guard let p = icalproperty_new_from_string(logical) else {
                    throw CalendarFileError(line: lineNumber, .unreadableProperty(name: name, excerpt: Self.excerpt(logical)))
                }
                icalproperty_free(p)
                components[current].properties.append((name, lineNumber))
            }
        }
        if let open = stack.last {
            throw CalendarFileError(line: components[open].line, .neverClosed(components[open].name))
        }
        guard sawCalendar else { throw CalendarFileError(line: nil, .notICalendar) }
    }

    /// RFC 5545 §3.1: a line starting with a space or tab continues the previous one. Yields each
    /// logical line with the physical line it starts on; blank lines are skipped.
    static func unfold(_ bytes: [UInt8]) throws(CalendarFileError) -> [(String, Int)] {
        // Unfold bytes first: a fold may split a multi-byte character.
        var logical: [([UInt8], Int)] = []
        var number = 0
        for var raw in bytes.split(separator: 10, omittingEmptySubsequences: false) {
            number += 1
            if raw.last == 13 { raw = raw.dropLast() }
            if let first = raw.first, first == 32 || first == 9, !logical.isEmpty {
                logical[logical.count - 1].0 += raw.dropFirst()
            } else if !raw.isEmpty {
                logical.append((Array(raw), number))
            }
        }
        var out: [(String, Int)] = []
        out.reserveCapacity(logical.count)
        for (raw, line) in logical {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw CalendarFileError(line: line, .notUTF8)
            }
            out.append((text, line))
        }
        return out
    }

    static func excerpt(_ s: String) -> String { s.count > 60 ? String(s.prefix(57)) + "…" : s }
}
