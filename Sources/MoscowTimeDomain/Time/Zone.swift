// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// A named zone from the tz database, read from its TZif file (no ICU, no hard-coded offsets).
///
/// Turning a local date and time into an instant follows one documented rule:
/// - a local time that does not exist (spring-forward gap) resolves to the first instant after the
///   gap (Berlin 2026-03-29 02:30 → 03:00 CEST);
/// - a local time that occurs twice (fall-back overlap) resolves to its first occurrence
///   (New York 2026-11-01 01:30 → 01:30 EDT, not EST).
///
/// Why the file is read here and not through GLib's GTimeZone, as before: linking GLib was a
/// third of agent-cli's start-up, and `list` needed it for nothing else (docs/PERFORMANCE.md,
/// "Start-up: what each mechanism measured"). The format is small and fixed (RFC 8536: ZoneTransitions, PosixZoneRule);
/// ZoneTransitionsTests check every zone of the database against GLib's reading of it, and
/// test_zone_instants.py the instants agent-cli gives against Python's zoneinfo.
public final class Zone: Sendable {
    private let transitions: ZoneTransitions
    public let identifier: String

    public static let moscowIdentifier = "Europe/Moscow"

    /// One Zone per identifier for the process: its file is read once, however many times a zone of
    /// that name is asked for (an export asks once per alarm). Like GLib's own cache before it, a
    /// running process keeps the rules it read (an updated tz database is read on the next start).
    public static func shared(_ identifier: String) -> Zone? {
        sharedZones.withLock { zones in
            if let z = zones[identifier] { return z }
            guard let bytes = ZoneNames.tzif(identifier), let transitions = ZoneTransitions(bytes) else { return nil }
            let z = Zone(identifier: identifier, transitions: transitions)
            zones[identifier] = z
            return z
        }
    }
    private static let sharedZones = Mutex<[String: Zone]>([:])

    /// Nil when the tz database has no such zone (`ZoneNames`): POSIX TZ strings ("UTC+3"), the
    /// system's local zone and the leap-second `right/` zones are refused. The rules are the shared
    /// zone's (see `shared`).
    public convenience init?(identifier: String) {
        guard let shared = Zone.shared(identifier) else { return nil }
        self.init(identifier: identifier, transitions: shared.transitions)
    }

    private init(identifier: String, transitions: ZoneTransitions) {
        self.transitions = transitions
        self.identifier = identifier
    }

    /// UTC offset in seconds in force at `instant`.
    public func utcOffset(at instant: Instant) -> Int {
        transitions.utcOffset(at: instant.secondsSinceEpoch)
    }

    /// The wall-clock reading at `instant`.
    public func local(_ instant: Instant) -> LocalDateTime {
        let offset = utcOffset(at: instant)
        let wall = instant.secondsSinceEpoch + Int64(offset)
        let days = wall.floorDiv(86_400)
        let secs = Int(wall - days * 86_400)
        return LocalDateTime(
            date: CivilDate(daysSinceEpoch: days), hour: secs / 3600,
            minute: secs / 60 % 60, second: secs % 60, utcOffset: offset)
    }

    /// The instant at which the wall clock shows `date` `time` (see the type's rule for gaps and overlaps).
    public func instant(_ date: CivilDate, _ time: TimeOfDay) -> Instant {
        instant(wallSeconds: date.daysSinceEpoch * 86_400 + time.secondsIntoDay)
    }

    /// `wall` is the local reading expressed as seconds since 1970-01-01T00:00 local.
    func instant(wallSeconds wall: Int64) -> Instant {
        // Offsets a day either side cover any single transition around this wall time.
        let before = Int64(utcOffset(at: Instant(secondsSinceEpoch: wall - 86_400)))
        let after = Int64(utcOffset(at: Instant(secondsSinceEpoch: wall + 86_400)))
        // No transition nearby (nearly always): the one offset applies. (The general path below
        // returns the same instant in this case, with two more lookups.)
        if before == after { return Instant(secondsSinceEpoch: wall - before) }
        var best: Int64?
        for offset in [before, after] {
            let t = wall - offset
            if Int64(utcOffset(at: Instant(secondsSinceEpoch: t))) == offset {
                best = min(best ?? t, t)  // both valid → overlap → the earlier one
            }
        }
        if let best { return Instant(secondsSinceEpoch: best) }
        // Gap: neither offset yields this wall time. Find the transition instant, the first instant after the gap.
        var low = wall - max(before, after)  // still on the old offset
        var high = wall - min(before, after)  // already on the new offset
        guard low < high else { return Instant(secondsSinceEpoch: wall - before) }
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if Int64(utcOffset(at: Instant(secondsSinceEpoch: mid))) == before { low = mid } else { high = mid }
        }
        return Instant(secondsSinceEpoch: high)
    }
}
