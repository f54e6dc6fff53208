// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport

@testable import MoscowTimeCalendar

/// The calendars and changes of the differential test, and the full reading it compares with.
extension CachedFolderReaderTests {
    /// What `calendar-next` read before the cache: every file, over the window.
    static func fullRead(_ files: [String], window: Range<Instant>) -> FolderReading {
        var out = FolderReading()
        for file in files {
            guard let bytes = try? UserFile.read(file, limit: CalendarLimits.maximumFileBytes),
                let r = try? ReminderReader.read(bytes, zone: moscow, floating: nil, window: window)
            else {
                out.unreadable.append(file)
                continue
            }
            out.otherActions += r.otherActions
            out.reminders += r.reminders.map { FolderReminder($0, file: file) }
        }
        return out
    }

    static func canonical(_ reminders: [FolderReminder]) -> [String] { reminders.map { "\($0.file) \($0.reminder)" }.sorted() }

    /// One random change: a file rewritten, added, removed, renamed, touched or made garbage; and
    /// sometimes the clock moving on by up to three days. The names of the files it changed.
    @discardableResult
    static func change(_ folder: TemporaryFolder, _ rng: inout SplitMix, now: inout Instant, mtime: inout Int64) throws -> Set<String> {
        let names = TemporaryFolder.entries(folder.path).filter { $0.hasSuffix(".ics") }.sorted()
        let pick = names.isEmpty ? "new.ics" : names[Int(rng.next() % UInt64(names.count))]
        var changed: Set<String> = [pick]
        switch rng.next() % 8 {
        case 0, 1: try folder.write(pick, calendar(&rng, now: now), mtime: &mtime)
        case 2:
            changed = ["n\(rng.next() % 100_000).ics"]
            try folder.write(changed.first!, calendar(&rng, now: now), mtime: &mtime)
        case 3: unlink(folder.path + "/" + pick)
        case 4:
            let to = "r\(rng.next() % 100_000).ics"
            rename(folder.path + "/" + pick, folder.path + "/" + to)
            changed.insert(to)
        case 5:
            var t = timespec(tv_sec: time_t(mtime), tv_nsec: 0)
            mtime += 1
            _ = withUnsafePointer(to: &t) { p in utimensat(AT_FDCWD, folder.path + "/" + pick, [p.pointee, p.pointee], 0) }
        case 6: try folder.write(pick, "BEGIN:VCALENDAR\r\nBEGIN:VALARM\r\ngarbage", mtime: &mtime)
        default: changed = []
        }
        if rng.next() % 3 == 0 { now = now + Int64(rng.next() % (3 * 86_400)) }
        return changed
    }

    /// What a watcher might name besides the files that changed: one that did not, one that is
    /// gone, a hidden one, one that is not an item, and a path.
    static func extraNames(_ folder: TemporaryFolder, _ rng: inout SplitMix) -> Set<String> {
        let names = TemporaryFolder.entries(folder.path).sorted()
        let all =
            (names.isEmpty ? [] : [names[Int(rng.next() % UInt64(names.count))]]) + [
                "gone\(rng.next() % 10).ics", ".hidden.ics", "notes.txt", "../f1.ics", "",
            ]
        return Set(all.filter { _ in rng.next() % 2 == 0 })
    }

    /// A calendar of one item, of a random shape: single or repeating (RRULE with or without COUNT,
    /// a folded one, RDATE), past or coming, with or without alarms of several kinds, event or to-do.
    static func calendar(_ rng: inout SplitMix, now: Instant) -> String {
        let uid = "u\(rng.next() % 1_000_000)"
        let offset = Int64(rng.next() % (40 * 86_400)) - 20 * 86_400
        let at = stamp(now + offset - offset % 60)
        let summaries = ["Dentist", "Stand-up", "Встреча", "Tab\\there"]
        let summary = summaries[Int(rng.next() % UInt64(summaries.count))]
        switch rng.next() % 9 {
        case 0: return event(uid: uid, summary: summary, at: at)
        case 1: return event(uid: uid, summary: summary, at: "20160104T090000Z", rule: "FREQ=WEEKLY;BYDAY=MO,TH")
        case 2: return event(uid: uid, summary: summary, at: at, rule: "FREQ=DAILY;COUNT=\(1 + rng.next() % 20)")
        case 3: return event(uid: uid, summary: summary, at: at, alarm: false)
        case 4: return event(uid: uid, summary: summary, at: at, extra: "RDATE:\(stamp(now + Int64(rng.next() % (20 * 86_400))))\r\n")
        case 5: return event(uid: uid, summary: summary, at: "20200101T120000Z", extra: "RRU\r\n LE:FREQ=DAILY\r\n")
        case 6:
            return event(
                uid: uid, summary: summary, at: at,
                alarms: "BEGIN:VALARM\r\nACTION:EMAIL\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n"
                    + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:PT5M\r\nDURATION:PT10M\r\nREPEAT:2\r\nEND:VALARM\r\n")
        case 7:
            return event(
                uid: uid, summary: summary, at: at,
                alarms: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:\(at)\r\nEND:VALARM\r\n")
        default:
            return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(summary)\r\nDUE:\(at)\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        }
    }

    static func event(
        uid: String, summary: String, at: String, rule: String? = nil, alarm: Bool = true, extra: String = "", alarms: String? = nil
    ) -> String {
        let valarm = alarms ?? (alarm ? "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n" : "")
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:\(at)\r\nDURATION:PT30M\r\nSUMMARY:\(summary)\r\n" + (rule.map { "RRULE:\($0)\r\n" } ?? "") + extra + valarm
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static func reminder(summary: String) -> CalendarReminder {
        CalendarReminder(
            uid: "u\t1", recurrenceID: "20261201T080000Z", alarm: 1, alarmUID: nil, repetition: 2, at: start + 5, kind: .todo,
            start: .date(CivilDate(year: 2026, month: 12, day: 1)!), end: .instant(start + 60), zone: "Europe/Berlin", summary: summary,
            location: "", acknowledged: true, snoozedUntil: start + 90)
    }

    static func stamp(_ t: Instant) -> String {
        String(ISO8601.utcString(t).filter { $0 != "-" && $0 != ":" })
    }
}
