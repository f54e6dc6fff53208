// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// What became of each calendar reminder rung here, per occurrence's VALARM (`CalendarRing.key`),
/// so that none rings twice, across restarts: rung up to which instant (a later repetition of the
/// VALARM still rings), dismissed (none of its rings again), or snoozed until when (it rings again
/// then, though the helper no longer names it). Kept in the agent's state directory as
/// `calendar-reminders.json`, apart from the alarms' state: a damaged ledger costs a repeated
/// reminder at worst, never an alarm.
struct CalendarReminderLedger {
    struct Entry: Equatable {
        var through: Instant
        var dismissed = false
        var snoozedUntil: Instant?
        /// The ring as the helper named it, for a snooze.
        var item: JSONValue
    }

    static let fileName = "calendar-reminders.json"
    /// An entry is kept while its reminder may still be named by the helper (its window is a week).
    static let keptSeconds: Int64 = 8 * 86_400

    private(set) var entries: [String: Entry] = [:]
    /// When the calendars were last read: what was due from then on and is not in `entries` was
    /// missed (the agent did not run, the machine slept), and is shown at the next start or resume.
    var readAt: Instant?

    /// Whether `ring` is still to ring.
    func pending(_ ring: CalendarRing) -> Bool {
        guard let e = entries[ring.key] else { return true }
        return !e.dismissed && e.snoozedUntil == nil && ring.at > e.through
    }

    /// The snoozed reminders, each at its snooze's end.
    var snoozed: [CalendarRing] {
        entries.values.compactMap { e in
            guard !e.dismissed, let until = e.snoozedUntil, let ring = CalendarRing(e.item) else { return nil }
            return CalendarRing(ring, at: until)
        }
    }

    mutating func rung(_ ring: CalendarRing) {
        var e = entries[ring.key] ?? Entry(through: ring.at, item: ring.item)
        e.through = max(e.through, ring.at)
        e.snoozedUntil = nil
        entries[ring.key] = e
    }

    mutating func dismiss(_ ring: CalendarRing) {
        rung(ring)
        entries[ring.key]?.dismissed = true
    }

    mutating func snooze(_ ring: CalendarRing, until: Instant) {
        rung(ring)
        entries[ring.key]?.snoozedUntil = until
    }

    /// Written into its calendar file (`CalendarReminderWriteBack`): the file now says what the
    /// entry said (the alarm acknowledged with its repetitions, a snooze as a VALARM of its own),
    /// so the entry keeps only that it rang: a later VALARM at the same index (the next snooze
    /// alarm, after this one was taken away) still rings.
    mutating func written(_ ring: CalendarRing) {
        rung(ring)
        entries[ring.key]?.dismissed = false
    }

    /// Forgets what the helper can no longer name (and no snooze holds).
    mutating func prune(now: Instant) {
        entries = entries.filter { _, e in
            e.through + Self.keptSeconds > now || (e.snoozedUntil.map { $0 > now } ?? false)
        }
    }

    /// An unreadable file is an empty ledger (logged): at worst a reminder rings again.
    static func load(_ path: String) -> CalendarReminderLedger {
        var ledger = CalendarReminderLedger()
        guard let bytes = try? UserFile.readIfPresent(path) else { return ledger }
        guard let v = try? JSONParser.parse(bytes), let list = v["reminders"]?.arrayValue else {
            Log.warning("\(path) cannot be read; calendar reminders already rung may ring again")
            return ledger
        }
        ledger.readAt = v["readAt"]?.stringValue.flatMap(ISO8601.parse)
        for e in list {
            guard let key = e["key"]?.stringValue, let through = e["through"]?.stringValue.flatMap(ISO8601.parse),
                let item = e["item"]
            else { continue }
            ledger.entries[key] = Entry(
                through: through, dismissed: e["dismissed"]?.boolValue ?? false,
                snoozedUntil: e["snoozedUntil"]?.stringValue.flatMap(ISO8601.parse), item: item)
        }
        return ledger
    }

    func save(_ path: String) {
        let list: [JSONValue] = entries.keys.sorted().map { key in
            let e = entries[key]!
            return .object([
                ("key", .string(key)), ("through", .string(ISO8601.utcString(e.through))), ("dismissed", .bool(e.dismissed)),
                ("snoozedUntil", .optional(e.snoozedUntil.map(ISO8601.utcString))), ("item", e.item),
            ])
        }
        do {
            let root = JSONValue.object([("reminders", .array(list)), ("readAt", .optional(readAt.map(ISO8601.utcString)))])
            try UserFile.writeAtomically(JSONWriter.pretty(root) + "\n", to: path)
        } catch {
            Log.warning("cannot save \(path): \(error)")
        }
    }
}
