// SPDX-License-Identifier: GPL-3.0-or-later

/// The components of a `ContentLines` text as line ranges (BEGIN through END), and edits of their
/// own properties that leave every other line's bytes as they are. The ranges are found again
/// after each edit (`ReminderWriteBack` makes a few edits on one calendar object).
enum ComponentLines {
    /// The VEVENTs and VTODOs directly inside a VCALENDAR, in the order libical reads them.
    static func items(_ lines: ContentLines) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var depth = 0
        var start: Int?
        for (k, line) in lines.lines.enumerated() {
            if line.name == "BEGIN" {
                depth += 1
                if depth == 2, ["VEVENT", "VTODO"].contains(line.value.uppercased()) { start = k }
            } else if line.name == "END" {
                if depth == 2, let s = start {
                    out.append(s...k)
                    start = nil
                }
                depth -= 1
            }
        }
        return out
    }

    /// The sub-components called `name` directly inside `range`, in order.
    static func children(_ lines: ContentLines, of range: ClosedRange<Int>, named name: String) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var depth = 0
        var start = 0
        for k in (range.lowerBound + 1)..<range.upperBound {
            let line = lines.lines[k]
            if line.name == "BEGIN" {
                if depth == 0 { start = k }
                depth += 1
            } else if line.name == "END" {
                depth -= 1
                if depth == 0, lines.lines[start].value.uppercased() == name { out.append(start...k) }
            }
        }
        return out
    }

    /// The component's own property lines (not its sub-components'), by index.
    static func properties(_ lines: ContentLines, of range: ClosedRange<Int>) -> [Int] {
        var out: [Int] = []
        var depth = 0
        for k in (range.lowerBound + 1)..<range.upperBound {
            let name = lines.lines[k].name
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 } else if depth == 0 { out.append(k) }
        }
        return out
    }

    static func indices(_ lines: ContentLines, of range: ClosedRange<Int>, named name: String) -> [Int] {
        properties(lines, of: range).filter { lines.lines[$0].name == name }
    }

    static func value(_ lines: ContentLines, of range: ClosedRange<Int>, named name: String) -> String? {
        indices(lines, of: range, named: name).first.map { lines.lines[$0].value }
    }

    /// The first line called `name` becomes `name:value` (folded at 75 octets), the others of that
    /// name go; with none, the line is added after the component's last own property (RFC 5545
    /// lists the properties before the sub-components).
    static func set(_ lines: inout ContentLines, in range: ClosedRange<Int>, _ name: String, _ value: String) {
        let found = indices(lines, of: range, named: name)
        let line = lines.folded(name + ":" + value)
        guard let first = found.first else {
            lines.lines.insert(line, at: firstChild(lines, of: range) ?? range.upperBound)
            return
        }
        for k in found.dropFirst().reversed() { lines.lines.remove(at: k) }
        lines.lines[first] = line
    }

    /// Removes the component's own lines that `matching` accepts.
    static func remove(_ lines: inout ContentLines, in range: ClosedRange<Int>, matching: (ContentLines.Line) -> Bool) {
        for k in properties(lines, of: range).reversed() where matching(lines.lines[k]) { lines.lines.remove(at: k) }
    }

    private static func firstChild(_ lines: ContentLines, of range: ClosedRange<Int>) -> Int? {
        ((range.lowerBound + 1)..<range.upperBound).first { lines.lines[$0].name == "BEGIN" }
    }
}
