// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// One alarm as one side of a sync has it: present, or deleted at a time (a tombstone).
public enum AlarmVersion: Hashable, Sendable {
    case present(Alarm)
    case deleted(id: String, at: Instant)

    public var id: String {
        switch self {
        case .present(let a): return a.id
        case .deleted(let id, _): return id
        }
    }
    /// When this version was made: the alarm's last edit or its deletion.
    public var time: Instant {
        switch self {
        case .present(let a): return a.modified
        case .deleted(_, let t): return t
        }
    }
}

/// One habit as one side has it: its definition and entries with the time each day was logged or
/// removed, or deleted at a time.
public enum HabitVersion: Hashable, Sendable {
    case present(Habit, logged: [CivilDate: Instant], removed: [CivilDate: Instant])
    case deleted(id: String, at: Instant)

    public var id: String {
        switch self {
        case .present(let h, _, _): return h.id
        case .deleted(let id, _): return id
        }
    }
    /// The last edit of any kind: definition, a logged day or a removed day.
    public var time: Instant {
        switch self {
        case .present(let h, let logged, let removed):
            return max(h.modified, logged.values.max() ?? h.modified, removed.values.max() ?? h.modified)
        case .deleted(_, let t): return t
        }
    }
}

/// What sync needs to know of any item's version beyond the merge itself.
public protocol SyncItemVersion: Hashable, Sendable {
    /// The item deleted at a time (a tombstone): the enums' own case.
    static func deleted(id: String, at: Instant) -> Self
    /// When it was deleted; nil while the item exists.
    var deletedAt: Instant? { get }
    /// Stamps later than `limit` set to `now` (`FutureStamps`).
    func clamped(notAfter limit: Instant, to now: Instant) -> Self
    /// Without the records inside it that have expired at `now` (`TombstonePolicy`).
    func pruned(now: Instant) -> Self
    /// Parts `local` had at the last sync that `remote` lost without a record since, as
    /// removals at their presumed time (`TombstonePolicy.goneDays`).
    static func goneParts(local: Self, remote: Self, lastSync: Instant, now: Instant) -> [CivilDate: Instant]
    /// With these parts removed at these times (`true`), or their removal records dropped (`false`).
    func marking(_ parts: [CivilDate: Instant], removed: Bool) -> Self
    /// Both sides with each value of ours that one only cut put back whole (`OwnDataCuts`);
    /// `remoteWritten` is the `modified` our writer left in the server copy.
    static func restoringCuts(local: Self, remote: Self, remoteWritten: Instant?) -> (local: Self, remote: Self)
}

extension AlarmVersion: SyncItemVersion {
    public var deletedAt: Instant? {
        if case .deleted(_, let at) = self { return at }
        return nil
    }
    public func pruned(now: Instant) -> AlarmVersion { self }
    public static func goneParts(local: AlarmVersion, remote: AlarmVersion, lastSync: Instant, now: Instant) -> [CivilDate: Instant] { [:] }
    public func marking(_ parts: [CivilDate: Instant], removed: Bool) -> AlarmVersion { self }
    public static func restoringCuts(local: AlarmVersion, remote: AlarmVersion, remoteWritten: Instant?) -> (
        local: AlarmVersion, remote: AlarmVersion
    ) {
        OwnDataCuts.restoring(local: local, remote: remote, remoteWritten: remoteWritten)
    }
}

extension HabitVersion: SyncItemVersion {
    public var deletedAt: Instant? {
        if case .deleted(_, let at) = self { return at }
        return nil
    }
    public func pruned(now: Instant) -> HabitVersion { TombstonePolicy.withoutExpiredDayRemovals(self, now: now) }
    public static func goneParts(local: HabitVersion, remote: HabitVersion, lastSync: Instant, now: Instant) -> [CivilDate: Instant] {
        TombstonePolicy.goneDays(local: local, remote: remote, lastSync: lastSync, now: now)
    }
    public static func restoringCuts(local: HabitVersion, remote: HabitVersion, remoteWritten: Instant?) -> (
        local: HabitVersion, remote: HabitVersion
    ) {
        OwnDataCuts.restoring(local: local, remote: remote, remoteWritten: remoteWritten)
    }
    /// Marking adds a removal record for days without an entry; unmarking drops the record of a
    /// day only where it is still the marked one (the merge may have kept a later log instead).
    public func marking(_ parts: [CivilDate: Instant], removed mark: Bool) -> HabitVersion {
        guard case .present(let h, let logged, var removed) = self, !parts.isEmpty else { return self }
        for (day, at) in parts {
            if mark { removed[day] = at } else if removed[day] == at { removed[day] = nil }
        }
        return .present(h, logged: logged, removed: removed)
    }
}
