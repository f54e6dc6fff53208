// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// The cache's text: a header line naming what the readings were read for, then one line per
/// file (`F`, its name, stamp, window, flags, other actions, reminder count) followed by one line
/// per reminder (`R`). Fields are tab-separated with `\`, tab and line breaks escaped. Lines, not
/// JSON: the agent waits for this on every change, and 25 000 lines split faster than a tree is
/// built. Anything unexpected makes `decode` answer nil, and the folder is read again.
enum ReminderCacheCoding {
    static let magic = "moscowtime reminder cache 2"  // not UI: the file's first line

    static func encode(_ cache: ReminderCache) -> [UInt8] {
        var out = header(cache.context) + (FolderSummary(cache.entries).map(encode) ?? "")
        for (name, r) in cache.entries.sorted(by: { $0.key < $1.key }) { out += encode(name, r) }
        return Array(out.utf8)
    }

    static func header(_ context: String) -> String { magic + "\t" + escape(context) + "\n" }

    /// The first block: `S`, then the unreadable (`U`) and volatile (`V`) files' names and the merged reminders.
    static func encode(_ summary: FolderSummary) -> String {
        var out = fields([
            "S", String(summary.window.lowerBound.secondsSinceEpoch), String(summary.window.upperBound.secondsSinceEpoch),
            String(summary.otherActions), String(summary.unreadable.count), String(summary.reminders.count),
            String(summary.volatile.count),
        ])
        for name in summary.unreadable { out += fields(["U", escape(name)]) }
        for name in summary.volatile { out += fields(["V", escape(name)]) }
        for m in summary.reminders { out += fields(["R"] + reminderFields(m.reminder) + [escape(m.file)]) }
        return out
    }

    /// One file's block: `F` and its reminders.
    static func encode(_ name: String, _ r: CachedReading) -> String {
        let s = r.stamp
        let flags = (r.unreadable ? "u" : "") + (r.volatile ? "v" : "") + "-"
        var out = fields([
            "F", escape(name), String(s.device), String(s.inode), String(s.size), String(s.modified), String(s.statusChanged),
            String(r.window.lowerBound.secondsSinceEpoch), String(r.window.upperBound.secondsSinceEpoch), flags,
            String(r.otherActions), String(r.reminders.count),
        ])
        for m in r.reminders { out += fields(["R"] + reminderFields(m)) }
        return out
    }

    static func decode(_ bytes: [UInt8], context: String) -> ReminderCache? {
        var lines = Lines(bytes)
        guard bytes.last == UInt8(ascii: "\n"), let head = lines.next(), head.elementsEqual(header(context).utf8.dropLast()) else {
            return nil
        }
        var cache = ReminderCache(context: context)
        cache.entries.reserveCapacity(bytes.count / 128)
        while let line = lines.next() {
            var f = fields(line)
            if f.first?.elementsEqual("S".utf8) == true {
                guard summary(f, &lines) != nil, let next = lines.next() else { return cache.entries.isEmpty ? cache : nil }
                f = fields(next)
            }
            guard let (name, entry) = block(f, &lines) else { return nil }
            cache.entries[name] = entry
        }
        return cache
    }

    /// A file's block from its `F` line's fields on, its reminders' lines taken from `lines`.
    static func block(_ f: [ArraySlice<UInt8>], _ lines: inout Lines) -> (String, CachedReading)? {
        guard f.count == 12, f[0].elementsEqual("F".utf8), var entry = entry(f), let n = Int(text(f[11])), n >= 0 else { return nil }
        for _ in 0..<n {
            guard let line = lines.next(), case let r = fields(line), r.count == 15, r[0].elementsEqual("R".utf8), let m = reminder(r)
            else { return nil }
            entry.reminders.append(m)
        }
        return (unescape(text(f[1])), entry)
    }

    static func summary(_ f: [ArraySlice<UInt8>], _ lines: inout Lines) -> FolderSummary? {
        let t = f.map(text)
        guard t.count == 7, t[0] == "S", let from = Int64(t[1]), let to = Int64(t[2]), from < to, let other = Int(t[3]),
            let u = Int(t[4]), let n = Int(t[5]), let v = Int(t[6]), other >= 0, u >= 0, n >= 0, v >= 0
        else { return nil }
        var s = FolderSummary(window: Instant(secondsSinceEpoch: from)..<Instant(secondsSinceEpoch: to))
        s.otherActions = other
        for _ in 0..<u {
            guard let line = lines.next(), case let r = fields(line), r.count == 2, r[0].elementsEqual("U".utf8) else { return nil }
            s.unreadable.append(unescape(text(r[1])))
        }
        for _ in 0..<v {
            guard let line = lines.next(), case let r = fields(line), r.count == 2, r[0].elementsEqual("V".utf8) else { return nil }
            s.volatile.append(unescape(text(r[1])))
        }
        for _ in 0..<n {
            guard let line = lines.next(), case let r = fields(line), r.count == 16, r[0].elementsEqual("R".utf8),
                let m = reminder(Array(r.prefix(15)))
            else { return nil }
            s.reminders.append(FolderReminder(m, file: unescape(text(r[15]))))
        }
        return s
    }

    /// The lines of a text, without their line feeds; the last (empty after the final one) not given.
    struct Lines: IteratorProtocol {
        let bytes: [UInt8]
        var start = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> ArraySlice<UInt8>? {
            guard start < bytes.count else { return nil }
            let from = start
            let found = bytes.withUnsafeBufferPointer { b -> Int? in
                guard let base = b.baseAddress, let p = memchr(base + from, 10, b.count - from) else { return nil }
                return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(p))
            }
            guard let end = found else { return nil }
            start = end + 1
            return bytes[from..<end]
        }
    }

    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    }

    static func text(_ field: ArraySlice<UInt8>) -> Substring { Substring(decoding: field, as: UTF8.self) }

    static func entry(_ b: [ArraySlice<UInt8>]) -> CachedReading? {
        let f = b.map(text)
        guard let dev = UInt64(f[2]), let ino = UInt64(f[3]), let size = Int64(f[4]), let mod = Int64(f[5]), let ch = Int64(f[6]),
            let from = Int64(f[7]), let to = Int64(f[8]), from < to, let other = Int(f[10]), other >= 0
        else { return nil }
        return CachedReading(
            stamp: CalendarFileStamp(device: dev, inode: ino, size: size, modified: mod, statusChanged: ch),
            window: Instant(secondsSinceEpoch: from)..<Instant(secondsSinceEpoch: to), unreadable: f[9].contains("u"),
            volatile: f[9].contains("v"), otherActions: other, reminders: [])
    }

    static func reminderFields(_ m: CalendarReminder) -> [String] {
        [
            escape(m.uid), optional(m.recurrenceID), String(m.alarm), optional(m.alarmUID), String(m.repetition),
            String(m.at.secondsSinceEpoch), m.kind.rawValue, time(m.start), time(m.end), optional(m.zone), escape(m.summary),
            escape(m.location), m.acknowledged ? "1" : "0", m.snoozedUntil.map { String($0.secondsSinceEpoch) } ?? "",
        ]
    }

    static func reminder(_ b: [ArraySlice<UInt8>]) -> CalendarReminder? {
        let r = b.map(text)
        guard let alarm = Int(r[3]), let repetition = Int(r[5]), let at = Int64(r[6]),
            let kind = CalendarReminder.Kind(rawValue: String(r[7])),
            let start = time(r[8]), let end = time(r[9]), r[13] == "0" || r[13] == "1"
        else { return nil }
        let snoozed: Instant?? = r[14].isEmpty ? .some(nil) : Int64(r[14]).map { Instant(secondsSinceEpoch: $0) }
        guard let snoozedUntil = snoozed else { return nil }
        return CalendarReminder(
            uid: unescape(r[1]), recurrenceID: optional(r[2]), alarm: alarm, alarmUID: optional(r[4]), repetition: repetition,
            at: Instant(secondsSinceEpoch: at), kind: kind, start: start, end: end, zone: optional(r[10]), summary: unescape(r[11]),
            location: unescape(r[12]), acknowledged: r[13] == "1", snoozedUntil: snoozedUntil)
    }

    static func fields(_ f: [String]) -> String { f.joined(separator: "\t") + "\n" }

    /// nil as an empty field, a value behind `=`.
    static func optional(_ s: String?) -> String { s.map { "=" + escape($0) } ?? "" }
    static func optional(_ s: Substring) -> String? { s.isEmpty ? nil : unescape(s.dropFirst()) }

    /// Empty for none, `i` and seconds for an instant, `d` and days since 1970 for a day.
    static func time(_ t: CalendarReminder.Time?) -> String {
        switch t {
        case nil: ""
        case .instant(let at)?: "i" + String(at.secondsSinceEpoch)
        case .date(let d)?: "d" + String(d.daysSinceEpoch)
        }
    }

    /// nil: not a time; `.some(nil)`: none.
    static func time(_ s: Substring) -> CalendarReminder.Time?? {
        if s.isEmpty { return .some(nil) }
        guard let n = Int64(s.dropFirst()) else { return nil }
        switch s.first {
        case "i": return .some(.instant(Instant(secondsSinceEpoch: n)))
        case "d": return .some(.date(CivilDate(daysSinceEpoch: n)))
        default: return nil
        }
    }

    static func escape(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescape(_ s: Substring) -> String {
        guard s.unicodeScalars.contains("\\") else { return String(s) }
        var out = ""
        var escaped = false
        for c in s.unicodeScalars {
            if escaped {
                out += c == "t" ? "\t" : c == "n" ? "\n" : c == "r" ? "\r" : String(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
