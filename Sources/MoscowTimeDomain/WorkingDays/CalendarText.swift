// SPDX-License-Identifier: GPL-3.0-or-later
/// The production calendar's text form: the shipped `data/calendar/ru.txt` and the files a user
/// adds with `agent-cli holidays import`.
///
///     # a comment
///     year 2026  # Постановление Правительства РФ от 24.09.2025 № 1466
///     2026-01-01 holiday
///     2026-01-09 off from 2026-01-03
///     2026-04-30 short
///
/// `year` opens a year: it is then known, and the days listed after it (all in that year) are the
/// ones that differ from the plain week. Kinds: `holiday`, `off`, `short`, `work`
/// (`CalendarDayKind`). Written by hand here rather than as JSON so that the data file reads as the
/// decrees do, one line per day, and diffs of a new decree are one line per change.
public enum CalendarText {
    /// What a file may hold: a year of days is a few dozen lines.
    public static let maximumBytes = 1 << 20
    public static let maximumLineBytes = 1024

    public static func parse(_ text: String) throws(CalendarTextError) -> [Int: CalendarYear] {
        if let years = parsePlain(text) { return years }
        return try parseGeneral(text)
    }

    /// The general reading: any layout the format allows, and the line and reason of a mistake.
    static func parseGeneral(_ text: String) throws(CalendarTextError) -> [Int: CalendarYear] {
        guard text.utf8.count <= maximumBytes else {
            throw CalendarTextError(line: 0, Message("the file is larger than {size}", ["size": "1 MiB"]))
        }
        var years: [Int: CalendarYear] = [:]
        var current: Int?
        // "\r\n" is one Character in Swift: a file written on Windows splits the same.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = index + 1
            guard raw.utf8.count <= maximumLineBytes else { throw CalendarTextError(line: line, Message("the line is too long")) }
            let comment = raw.firstIndex(of: "#")
            let content = raw[..<(comment ?? raw.endIndex)]
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = words.first else { continue }
            if first == "year" {
                guard words.count == 2, let y = Int(words[1]), CalendarYear.years.contains(y) else {
                    throw CalendarTextError(
                        line: line,
                        Message(
                            "expected \"year\" and a year from {first} to {last}",
                            ["first": String(CalendarYear.years.lowerBound), "last": String(CalendarYear.years.upperBound)]))
                }
                guard years[y] == nil else {
                    throw CalendarTextError(line: line, Message("the year {year} is given twice", ["year": String(y)]))
                }
                let source = comment.map { String(raw[raw.index(after: $0)...]).trimmingSpaces } ?? ""
                years[y] = CalendarYear(year: y, source: source)
                current = y
                continue
            }
            guard let y = current else { throw CalendarTextError(line: line, Message("a day before the first \"year\" line")) }
            let (date, day) = try dayLine(words, line: line)
            guard date.year == y else {
                throw CalendarTextError(
                    line: line, Message("{date} is not in the year {year}", ["date": date.description, "year": String(y)]))
            }
            guard years[y]!.days[date] == nil else {
                throw CalendarTextError(line: line, Message("{date} is given twice", ["date": date.description]))
            }
            if day.kind == .work, date.weekday.rawValue < 6 {
                throw CalendarTextError(
                    line: line,
                    Message("{date} is a weekday: only a Saturday or Sunday can be made a working day", ["date": date.description]))
            }
            years[y]!.days[date] = day
        }
        return years
    }

    /// The same years as `parseGeneral` for a text in the plain form the shipped data and `format`
    /// are written in, read over its bytes: the shipped calendar is read on every run that loads a
    /// document, and reading it Character by Character was half of `agent-cli list`'s instructions
    /// for a hundred alarms. Nil for anything else — a CR, text other than ASCII outside a comment,
    /// a comment starting with such text, or any mistake — which `parseGeneral` then reads (or
    /// refuses, naming the line). Outside comments and with "\n" line ends, a Character of ASCII
    /// is its byte, so both readings split the same lines and words.
    static func parsePlain(_ text: String) -> [Int: CalendarYear]? {
        var text = text
        return text.withUTF8 { u -> [Int: CalendarYear]? in
            guard u.count <= maximumBytes else { return nil }
            var years: [Int: CalendarYear] = [:]
            var current: CalendarYear?
            var words: [Range<Int>] = []
            words.reserveCapacity(5)
            var start = 0
            while start <= u.count {
                var end = start
                while end < u.count, u[end] != UInt8(ascii: "\n") { end += 1 }
                defer { start = end + 1 }
                guard end - start <= maximumLineBytes, let contentEnd = plainContentEnd(u, start..<end),
                    plainWords(u, start..<contentEnd, into: &words)
                else { return nil }
                guard let first = words.first else { continue }
                if isWord(u, first, "year") {
                    guard let y = plainYear(u, words), years[y] == nil, current?.year != y else { return nil }
                    if let c = current { years[c.year] = c }
                    let source =
                        contentEnd < end
                        ? String(decoding: UnsafeBufferPointer(rebasing: u[contentEnd + 1..<end]), as: UTF8.self).trimmingSpaces : ""
                    current = CalendarYear(year: y, source: source)
                    continue
                }
                guard current != nil, let (date, day) = plainDay(u, words), date.year == current!.year, current!.days[date] == nil
                else { return nil }
                current!.days[date] = day
            }
            if let c = current { years[c.year] = c }
            return years
        }
    }

    /// Where the line's content ends: ASCII up to the comment; the comment: no CR, and ASCII right
    /// after '#'. Nil for a line that is not plain.
    private static func plainContentEnd(_ u: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        var contentEnd = line.lowerBound
        while contentEnd < line.upperBound, u[contentEnd] != UInt8(ascii: "#") {
            guard u[contentEnd] < 0x80, u[contentEnd] != UInt8(ascii: "\r") else { return nil }
            contentEnd += 1
        }
        if contentEnd < line.upperBound {
            guard contentEnd + 1 == line.upperBound || u[contentEnd + 1] < 0x80 else { return nil }
            for i in contentEnd..<line.upperBound where u[i] == UInt8(ascii: "\r") { return nil }
        }
        return contentEnd
    }

    /// The words of a line's content, split at spaces and tabs; false for more than four.
    private static func plainWords(_ u: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, into words: inout [Range<Int>]) -> Bool {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        words.removeAll(keepingCapacity: true)
        var i = content.lowerBound
        while i < content.upperBound {
            while i < content.upperBound, u[i] == space || u[i] == tab { i += 1 }
            let w = i
            while i < content.upperBound, u[i] != space, u[i] != tab { i += 1 }
            if i > w {
                guard words.count < 4 else { return false }
                words.append(w..<i)
            }
        }
        return true
    }

    /// `year YYYY`: the year, when it is one of `CalendarYear.years`.
    private static func plainYear(_ u: UnsafeBufferPointer<UInt8>, _ words: [Range<Int>]) -> Int? {
        guard words.count == 2, words[1].count <= 4 else { return nil }
        var y = 0
        for b in UnsafeBufferPointer(rebasing: u[words[1]]) {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            y = y * 10 + Int(b - UInt8(ascii: "0"))
        }
        return CalendarYear.years.contains(y) ? y : nil
    }

    /// `DATE KIND [from DATE]`, where only a Saturday or Sunday is made a working day.
    private static func plainDay(_ u: UnsafeBufferPointer<UInt8>, _ words: [Range<Int>]) -> (CivilDate, CalendarDay)? {
        guard words.count == 2 || (words.count == 4 && isWord(u, words[2], "from")),
            let date = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: u[words[0]]))
        else { return nil }
        let kind: CalendarDayKind
        if isWord(u, words[1], "holiday") {
            kind = .holiday
        } else if isWord(u, words[1], "off") {
            kind = .off
        } else if isWord(u, words[1], "short") {
            kind = .short
        } else if isWord(u, words[1], "work") {
            kind = .work
        } else {
            return nil
        }
        var from: CivilDate?
        if words.count == 4 {
            guard let f = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: u[words[3]])), Limits.alarmDates.contains(f) else { return nil }
            from = f
        }
        guard kind != .work || date.weekday.rawValue >= 6 else { return nil }
        return (date, CalendarDay(kind, from: from))
    }

    private static func isWord(_ u: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ ascii: StaticString) -> Bool {
        guard r.count == ascii.utf8CodeUnitCount else { return false }
        for k in 0..<r.count where u[r.lowerBound + k] != ascii.utf8Start[k] { return false }
        return true
    }

    /// `DATE KIND [from DATE]`.
    private static func dayLine(_ words: [Substring], line: Int) throws(CalendarTextError) -> (CivilDate, CalendarDay) {
        let expected = Message("expected a date (YYYY-MM-DD), then holiday, off, short or work, and optionally \"from\" and a date")
        guard words.count == 2 || (words.count == 4 && words[2] == "from"),
            let date = CivilDate(iso: words[0]), let kind = CalendarDayKind(rawValue: String(words[1]))
        else {
            throw CalendarTextError(line: line, expected)
        }
        var from: CivilDate?
        if words.count == 4 {
            guard let f = CivilDate(iso: words[3]), Limits.alarmDates.contains(f) else { throw CalendarTextError(line: line, expected) }
            from = f
        }
        return (date, CalendarDay(kind, from: from))
    }

    /// The years in the same form, sorted, as `parse` reads them back.
    public static func format(_ years: [CalendarYear]) -> String {
        var out = ""
        for y in years.sorted(by: { $0.year < $1.year }) {
            out += "year \(y.year)" + (y.source.isEmpty ? "" : "  # \(y.source)") + "\n"
            for (date, day) in y.days.sorted(by: { $0.key < $1.key }) {
                out += "\(date) \(day.kind.rawValue)" + (day.from.map { " from \($0)" } ?? "") + "\n"
            }
        }
        return out
    }
}

/// A production calendar file that cannot be read: the line and why.
public struct CalendarTextError: Error, Equatable {
    public let line: Int
    public let reason: Message

    public init(line: Int, _ reason: Message) {
        self.line = line
        self.reason = reason
    }

    public var message: Message {
        line == 0 ? reason : Message("line {line}: {reason}", ["line": String(line)], parts: ["reason": reason])
    }
}
