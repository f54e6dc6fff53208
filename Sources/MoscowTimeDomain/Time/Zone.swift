// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Synchronization

/// A named zone from the tz database, read through GLib's GTimeZone (no ICU, no hard-coded offsets).
///
/// Turning a local date and time into an instant follows one documented rule:
/// - a local time that does not exist (spring-forward gap) resolves to the first instant after the
///   gap (Berlin 2026-03-29 02:30 → 03:00 CEST);
/// - a local time that occurs twice (fall-back overlap) resolves to its first occurrence
///   (New York 2026-11-01 01:30 → 01:30 EDT, not EST).
public final class Zone: @unchecked Sendable {
    // GTimeZone is immutable and reference counted; GLib documents it as thread-safe.
    private let tz: OpaquePointer
    public let identifier: String
    /// Spans of time with one offset each, as found so far (see `utcOffset`), most recent last.
    private let spans = Mutex<[OffsetSpan]>([])

    public static let moscowIdentifier = "Europe/Moscow"

    /// One Zone per identifier for the process (alarms kept in a zone of their own ask often).
    public static func shared(_ identifier: String) -> Zone? {
        sharedZones.withLock { zones in
            if let z = zones[identifier] { return z }
            guard let z = Zone(identifier: identifier) else { return nil }
            zones[identifier] = z
            return z
        }
    }
    private static let sharedZones = Mutex<[String: Zone]>([:])

    /// Nil when the tz database has no such zone (`ZoneNames`): POSIX TZ strings ("UTC+3"), the
    /// system's local zone and the leap-second `right/` zones are refused.
    public init?(identifier: String) {
        guard ZoneNames.contains(identifier),
            let tz = g_time_zone_new_identifier(identifier)
        else { return nil }
        self.tz = tz
        self.identifier = identifier
    }

    deinit { g_time_zone_unref(tz) }

    /// UTC offset in seconds in force at `instant`.
    ///
    /// GLib's `g_time_zone_find_interval` walks the zone's transition list from its start on every
    /// call (Moscow has about 80), and `agent-cli list` asks about five times per alarm: so the span
    /// of time around each answer that has the same offset is found once and kept (a few spans: the
    /// current year of a zone with DST has three).
    public func utcOffset(at instant: Instant) -> Int {
        let t = instant.secondsSinceEpoch
        if let offset = spans.withLock({ $0.last(where: { $0.contains(t) })?.offset }) { return offset }
        let span = span(containing: t)
        spans.withLock { spans in
            if spans.count == 8 { spans.removeFirst() }
            spans.append(span)
        }
        return span.offset
    }

    /// The offset straight from GLib, one transition-list walk per call.
    func uncachedUTCOffset(at t: Int64) -> Int {
        Int(g_time_zone_get_offset(tz, interval(at: t)))
    }

    private func interval(at t: Int64) -> Int32 {
        g_time_zone_find_interval(tz, G_TIME_TYPE_UNIVERSAL, gint64(t))
    }

    /// The whole run of seconds around `t` that GLib puts in the same interval as `t`. Interval
    /// numbers only grow with time, so a second between two seconds of interval k is in interval k:
    /// double the step until the interval changes, then halve the gap (about 60 lookups in all).
    private func span(containing t: Int64) -> OffsetSpan {
        let k = interval(at: t)
        let reach: Int64 = 1 << 36  // about 2 000 years each way
        func edge(_ direction: Int64) -> Int64 {
            var inside = t
            var step: Int64 = 3_600
            var outside: Int64?
            while step <= reach {
                let probe = t + direction * step
                if interval(at: probe) == k {
                    inside = probe
                    step *= 2
                } else {
                    outside = probe
                    break
                }
            }
            guard var outside else { return inside }
            while abs(outside - inside) > 1 {
                let mid = inside + (outside - inside) / 2
                if interval(at: mid) == k { inside = mid } else { outside = mid }
            }
            return inside
        }
        return OffsetSpan(first: edge(-1), last: edge(1), offset: Int(g_time_zone_get_offset(tz, k)))
    }

    /// The wall-clock reading at `instant`.
    public func local(_ instant: Instant) -> LocalDateTime {
        let offset = utcOffset(at: instant)
        let wall = instant.secondsSinceEpoch + Int64(offset)
        let days = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
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
