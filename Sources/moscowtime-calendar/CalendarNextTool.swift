// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `moscowtime-calendar calendar-next COUNT [--since INSTANT] [--read-only | --watched [--changed FOLDER]... [--changed-file PATH]...]` (run by `agent-cli next`,
/// `calendars` and the agent): the soonest COUNT reminders of the calendars whose reminders ring
/// (`calendars remind`) over the next week, as JSON — from SINCE rather than now when given, those
/// already past included. One acknowledged elsewhere is left out; one snoozed elsewhere counts at
/// its snooze. The list never ends inside an instant: every reminder at the last one listed is
/// listed, and `through` says up to when the list holds every reminder (a caller that rang them
/// all asks again from the next second). Per calendar, what is not rung: the VALARMs that send
/// e-mail or run a program (`otherActions`), the files that cannot be read (`unreadable`, the
/// first named), how many files were read rather than taken from the cache (`read`) and how many
/// were looked at (`looked`).
///
/// Each folder is read through its `ReminderCache` in `$XDG_CACHE_HOME/moscowtime/calendars`:
/// a file that did not change is not read again (docs/REMINDERS.md, "Cost").
enum CalendarNextTool {
    static let horizon: Int64 = 7 * 86_400
    /// How long after its own instant a snooze made elsewhere is still rung here.
    static let snoozeReach: Int64 = 86_400

    struct Found {
        let at: Instant
        let calendar: LocalCalendar
        let reminder: CalendarReminder
        let file: String
    }

    static func run(_ options: CalendarNextOptions) throws {
        let ctx = try ToolContext()
        let settings = try ctx.store.load().settings
        let zone = try ctx.zone(settings)
        // The agent asks from just after the instant it rang, which may be this very second.
        let from = min(options.since ?? ctx.now, ctx.now + 1)
        // Read from a day earlier: a reminder snoozed elsewhere (Thunderbird's X-MOZ-SNOOZE-TIME)
        // is due at its snooze, after its own instant, which may lie before `from` (`due`).
        let window = (from - snoozeReach)..<(ctx.now + horizon)
        let cacheDirectory = ReminderCache.directory(environment: ctx.environment)
        let saves = !options.readOnly
        let writtenBack = Set(settings.writeBackCalendars)
        var found: [Found] = []
        var stats: [JSONValue] = []
        let calendars = remindedCalendars(ctx, settings)
        let zoneData = ReminderCache.zoneDataStamp([zone.identifier])
        for calendar in calendars {
            // nil: every file looked at; else the files the agent's watcher saw change (none: nothing changed).
            let named = options.watched && !options.changed.contains(calendar.folder) ? options.changedFiles[calendar.folder] ?? [] : nil
            let reading = read(
                calendar, zone: zone, window: window, cacheDirectory: cacheDirectory, named: named, zoneData: zoneData, saves: saves)
            found += due(reading, calendar, from: from)
            stats.append(json(calendar, reading))
        }
        if let cacheDirectory, saves {
            ReminderCache.clean(cacheDirectory, keeping: Set(calendars.map { ReminderCache.path(of: $0.folder, in: cacheDirectory) }))
        }
        let (listed, through) = soonest(found, count: options.count, end: window.upperBound)
        let answer = JSONValue.object([
            ("reminders", .array(listed.map { json($0, zone: zone, writtenBack: writtenBack) })),
            ("through", .string(ISO8601.utcString(through))), ("calendars", .array(stats)),
        ])
        ToolOutput.write(JSONWriter.compact(answer) + "\n")
    }

    static func remindedCalendars(_ ctx: ToolContext, _ settings: Settings) -> [LocalCalendar] {
        let reminded = Set(settings.remindedCalendars)
        return LocalCalendars.all(settings, environment: ctx.environment, paths: ctx.store.paths, counting: false).filter {
            reminded.contains($0.folder)
        }
    }

    /// The folder's reminders over `window`, through its cache when there is a cache folder;
    /// `named`: the files its watcher saw change since the cache was written (`--watched`), nil
    /// when not watched or when it cannot tell which (every file is then looked at); `saves`: the
    /// cache is written when the reading changed it (not for `--read-only`).
    static func read(
        _ calendar: LocalCalendar, zone: Zone, window: Range<Instant>, cacheDirectory: String?, named: Set<String>?, zoneData: String,
        saves: Bool = true
    ) -> FolderReading {
        let reader = CachedFolderReader(zone: zone, floating: nil)
        guard let cacheDirectory else {
            var none = ReminderCache(context: "")
            return reader.read(LocalCalendars.itemFiles(calendar.folder), window: window, cache: &none)
        }
        let path = ReminderCache.path(of: calendar.folder, in: cacheDirectory)
        let context = [calendar.folder, zone.identifier, "-", programStamp, zoneData].joined(separator: "\t")
        let found = CalendarFileStamp(path: path)
        // Not over a cache another reading wrote meanwhile: it may have seen a later change.
        if let named, let bytes = ReminderCache.bytes(path),
            let (reading, text) = reader.readNamed(calendar.folder, changed: named, window: window, cache: bytes, context: context)
        {
            if let text, saves, CalendarFileStamp(path: path) == found { ReminderCache.write(text, to: path) }
            return reading
        }
        var cache = ReminderCache.load(path, context: context)
        let held = cache.entries.count
        let reading = reader.read(LocalCalendars.itemFiles(calendar.folder), window: window, cache: &cache)
        if saves, reading.filesRead > 0 || cache.entries.count != held, CalendarFileStamp(path: path) == found { cache.save(path) }
        return reading
    }

    /// This program's file as it is now: readings a newer reader might read otherwise are not taken.
    static let programStamp: String = {
        guard let s = CalendarFileStamp(path: "/proc/self/exe") else { return "?" }
        return "\(s.device):\(s.inode):\(s.size):\(s.modified)"
    }()

    /// The reminders still to ring from `from`: not acknowledged elsewhere, at their snooze when snoozed elsewhere.
    static func due(_ reading: FolderReading, _ calendar: LocalCalendar, from: Instant) -> [Found] {
        reading.reminders.compactMap { f in
            let r = f.reminder
            guard !r.acknowledged else { return nil }
            let at = r.snoozedUntil.map { max($0, r.at) } ?? r.at
            return at >= from ? Found(at: at, calendar: calendar, reminder: r, file: f.file) : nil
        }
    }

    /// The soonest `count`, and every other at the last one's instant; and the instant up to which
    /// that list is whole (`end` less a second when nothing was left out).
    static func soonest(_ found: [Found], count: Int, end: Instant) -> ([Found], through: Instant) {
        let sorted = found.sorted(by: precedes)
        guard sorted.count > count else { return (sorted, end - 1) }
        let last = sorted[count - 1].at
        let listed = sorted.prefix { $0.at <= last }
        return (Array(listed), last)
    }

    /// A total order, so the list is the same however the files were read.
    static func precedes(_ a: Found, _ b: Found) -> Bool {
        let (x, y) = (a.reminder, b.reminder)
        if (a.at, x.summary, x.uid) != (b.at, y.summary, y.uid) { return (a.at, x.summary, x.uid) < (b.at, y.summary, y.uid) }
        return (x.recurrenceID ?? "", x.alarm, x.repetition, a.calendar.folder) < (
            y.recurrenceID ?? "", y.alarm, y.repetition, b.calendar.folder
        )
    }

    static func json(_ calendar: LocalCalendar, _ reading: FolderReading) -> JSONValue {
        .object([
            ("name", .string(calendar.name)), ("folder", .string(calendar.folder)), ("otherActions", .int(reading.otherActions)),
            ("unreadable", .int(reading.unreadable.count)), ("firstUnreadable", .optional(reading.unreadable.first)),
            ("read", .int(reading.filesRead)), ("looked", .int(reading.filesLooked)),
        ])
    }

    static func json(_ f: Found, zone: Zone, writtenBack: Set<String>) -> JSONValue {
        .object([
            ("at", .string(ISO8601.string(f.at, in: zone))), ("calendar", .string(f.calendar.name)),
            ("folder", .string(f.calendar.folder)), ("summary", .string(f.reminder.summary)),
            ("location", .string(f.reminder.location)), ("kind", .string(f.reminder.kind.rawValue)),
            ("start", RemindersTool.json(f.reminder.start)), ("uid", .string(f.reminder.uid)),
            ("recurrenceID", .optional(f.reminder.recurrenceID)), ("alarm", .int(f.reminder.alarm)),
            ("repetition", .int(f.reminder.repetition)), ("end", RemindersTool.json(f.reminder.end)),
            ("zone", .optional(f.reminder.zone)), ("file", .string(f.file)),
            ("writeBack", .bool(writtenBack.contains(f.calendar.folder))),
        ])
    }
}
