// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What became of each calendar reminder rung here, per occurrence's VALARM (`CalendarRing.key`),
/// so that none rings twice, across restarts: rung up to which instant (a later repetition of the
/// VALARM still rings), dismissed (none of its rings again), or snoozed until when (it rings again
/// then, though the helper no longer names it). Kept in the agent's state directory as
/// `calendar-reminders.json`, apart from the alarms' state: a damaged ledger costs a repeated
/// reminder at worst, never an alarm. The agent writes it; `agent-cli next` reads it.
public struct CalendarReminderLedger: Sendable {
    public struct Entry: Equatable, Sendable {
        var through: Instant
        var dismissed = false
        var snoozedUntil: Instant?
        /// The ring as the helper named it, for a snooze.
        var item: JSONValue
    }

    public static let fileName = "calendar-reminders.json"
    /// An entry is kept while its reminder may still be named by the helper (its window is a week).
    static let keptSeconds: Int64 = 8 * 86_400

    private(set) var entries: [String: Entry] = [:]
    /// When the calendars were last read: what was due from then on and is not in `entries` was
    /// missed (the agent did not run, the machine slept), and is shown at the next start or resume.
    public var readAt: Instant?

    public init() {}

    /// Whether `ring` is still to ring.
    public func pending(_ ring: CalendarRing) -> Bool {
        guard let e = entries[ring.key] else { return true }
        return !e.dismissed && e.snoozedUntil == nil && ring.at > e.through
    }

    /// The snoozed reminders, each at its snooze's end.
    public var snoozed: [CalendarRing] {
        entries.values.compactMap { e in
            guard !e.dismissed, let until = e.snoozedUntil, let ring = CalendarRing(e.item) else { return nil }
            return CalendarRing(ring, at: until)
        }
    }

    public mutating func rung(_ ring: CalendarRing) {
        var e = entries[ring.key] ?? Entry(through: ring.at, item: ring.item)
        e.through = max(e.through, ring.at)
        e.snoozedUntil = nil
        entries[ring.key] = e
    }

    public mutating func dismiss(_ ring: CalendarRing) {
        rung(ring)
        entries[ring.key]?.dismissed = true
    }

    public mutating func snooze(_ ring: CalendarRing, until: Instant) {
        rung(ring)
        entries[ring.key]?.snoozedUntil = until
    }

    /// Written into its calendar file (`CalendarReminderWriteBack`): the file now says what the
    /// entry said (the alarm acknowledged with its repetitions, a snooze as a VALARM of its own),
    /// so the entry keeps only that it rang: a later VALARM at the same index (the next snooze
    /// alarm, after this one was taken away) still rings.
    public mutating func written(_ ring: CalendarRing) {
        rung(ring)
        entries[ring.key]?.dismissed = false
    }

    /// Forgets what the helper can no longer name (and no snooze holds).
    public mutating func prune(now: Instant) {
        entries = entries.filter { _, e in
            e.through + Self.keptSeconds > now || (e.snoozedUntil.map { $0 > now } ?? false)
        }
    }

    /// Those of `rings` (the helper's answer) still to ring and the snoozed, of the calendars
    /// `reminded` now: an answer read before a calendar was quieted, or a snooze of one, rings no
    /// more. One calendar reminded twice (vdirsyncer's folder and the CalDAV mirror of the same
    /// collection) rings each reminder once, from a folder written back where there is one.
    public func stillToRing(_ rings: [CalendarRing], reminded: [String]) -> [CalendarRing] {
        let reminded = Set(reminded)
        // A ring kept from before the helper named folders: reminded.
        let candidates = (rings.filter(pending) + snoozed).filter { $0.folder.map(reminded.contains) ?? true }
        var seen = Set<String>()
        return (candidates.filter(\.writeBack) + candidates.filter { !$0.writeBack }).filter {
            seen.insert("\($0.key)|\($0.at.secondsSinceEpoch)").inserted
        }
    }

    /// Absent: an empty ledger. Throws on a file that cannot be read or is not a ledger.
    public static func read(_ path: String) throws -> CalendarReminderLedger {
        var ledger = CalendarReminderLedger()
        guard let bytes = try UserFile.readIfPresent(path) else { return ledger }
        let v = try JSONParser.parse(bytes)
        guard let list = v["reminders"]?.arrayValue else { throw NotALedger() }
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

    public func write(_ path: String) throws {
        let list: [JSONValue] = entries.keys.sorted().map { key in
            let e = entries[key]!
            return .object([
                ("key", .string(key)), ("through", .string(ISO8601.utcString(e.through))), ("dismissed", .bool(e.dismissed)),
                ("snoozedUntil", .optional(e.snoozedUntil.map(ISO8601.utcString))), ("item", e.item),
            ])
        }
        let root = JSONValue.object([("reminders", .array(list)), ("readAt", .optional(readAt.map(ISO8601.utcString)))])
        try UserFile.writeAtomically(JSONWriter.pretty(root) + "\n", to: path)
    }
}

/// A JSON file without the ledger's `reminders`.
public struct NotALedger: Error, CustomStringConvertible {
    public var description: String { "no list of reminders" }  // not UI: logged
}
