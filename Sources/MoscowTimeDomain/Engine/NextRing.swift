// SPDX-License-Identifier: GPL-3.0-or-later
/// "When does this alarm ring next": one rule for every part that must agree — the engine (what
/// rings now, when to wake up), the wake planner, and what `next`, `list`, `show`, `status`, the
/// tray and D-Bus promise. Given the document, the agent's state and "now"; no I/O, no clock.
///
/// - An occurrence counts only once the alarm's current version is on this machine, by this
///   machine's own clock: from when the agent took it in (`AlarmTrack.seen`), or, for a version
///   not taken in yet, from the store's write that brought it (`StoreDocument.arrivals`; else the
///   file's last write, `StoreDocument.writtenAt`: an agent stopped meanwhile misses nothing), or
///   from the alarm's `modified` stamp when that is at most a minute before the write (the
///   command that made the edit stamped it, then wrote: `stampedBeforeWrite`). Never from a
///   stamp after the write or long before it, which another clock may have written (a calendar
///   program's LAST-MODIFIED, the sync server's time, this clock before NTP stepped it back).
///   A document not read from a file (tests, an in-memory edit) has only its stamps to go by. An
///   agent starting with no record of a version (its first start, a lost state file) cannot tell
///   when it arrived: the earlier of the file's write and the alarm's stamp, so that what came due
///   while no agent ran still rings late or is reported. Only the past depends on this: what comes
///   after now is the same either way.
/// - A "since" after now means the clock was stepped back since: it is not trusted, and only the
///   engine's late window bounds what may still ring (the latest occurrence rings or is reported).
/// - A changed zone is a new version: nothing that was due in the old zone rings in the new one.
/// - An occurrence already handled (rung, reported missed) never counts again.
/// - A pending snooze rings at its end, unless an occurrence comes first (which supersedes it).
/// - While paused nothing rings (it is reported): the next ring is the first at or after the end
///   of the pause; a snooze ending inside the pause is reported and gone.
/// - "Working days" follow the document's production calendar (`StoreDocument.workingCalendar`).
/// - A skipped day (`Alarm.skippedDays`) and the days before "off until" have no occurrence: the
///   series goes on after them, and a skipped occurrence is never due.
/// - An alarm kept in the zone it was made in (`Alarm.zone`) counts its days in that zone.
public struct NextRing: Sendable {
    public let zone: Zone
    public let now: Instant
    /// The store file's last write, by this machine's clock (`StoreDocument.writtenAt`).
    public let writtenAt: Instant?
    /// Per alarm, the write that brought its current version (`StoreDocument.arrivals`).
    public let arrivals: [String: Instant]
    /// The pause, while it lasts.
    public let pausedUntil: Instant?
    public let calculator: OccurrenceCalculator

    public init(
        writtenAt: Instant?, arrivals: [String: Instant] = [:], pausedUntil: Instant?, zone: Zone, calendar: WorkingCalendar,
        now: Instant
    ) {
        self.zone = zone
        self.now = now
        self.writtenAt = writtenAt
        self.arrivals = arrivals
        self.pausedUntil = pausedUntil.flatMap { $0 > now ? $0 : nil }
        calculator = OccurrenceCalculator(zone: zone, calendar: calendar)
    }

    public init(document: StoreDocument, state: AgentState, zone: Zone, now: Instant) {
        self.init(
            writtenAt: document.writtenAt, arrivals: document.arrivals, pausedUntil: state.pausedUntil, zone: zone,
            calendar: document.workingCalendar, now: now)
    }

    /// How long before the store's write an alarm's own stamp still counts as its arrival. A
    /// command stamps its edit and then reads, encodes and writes the store, which takes a moment
    /// (seconds on a loaded machine): a timer due in between must ring, not count as come and gone.
    /// An older stamp is another clock's, or a version that waited elsewhere, and is not trusted.
    public static let stampedBeforeWrite: Int64 = 60

    /// When the alarm's current version arrived on this machine (`atStart`: as an agent starting
    /// without a record of it sees it).
    public func since(_ alarm: Alarm, _ track: AlarmTrack, atStart: Bool = false) -> Instant {
        if let seen = track.seen {
            if seen.isVersion(of: alarm, in: zone, calendar: calculator.calendar) { return seen.since }
            // The same edit in another zone or production calendar: the version is the settings'
            // or the import's, written with the store, not as old as the alarm's own stamp.
            if seen.modified == alarm.modified { return min(writtenAt ?? now, now) }
        }
        // The write that brought this version, when the store recorded it (never after the file's).
        let file = writtenAt ?? alarm.modified
        let written = arrivals[alarm.id].map { min($0, file) } ?? file
        let stamped = alarm.modified <= written && written - alarm.modified <= Self.stampedBeforeWrite
        return min(atStart || stamped ? min(written, alarm.modified) : written, now)
    }

    /// Occurrences at or before this instant neither ring nor are reported missed; nil when
    /// nothing was handled and the version's arrival is not trusted (see above).
    public func baseline(_ alarm: Alarm, _ track: AlarmTrack) -> Instant? {
        let arrived = since(alarm, track)
        let trusted = arrived <= now ? arrived : nil
        guard let handled = track.handled else { return trusted }
        return max(handled, trusted ?? handled)
    }

    /// The calculator in the alarm's own zone (`Alarm.zone`), which its days and skips are in.
    public func calculator(of alarm: Alarm) -> OccurrenceCalculator {
        guard let id = alarm.zone, id != zone.identifier, let z = Zone.shared(id) else { return calculator }
        return OccurrenceCalculator(zone: z, calendar: calculator.calendar)
    }

    /// The alarm's first occurrence strictly after `t` that it rings: its schedule's, less the
    /// skipped days and the days before "off until".
    public func occurrence(after t: Instant, _ alarm: Alarm) -> Instant? {
        let calculator = calculator(of: alarm)
        let zone = calculator.zone
        var from = t
        if let off = alarm.offUntil { from = max(from, zone.instant(off, TimeOfDay(hour: 0, minute: 0)!) - 1) }
        // Each skipped day passes over one occurrence at most.
        for _ in 0...alarm.skippedDays.count {
            guard let x = calculator.next(alarm.schedule, after: from) else { return nil }
            if alarm.rings(on: zone.local(x).date) { return x }
            from = x
        }
        return nil
    }

    /// Whether the alarm, as it is now, still rings `occurrence`: not on a skipped day nor before
    /// its "off until" (a ringing or snoozed occurrence the user took back while it rang).
    public func stillRings(_ occurrence: Instant, _ alarm: Alarm) -> Bool {
        alarm.enabled && alarm.rings(on: calculator(of: alarm).zone.local(occurrence).date)
    }

    /// The latest occurrence at or before `t`, unless the alarm skips it (then none: a skipped
    /// occurrence stands for its turn, and nothing earlier is due in its place).
    public func latestOccurrence(atOrBefore t: Instant, _ alarm: Alarm) -> Instant? {
        let calculator = calculator(of: alarm)
        guard let x = calculator.latest(alarm.schedule, atOrBefore: t), alarm.rings(on: calculator.zone.local(x).date) else { return nil }
        return x
    }

    /// The alarm with its next `count` rings skipped (`agent-cli skip`, the tray, D-Bus): the days
    /// of the occurrences `next` would show, so that what is skipped is what was promised.
    /// A pending snooze that `next` shows first is the first of them: its occurrence's day is
    /// skipped, which withdraws the snooze (`AlarmEngine.replaceDocument`).
    public func skipping(_ count: Int, of alarm: Alarm, _ track: AlarmTrack) -> Alarm {
        var a = alarm
        var t = searchStart(alarm, track)
        var count = count
        if count > 0, let due = next(alarm, track)?.snoozedFrom {
            a.skippedDays.insert(calculator(of: alarm).zone.local(due).date)
            count -= 1
        }
        for _ in 0..<count {
            guard let x = occurrence(after: t, a).flatMap({ ring(from: $0, a) }) else { break }
            a.skippedDays.insert(calculator(of: alarm).zone.local(x).date)
            t = x
        }
        return a
    }

    /// A skip of the alarm's next `count` rings, as every skip makes it (`agent-cli skip`, the
    /// tray, D-Bus): the alarm with those days skipped and the skips that have passed dropped
    /// (`Alarm.withoutPastSkips`), and the days it adds, in order; none when no ring is left.
    public func skip(next count: Int, of alarm: Alarm, _ track: AlarmTrack) -> (alarm: Alarm, added: [CivilDate]) {
        let skipped = skipping(count, of: alarm.withoutPastSkips(today: zone.local(now).date), track)
        return (skipped, skipped.skippedDays.subtracting(alarm.skippedDays).sorted())
    }

    /// The occurrence due now and not handled yet (it rings, or is reported missed), if any.
    public func due(_ alarm: Alarm, _ track: AlarmTrack) -> Instant? {
        guard alarm.enabled, let latest = latestOccurrence(atOrBefore: now, alarm) else { return nil }
        if let b = baseline(alarm, track), latest <= b { return nil }
        return latest
    }

    /// The instant after which the alarm's coming occurrences are looked for: after `from` (now,
    /// or for the engine its last evaluation, see `AlarmEngine.nextWake`) and its baseline.
    public func searchStart(_ alarm: Alarm, _ track: AlarmTrack, from: Instant? = nil) -> Instant {
        let from = from ?? now
        return max(baseline(alarm, track) ?? from, from)
    }

    /// The alarm's next ring strictly after now: a pending snooze's end or an occurrence.
    public func next(_ alarm: Alarm, _ track: AlarmTrack) -> (at: Instant, snoozedFrom: Instant?)? {
        guard alarm.enabled else { return nil }
        let occurrence = self.occurrence(after: searchStart(alarm, track), alarm)
        var best = occurrence.flatMap { ring(from: $0, alarm) }.map { (at: $0, snoozedFrom: Instant?.none) }
        // An occurrence at or before the snooze's end supersedes it (the engine takes it then).
        // A snooze whose occurrence was taken back (its day skipped, off until after it) rings no more.
        if let s = track.snooze, s.until > now, !isPaused(at: s.until), occurrence.map({ $0 > s.until }) ?? true,
            stillRings(s.due, alarm)
        {
            best = (s.until, s.due)
        }
        return best
    }

    /// The alarm's next occurrence after `t` that rings (not inside the pause).
    public func ring(after t: Instant, _ alarm: Alarm) -> Instant? {
        occurrence(after: t, alarm).flatMap { ring(from: $0, alarm) }
    }

    /// `occurrence` if it rings, else the first after the pause (one at its very end rings).
    private func ring(from occurrence: Instant, _ alarm: Alarm) -> Instant? {
        guard let p = pausedUntil, occurrence < p else { return occurrence }
        return self.occurrence(after: p - 1, alarm)
    }

    private func isPaused(at t: Instant) -> Bool { pausedUntil.map { t < $0 } ?? false }
}
