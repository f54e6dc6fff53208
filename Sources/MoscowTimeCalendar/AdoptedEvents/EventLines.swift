// SPDX-License-Identifier: GPL-3.0-or-later

/// One VEVENT of a `ContentLines` text — the series whose UID is given, not an occurrence it
/// overrides (`RECURRENCE-ID`) — as the lines between its BEGIN and END, edited in place.
struct EventLines {
    var lines: ContentLines
    /// Where the event's BEGIN and END lines are.
    private(set) var begin: Int
    private(set) var end: Int

    init?(_ lines: ContentLines, uid: String) {
        var depth = 0
        var start: Int?
        for (k, line) in lines.lines.enumerated() {
            switch line.name {
            case "BEGIN":
                depth += 1
                if depth == 2, line.value.uppercased() == "VEVENT" { start = k }
            case "END":
                if depth == 2, let s = start, line.value.uppercased() == "VEVENT" {
                    let candidate = EventLines(lines: lines, begin: s, end: k)
                    if candidate.value(of: "UID") == uid, candidate.value(of: "RECURRENCE-ID") == nil {
                        self = candidate
                        return
                    }
                    start = nil
                }
                depth -= 1
            default: break
            }
        }
        return nil
    }

    private init(lines: ContentLines, begin: Int, end: Int) {
        self.lines = lines
        self.begin = begin
        self.end = end
    }

    /// The event's own properties' lines (not those of its VALARMs), by index.
    var ownLines: [Int] {
        var out: [Int] = []
        var depth = 0
        for k in (begin + 1)..<end {
            let name = lines.lines[k].name
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 } else if depth == 0 { out.append(k) }
        }
        return out
    }

    /// The event's VALARMs, in order, as line ranges (BEGIN through END).
    var alarms: [ClosedRange<Int>] { ComponentLines.children(lines, of: begin...end, named: "VALARM") }

    func indices(of name: String) -> [Int] { ownLines.filter { lines.lines[$0].name == name } }

    func value(of name: String) -> String? { indices(of: name).first.map { lines.lines[$0].value } }

    /// The first line called `name` takes `value` (its parameters as written, unless given); others
    /// of that name go. Added, when there is none, after the event's last own property.
    mutating func set(_ name: String, _ value: String, parameters: String? = nil) {
        let found = indices(of: name)
        guard let first = found.first else {
            insert(lines.folded(name + (parameters ?? "") + ":" + value))
            return
        }
        let line = lines.folded(name + (parameters ?? lines.lines[first].parameters) + ":" + value)
        for k in found.dropFirst().reversed() { remove(k...k) }
        lines.lines[first] = line
    }

    mutating func removeAll(_ name: String) {
        for k in indices(of: name).reversed() { remove(k...k) }
    }

    /// A property line among the event's own: before its first VALARM (RFC 5545 lists the
    /// properties before the components).
    mutating func insert(_ line: ContentLines.Line) {
        let at = alarms.first?.lowerBound ?? end
        lines.lines.insert(line, at: at)
        end += 1
    }

    /// A VALARM's lines, just before END:VEVENT.
    mutating func appendComponent(_ component: [ContentLines.Line]) {
        lines.lines.insert(contentsOf: component, at: end)
        end += component.count
    }

    mutating func remove(_ range: ClosedRange<Int>) {
        lines.lines.removeSubrange(range)
        end -= range.count
    }

    mutating func replace(_ k: Int, with line: ContentLines.Line) { lines.lines[k] = line }
}
