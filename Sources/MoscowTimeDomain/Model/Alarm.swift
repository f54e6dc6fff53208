// SPDX-License-Identifier: GPL-3.0-or-later
/// A user's alarm as stored. Defaults that live in `Settings` (snooze minutes, sound) are nil here
/// until the user overrides them for this alarm.
public struct Alarm: Hashable, Sendable {
    public var id: String
    public var label: String
    public var schedule: Schedule
    public var enabled: Bool
    public var snoozeMinutes: Int?
    /// A sound theme id (`alarm-clock-elapsed`) or an absolute file path.
    public var sound: String?
    /// Wake the machine from suspend for this alarm; nil follows the default (`Settings.wakeAlarms`
    /// for alarms, off for timers).
    public var wake: Bool?
    /// Days whose occurrence does not ring (`agent-cli skip`, a calendar program's "delete this
    /// occurrence", EXDATE), local dates in the zone. The rest of the series is unchanged.
    public var skippedDays: Set<CivilDate> = []
    /// Silent before this day and ringing again from it on by itself (`disable --until`): the
    /// alarm stays enabled, nothing needs to switch it back on.
    public var offUntil: CivilDate?
    /// Seconds over which the ring rises from quiet to full volume (0: full at once); nil follows
    /// `Settings.rampSeconds`.
    public var rampSeconds: Int?
    /// The tz database zone its times are in when that is not the configured one (`Settings.zone`):
    /// an alarm made on a machine in another zone whose rings cannot be converted exactly into this
    /// machine's (07:30 every Monday in Moscow is 05:30 or 06:30 in Berlin, by the season) keeps the
    /// zone it was made in, on every machine. Nil: the configured zone.
    public var zone: String?
    public var created: Instant
    /// Changed on every edit, enable or disable, by whichever clock made the edit (here, a phone,
    /// the sync server): it orders edits for sync, and marks a new version for `NextRing`, which
    /// counts occurrences from when that version arrived on this machine, not from this stamp.
    public var modified: Instant

    /// Inlinable: the store's decoding makes every alarm through it.
    @inlinable public init(
        id: String, label: String, schedule: Schedule, enabled: Bool = true,
        snoozeMinutes: Int? = nil, sound: String? = nil, wake: Bool? = nil, rampSeconds: Int? = nil, created: Instant,
        modified: Instant? = nil
    ) {
        self.id = id
        self.label = label
        self.schedule = schedule
        self.enabled = enabled
        self.snoozeMinutes = snoozeMinutes
        self.sound = sound
        self.wake = wake
        self.rampSeconds = rampSeconds
        self.created = created
        self.modified = modified ?? created
    }

    /// Whether an occurrence on `day` rings, as far as the alarm's own skips say.
    public func rings(on day: CivilDate) -> Bool {
        !skippedDays.contains(day) && offUntil.map { day >= $0 } ?? true
    }

    /// The same alarm without the skips and the "off until" that lie before `today` (they have
    /// passed and change nothing; a store does not keep them for ever).
    public func withoutPastSkips(today: CivilDate) -> Alarm {
        var a = self
        a.skippedDays = skippedDays.filter { $0 >= today }
        if let o = offUntil, o <= today { a.offUntil = nil }
        return a
    }

    public func effectiveSnoozeMinutes(_ settings: Settings) -> Int { snoozeMinutes ?? settings.snoozeMinutes }
    public func effectiveSound(_ settings: Settings) -> String { sound ?? settings.sound }
    public func effectiveRampSeconds(_ settings: Settings) -> Int { rampSeconds ?? settings.rampSeconds }
    public func effectiveWake(_ settings: Settings) -> Bool {
        if let wake { return wake }
        if case .timer = schedule { return false }
        return settings.wakeAlarms
    }
}
