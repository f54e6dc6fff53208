// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// Where a time of the file is, and the instant it names (RFC 5545 §3.3.5).
///
/// A tz database zone (`TZID=Europe/Berlin`, also behind libical's prefixes) is read with the
/// database's rules through `Zone`, and a local time it skips or repeats follows RFC 5545 §3.3.5,
/// not libical: a time in a spring-forward gap takes the offset before the gap (Berlin 02:30 →
/// 03:30 CEST; libical 3.0 gives 01:30 CET), a repeated time its first occurrence (libical gives
/// the second). Only a zone the file alone defines (Outlook's `Russian Standard Time`) is
/// libical's VTIMEZONE. A date is midnight in the user's zone; a floating time is in the
/// calendar's zone (`floating`).
struct ReminderTimes {
    enum Place: Equatable {
        case utc
        case date
        case floating
        case named(String)
        case vtimezone(OpaquePointer)
    }

    enum Failure: Error { case unknownZone(String) }

    let user: Zone
    let floating: Zone
    let root: OpaquePointer
    /// The database name each TZID met gives: `ZoneNames.contains` opens the zone's file, and a
    /// calendar of 5 000 events names one zone 10 000 times.
    let names = NameCache()

    final class NameCache {
        var names: [String: String?] = [:]
    }

    /// The place of a time read from `prop` (its TZID parameter).
    func place(of t: icaltimetype, in prop: OpaquePointer) throws(Failure) -> Place {
        if t.is_date.boolValue { return .date }
        if icaltime_is_utc(t).boolValue { return .utc }
        guard let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER), let raw = icalparameter_get_tzid(param)
        else { return .floating }
        let tzid = String(cString: raw)
        let known = names.names[tzid] ?? Self.databaseName(tzid)
        names.names[tzid] = known
        if let name = known { return .named(name) }
        if let z = icalcomponent_get_timezone(root, tzid) { return .vtimezone(z) }
        throw .unknownZone(tzid)
    }

    /// The tz database name `tzid` gives, directly or behind libical's prefixes.
    static func databaseName(_ tzid: String) -> String? {
        if DatabaseZoneNames.contains(tzid) { return tzid }
        guard tzid.hasPrefix("/") else { return nil }
        let parts = tzid.split(separator: "/", omittingEmptySubsequences: false)
        for k in 2...3 where parts.count > k {
            let name = parts.dropFirst(k).joined(separator: "/")
            if DatabaseZoneNames.contains(name) { return name }
        }
        return nil
    }

    func zone(_ place: Place) -> Zone? {
        switch place {
        case .named(let name): Zone.shared(name)
        case .floating: floating
        case .date: user
        default: nil
        }
    }

    /// The instant `t` names at `place`; nil for a time out of `Limits.instantSeconds` (unless
    /// not `bounded`: a series' start may be any year libical reads, 1 to 9999).
    func instant(_ t: icaltimetype, _ place: Place, bounded: Bool = true) -> Instant? {
        let seconds: Int64
        switch place {
        case .utc: seconds = Int64(icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone()))
        case .vtimezone(let z): seconds = Int64(icaltime_as_timet_with_zone(t, z))
        case .date, .floating, .named:
            guard let zone = zone(place), let wall = Self.wallSeconds(t) else { return nil }
            seconds = Self.rfcInstant(wall, in: zone)
        }
        return !bounded || Limits.instantSeconds.contains(seconds) ? Instant(secondsSinceEpoch: seconds) : nil
    }

    /// `instant` as a wall time at `place`, shaped like `like` (its zone and date-ness), for the
    /// recurrence iterator's start.
    func wall(_ instant: Instant, _ place: Place, like: icaltimetype) -> icaltimetype {
        var t: icaltimetype
        switch place {
        case .utc: t = icaltime_from_timet_with_zone(time_t(instant.secondsSinceEpoch), 0, icaltimezone_get_utc_timezone())
        case .vtimezone(let z): t = icaltime_from_timet_with_zone(time_t(instant.secondsSinceEpoch), 0, z)
        case .date, .floating, .named:
            let local = (zone(place) ?? user).local(instant)
            t = icaltime_null_time()
            t.year = Int32(local.date.year)
            t.month = Int32(local.date.month)
            t.day = Int32(local.date.day)
            t.hour = Int32(local.hour)
            t.minute = Int32(local.minute)
            t.second = Int32(local.second)
        }
        t.zone = like.zone
        if like.is_date.boolValue {
            t.is_date = 1
            t.hour = 0
            t.minute = 0
            t.second = 0
        }
        return t
    }

    static func wallSeconds(_ t: icaltimetype) -> Int64? {
        guard let date = CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return nil }
        let time = t.is_date.boolValue ? 0 : Int64(t.hour) * 3600 + Int64(t.minute) * 60 + Int64(t.second)
        return date.daysSinceEpoch * 86_400 + time
    }

    /// RFC 5545 §3.3.5: a repeated local time is its first occurrence, a skipped one takes the
    /// offset before the gap.
    static func rfcInstant(_ wall: Int64, in zone: Zone) -> Int64 {
        let before = Int64(zone.utcOffset(at: Instant(secondsSinceEpoch: wall - 86_400)))
        let after = Int64(zone.utcOffset(at: Instant(secondsSinceEpoch: wall + 86_400)))
        if before == after { return wall - before }
        let valid = [before, after].filter { Int64(zone.utcOffset(at: Instant(secondsSinceEpoch: wall - $0))) == $0 }
        return valid.map { wall - $0 }.min() ?? wall - before
    }

    /// The occurrence key iCalendar would write: `20261201T060000Z`, or `20261201` for a day.
    static func key(_ t: icaltimetype, instant: Instant) -> String {
        if t.is_date.boolValue, let d = CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) {
            return ICal.compactText(d)
        }
        return ICal.compactUTC(instant)
    }
}
