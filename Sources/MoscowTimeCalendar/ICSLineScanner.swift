// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Glibc

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
        /// The RRULE values as written: libical keeps INTERVAL in a 16-bit field and COUNT in an
        /// int, so `INTERVAL=65537` would read as 1; the mapper checks the numbers as written.
        var rules: [String] = []

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
                // Before libical, whose parser recurses once a level, sees the text.
                guard stack.count < CalendarLimits.maximumNesting else {
                    throw CalendarFileError(line: lineNumber, .nestedTooDeep(limit: CalendarLimits.maximumNesting))
                }
                guard components.count < CalendarLimits.maximumComponents else {
                    throw CalendarFileError(line: lineNumber, .tooManyComponents(limit: CalendarLimits.maximumComponents))
                }
                stack.append(components.count)
                components.append(Component(name: kind, line: lineNumber))
            case "END":
                guard let open = stack.popLast() else {
                    throw CalendarFileError(line: lineNumber, .endWithoutBegin(Self.excerpt(value)))
                }
                guard components[open].name == value.uppercased() else {
                    throw CalendarFileError(
                        line: lineNumber,
                        .endClosesOther(end: Self.excerpt(value), begin: components[open].name, beginLine: components[open].line))
                }
            default:
                guard let current = stack.last else {
                    throw CalendarFileError(line: lineNumber, .propertyOutsideCalendar(name))
                }
                if let p = icalproperty_new_from_string(logical) {
                    icalproperty_free(p)
                } else if !(value.isEmpty && EmptyTextProperty.isText(name)) {
                    throw CalendarFileError(line: lineNumber, .unreadableProperty(name: name, excerpt: Self.excerpt(logical)))
                }
                components[current].properties.append((name, lineNumber))
                if name == "RRULE" { components[current].rules.append(value) }
            }
        }
        if let open = stack.last {
            throw CalendarFileError(line: components[open].line, .neverClosed(components[open].name))
        }
        guard sawCalendar else { throw CalendarFileError(line: nil, .notICalendar) }
    }

    /// RFC 5545 §3.1: a line starting with a space or tab continues the previous one. Yields each
    /// logical line with the physical line it starts on; blank lines are skipped. A logical line
    /// longer than `CalendarLimits.maximumLineBytes`, and more than `maximumLines` of them, are
    /// refused. Lines are found in place: a file of 16 million newlines costs no memory per line.
    static func unfold(_ bytes: [UInt8]) throws(CalendarFileError) -> [(String, Int)] {
        // Unfold bytes first: a fold may split a multi-byte character.
        var logical: [(ArraySlice<UInt8>, Int)] = []
        var folded: [Int: [UInt8]] = [:]  // logical lines with continuations, by index
        var number = 0
        let limit = CalendarLimits.maximumLineBytes
        // Each line's end found with memchr: scanning byte by byte in Swift cost seconds a file.
        func lineEnd(from at: Int) -> Int {
            bytes.withUnsafeBufferPointer { buf in
                guard let base = buf.baseAddress, let hit = memchr(base + at, 10, buf.count - at) else { return buf.count }
                return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            }
        }
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = lineEnd(from: start)
            number += 1
            var raw = bytes[start..<end]
            start = end + 1
            if raw.last == 13 { raw = raw.dropLast() }
            if let first = raw.first, first == 32 || first == 9, !logical.isEmpty {
                let k = logical.count - 1
                let length = (folded[k]?.count ?? logical[k].0.count) + raw.count - 1
                guard length <= limit else { throw CalendarFileError(line: logical[k].1, .lineTooLong(limit: limit)) }
                folded[k, default: Array(logical[k].0)] += raw.dropFirst()
            } else if !raw.isEmpty {
                guard raw.count <= limit else { throw CalendarFileError(line: number, .lineTooLong(limit: limit)) }
                guard logical.count < CalendarLimits.maximumLines else {
                    throw CalendarFileError(line: number, .tooManyLines(limit: CalendarLimits.maximumLines))
                }
                logical.append((raw, number))
            }
        }
        var out: [(String, Int)] = []
        out.reserveCapacity(logical.count)
        for (k, (raw, line)) in logical.enumerated() {
            let text = if let whole = folded[k] { String(validating: whole, as: UTF8.self) } else { String(validating: raw, as: UTF8.self) }
            guard let text else { throw CalendarFileError(line: line, .notUTF8) }
            out.append((text, line))
        }
        return out
    }

    static func excerpt(_ s: String) -> String { s.count > 60 ? String(s.prefix(57)) + "…" : s }
}
