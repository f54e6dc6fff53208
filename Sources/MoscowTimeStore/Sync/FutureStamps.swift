// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Edits stamped in the future — by a clock set ahead, now or in the past — take the server's
/// time instead (`ServerClock.now`), in the store and on the server alike, before they are merged.
///
/// Left as they are, such stamps would win every merge until the real time catches up (years, for
/// a machine that believed it was 2030), so genuinely later edits from the other machines would
/// lose. The server's time of the sync that first sends them is an upper bound of when they were
/// really made: the edit still wins over everything the server had before (what the person meant
/// when they made it), and loses to any edit made after it.
extension AlarmVersion {
    public func clamped(notAfter limit: Instant, to now: Instant) -> AlarmVersion {
        func c(_ t: Instant) -> Instant { t > limit ? now : t }
        switch self {
        case .present(var a):
            a.created = c(a.created)
            a.modified = c(a.modified)
            return .present(a)
        case .deleted(let id, let at): return .deleted(id: id, at: c(at))
        }
    }
}

extension HabitVersion {
    public func clamped(notAfter limit: Instant, to now: Instant) -> HabitVersion {
        func c(_ t: Instant) -> Instant { t > limit ? now : t }
        switch self {
        case .present(var h, let logged, let removed):
            h.created = c(h.created)
            h.modified = c(h.modified)
            return .present(h, logged: logged.mapValues(c), removed: removed.mapValues(c))
        case .deleted(let id, let at): return .deleted(id: id, at: c(at))
        }
    }
}
