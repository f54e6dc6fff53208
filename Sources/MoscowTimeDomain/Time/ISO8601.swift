// SPDX-License-Identifier: GPL-3.0-or-later
/// ISO 8601 text for instants: `2026-11-21T18:44:00Z` in the store, and
/// `2026-11-23T07:30:00+03:00` (with the zone's offset) in machine-readable output.
public enum ISO8601 {
    /// Written byte by byte (`ASCIIFormat`): the agent's state holds three instants per alarm and
    /// is saved before every ring.
    public static func utcString(_ instant: Instant) -> String {
        let (date, secs) = utcParts(instant)
        guard ASCIIFormat.fits(date.year, 4) else {
            return "\(date)T\(pad(secs / 3600, 2)):\(pad(secs / 60 % 60, 2)):\(pad(secs % 60, 2))Z"
        }
        return ASCIIFormat.string(capacity: 20) { $0.utc(date, secs) }
    }

    /// `utcString` as UTF-8 appended to `out`, with no String made (20 bytes do not fit a small
    /// one): the agent's state file holds three instants per alarm.
    public static func appendUTC(_ instant: Instant, to out: inout [UInt8]) {
        let (date, secs) = utcParts(instant)
        guard ASCIIFormat.fits(date.year, 4) else {
            out.append(contentsOf: utcString(instant).utf8)
            return
        }
        ASCIIFormat.append(capacity: 20, to: &out) { $0.utc(date, secs) }
    }

    /// The UTC day and the second of that day.
    private static func utcParts(_ instant: Instant) -> (date: CivilDate, seconds: Int) {
        let s = instant.secondsSinceEpoch
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        return (CivilDate(daysSinceEpoch: days), Int(s - days * 86_400))
    }

    public static func string(_ instant: Instant, in zone: Zone) -> String {
        string(zone.local(instant))
    }

    public static func string(_ l: LocalDateTime) -> String {
        let o = abs(l.utcOffset)
        let sign = l.utcOffset < 0 ? "-" : "+"
        return "\(l.date)T\(l.clockText)\(sign)\(pad(o / 3600, 2)):\(pad(o / 60 % 60, 2))"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z` or `±HH:MM`.
    public static func parse(_ text: String) -> Instant? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// `parse` of the text's UTF-8 bytes, in place: the store holds two instants per alarm, and
    /// this runs for each of them on every `agent-cli list`.
    package static func parse(utf8 u: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard u.count >= 20, u[10] == UInt8(ascii: "T"), u[13] == UInt8(ascii: ":"), u[16] == UInt8(ascii: ":"),
            let date = CivilDate(isoBytes: UnsafeBufferPointer(rebasing: u[0..<10])),
            let h = digits(u, 11, 2), let m = digits(u, 14, 2), let sec = digits(u, 17, 2),
            h < 24, m < 60, sec < 60
        else { return nil }
        var offset = 0
        if u.count == 20, u[19] == UInt8(ascii: "Z") {
            offset = 0
        } else if u.count == 25, u[19] == UInt8(ascii: "+") || u[19] == UInt8(ascii: "-"), u[22] == UInt8(ascii: ":"),
            let oh = digits(u, 20, 2), let om = digits(u, 23, 2)
        {
            offset = (oh * 3600 + om * 60) * (u[19] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let wall = date.daysSinceEpoch * 86_400 + Int64(h * 3600 + m * 60 + sec)
        return Instant(secondsSinceEpoch: wall - Int64(offset))
    }

    /// The decimal value of `count` ASCII digits at `start`; nil if any is not a digit.
    @inline(__always)
    static func digits(_ u: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var v = 0
        for i in start..<(start + count) {
            guard u[i] >= 48, u[i] <= 57 else { return nil }
            v = v * 10 + Int(u[i] - 48)
        }
        return v
    }
}
