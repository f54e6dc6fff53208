// SPDX-License-Identifier: GPL-3.0-or-later
/// An alarm that is ringing now (the "ringing" state of ready → ringing → snoozed / stopped / missed).
public struct RingingAlarm: Hashable, Sendable {
    public let alarmID: String
    public let label: String
    /// The occurrence being rung: its scheduled time, also after snoozes ("late: due 07:00").
    public let due: Instant
    public let startedAt: Instant
    /// It stops by itself at this instant and is reported as missed (the ring-duration setting).
    public let endsAt: Instant
    /// Rung more than `AlarmEngine.lateThreshold` after it was due (asleep, agent not running).
    public let isLate: Bool
    /// How many times this occurrence has been snoozed before this ring.
    public let snoozeCount: Int
    public let snoozeMinutes: Int
    public let sound: String
    /// Seconds from `startedAt` over which the sound rises to full volume (0: full at once).
    public let rampSeconds: Int

    public init(
        alarmID: String, label: String, due: Instant, startedAt: Instant, endsAt: Instant, isLate: Bool,
        snoozeCount: Int, snoozeMinutes: Int, sound: String, rampSeconds: Int = 0
    ) {
        self.alarmID = alarmID
        self.label = label
        self.due = due
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.isLate = isLate
        self.snoozeCount = snoozeCount
        self.snoozeMinutes = snoozeMinutes
        self.sound = sound
        self.rampSeconds = rampSeconds
    }

    /// The same ring under the alarm's new label (edited while it rings).
    func relabeled(_ label: String) -> RingingAlarm {
        RingingAlarm(
            alarmID: alarmID, label: label, due: due, startedAt: startedAt, endsAt: endsAt, isLate: isLate,
            snoozeCount: snoozeCount, snoozeMinutes: snoozeMinutes, sound: sound, rampSeconds: rampSeconds)
    }
}

/// An occurrence that did not ring, or rang unanswered.
public struct MissedAlarm: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// Due longer ago than the late window (machine asleep or off, agent not running).
        case tooLate
        /// Due while paused (do-not-disturb).
        case paused
        /// Rang for the whole ring duration without an answer.
        case unanswered
        /// Ringing when the machine went to sleep.
        case sleep
        /// Ringing when the agent died (crash, kill, restart) and its ring duration ran out before
        /// an agent ran again.
        case interrupted
    }
    public let alarmID: String
    public let label: String
    public let due: Instant
    public let reason: Reason
}

/// Why a ringing alarm went quiet.
public enum SilenceReason: Hashable, Sendable {
    case stopped
    case snoozed(until: Instant)
    case unanswered
    case sleep
    /// Deleted or disabled while ringing, or superseded by a newer occurrence.
    case withdrawn
}

public enum EngineError: Error, Equatable, CustomStringConvertible {
    case unknownAlarm(String)
    case notRinging(String)
    case notRingingOrSnoozed(String)

    public var description: String {
        switch self {
        case .unknownAlarm(let id): return "no alarm with id \(id)"
        case .notRinging(let id): return "alarm \(id) is not ringing"
        case .notRingingOrSnoozed(let id): return "alarm \(id) is neither ringing nor snoozed"
        }
    }
}
