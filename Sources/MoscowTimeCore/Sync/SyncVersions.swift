// SPDX-License-Identifier: GPL-3.0-or-later
/// One alarm as one side of a sync has it: present, or deleted at a time (a tombstone).
public enum AlarmVersion: Hashable, Sendable {
    case present(Alarm)
    case deleted(id: String, at: Instant)

    public var id: String {
        switch self { case .present(let a): return a.id; case .deleted(let id, _): return id }
    }
    /// When this version was made: the alarm's last edit or its deletion.
    public var time: Instant {
        switch self { case .present(let a): return a.modified; case .deleted(_, let t): return t }
    }
}

/// One habit as one side has it: its definition and entries with the time each day was logged or
/// removed, or deleted at a time.
public enum HabitVersion: Hashable, Sendable {
    case present(Habit, logged: [CivilDate: Instant], removed: [CivilDate: Instant])
    case deleted(id: String, at: Instant)

    public var id: String {
        switch self { case .present(let h, _, _): return h.id; case .deleted(let id, _): return id }
    }
    /// The last edit of any kind: definition, a logged day or a removed day.
    public var time: Instant {
        switch self {
        case let .present(h, logged, removed):
            return max(h.modified, logged.values.max() ?? h.modified, removed.values.max() ?? h.modified)
        case .deleted(_, let t): return t
        }
    }
}

/// What sync needs to know of any item's version beyond the merge itself.
public protocol SyncItemVersion: Hashable, Sendable {
    /// When it was deleted; nil while the item exists.
    var deletedAt: Instant? { get }
}

extension AlarmVersion: SyncItemVersion {
    public var deletedAt: Instant? { if case let .deleted(_, at) = self { return at }; return nil }
}

extension HabitVersion: SyncItemVersion {
    public var deletedAt: Instant? { if case let .deleted(_, at) = self { return at }; return nil }
}
