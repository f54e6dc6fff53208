// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Glibc
import MoscowTimeDomain
import Synchronization

/// Thin Swift helpers over libical's C API. libical owns the parsing, escaping, folding, time zones
/// and recurrence expansion; this file only converts between its types and ours.
enum ICal {
    private static let lock = Mutex(())

    /// Runs `body` with libical to itself. libical's process-wide state is not safe across threads: its
    /// built-in time zone table is filled and searched without a lock (libical#1029; two threads
    /// exporting at once crashed in `icaltimezone_get_builtin_timezone`). The `moscowtime-calendar`
    /// helper is single-threaded, but the module is a library and its tests run in parallel, so every
    /// public entry point of this module goes through here (and none calls another).
    static func exclusive<T: Sendable, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try lock.withLock { _ throws(E) -> T in try body() }
    }

    /// A component's text (folded, escaped by libical).
    static func text(_ component: OpaquePointer) -> String {
        guard let s = icalcomponent_as_ical_string_r(component) else { return "" }
        defer { free(s) }
        return String(cString: s)
    }

    /// An X-property whose value is TEXT (RFC 5545 §3.8.8.2: an X-property's default value type),
    /// escaped by §3.3.11 (`escapedText`), so every reader gets the value back whole: `vobject`
    /// (and Radicale, which stores what it re-serialises through it) reads an unescaped
    /// `10:00,16:00` as `10:00`.
    ///
    /// libical would do this for us, but not the 3.0.16 Debian 12 ships: since 3.0.16 (commit
    /// 8b0117e) it leaves `,` and `;` unescaped in every X-property, TEXT ones too (fixed in 3.0.17,
    /// 359fff6), and its parser then splits a `VALUE=TEXT` X-property at each comma into several
    /// properties. So the text is escaped here and handed to libical as a value it writes as it
    /// is: a STRING value, with a `VALUE` parameter naming libical's X kind — the default kind of
    /// an X-property, so libical writes no `VALUE=` at all (`CalendarRoundTripTests` pins the
    /// line). libical still folds the line. Reading stays libical's (`xValue`): it unescapes `\,`
    /// `\;` `\\` `\n` in X-properties and takes a bare `,` or `;` as itself, so the escaped
    /// values read the same as the unescaped ones earlier versions wrote (which escaped `\` and
    /// newlines already, so nothing in them reads differently now).
    static func xProperty(_ name: String, _ value: String, _ parameters: [(String, String)] = []) -> OpaquePointer {
        let p = icalproperty_new(ICAL_X_PROPERTY)!
        icalproperty_set_x_name(p, name)
        icalproperty_set_value(p, icalvalue_new_string(escapedText(value)))
        icalproperty_add_parameter(p, icalparameter_new_value(ICAL_VALUE_X))
        for (k, v) in parameters {
            let param = icalparameter_new_x(v)!
            icalparameter_set_xname(param, k)
            icalproperty_add_parameter(p, param)
        }
        return p
    }

    /// RFC 5545 §3.3.11 TEXT: `\` `;` `,` and a newline escaped. A carriage return has no escape
    /// there and is left out (CRLF becomes `\n`), as libical does with the text it escapes.
    static func escapedText(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Every property of `component` whose (X-)name is `name`, in file order.
    static func properties(_ component: OpaquePointer, named name: String) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let prop = p {
            if propertyName(prop) == name { out.append(prop) }
            p = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        return out
    }

    static func propertyName(_ p: OpaquePointer) -> String {
        if icalproperty_isa(p) == ICAL_X_PROPERTY, let x = icalproperty_get_x_name(p) { return String(cString: x) }
        guard let n = icalproperty_get_property_name(p) else { return "" }
        return String(cString: n)
    }

    /// The value of the first `name` X-property, unescaped by libical.
    static func xValue(_ component: OpaquePointer, _ name: String) -> String? {
        properties(component, named: name).first.flatMap(xValue)
    }

    static func xValue(_ p: OpaquePointer) -> String? {
        guard let v = icalproperty_get_x(p) ?? icalproperty_get_value_as_string(p) else { return nil }
        return String(cString: v)
    }

    /// The value of X-parameter `name` on `p`.
    static func xParameter(_ p: OpaquePointer, _ name: String) -> String? {
        var q = icalproperty_get_first_parameter(p, ICAL_X_PARAMETER)
        while let param = q {
            if let n = icalparameter_get_xname(param), String(cString: n) == name,
                let v = icalparameter_get_xvalue(param)
            {
                return String(cString: v)
            }
            q = icalproperty_get_next_parameter(p, ICAL_X_PARAMETER)
        }
        return nil
    }

    static func children(_ component: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var c = icalcomponent_get_first_component(component, kind)
        while let child = c {
            out.append(child)
            c = icalcomponent_get_next_component(component, kind)
        }
        return out
    }

    static func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }

    static func utc(_ instant: Instant) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(instant.secondsSinceEpoch), 0, icaltimezone_get_utc_timezone())
    }

    static func instant(utc t: icaltimetype) -> Instant {
        Instant(secondsSinceEpoch: Int64(icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone())))
    }

    static func local(_ date: CivilDate, _ time: TimeOfDay, zone: OpaquePointer?) -> icaltimetype {
        var t = icaltime_null_time()
        t.year = Int32(date.year)
        t.month = Int32(date.month)
        t.day = Int32(date.day)
        t.hour = Int32(time.hour)
        t.minute = Int32(time.minute)
        t.second = 0
        t.is_date = 0
        t.zone = zone
        return t
    }

    static func date(_ d: CivilDate) -> icaltimetype {
        var t = icaltime_null_date()
        t.year = Int32(d.year)
        t.month = Int32(d.month)
        t.day = Int32(d.day)
        return t
    }

    /// `20261120` → 2026-11-20.
    static func compactDate(_ s: String) -> CivilDate? {
        let u = Array(s.utf8)
        guard u.count == 8, u.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let n = u.map { Int($0 - 48) }
        return CivilDate(year: n[0] * 1000 + n[1] * 100 + n[2] * 10 + n[3], month: n[4] * 10 + n[5], day: n[6] * 10 + n[7])
    }

    static func compactText(_ d: CivilDate) -> String { d.description.replacingDashes() }

    /// `20261120T070000Z`, iCalendar's UTC form.
    static func compactUTC(_ t: Instant) -> String {
        ISO8601.utcString(t).filter { $0 != "-" && $0 != ":" }
    }

    static func parseCompactUTC(_ s: String) -> Instant? {
        let t = icaltime_from_string(s)
        guard !icaltime_is_null_time(t).boolValue, icaltime_is_utc(t).boolValue, !t.is_date.boolValue else { return nil }
        return instant(utc: t)
    }

    /// Weekday of libical's `ICAL_*_WEEKDAY` (Sunday = 1) as ours (Monday = 1).
    static func weekday(_ ical: icalrecurrencetype_weekday) -> Weekday? {
        switch ical {
        case ICAL_MONDAY_WEEKDAY: return .monday
        case ICAL_TUESDAY_WEEKDAY: return .tuesday
        case ICAL_WEDNESDAY_WEEKDAY: return .wednesday
        case ICAL_THURSDAY_WEEKDAY: return .thursday
        case ICAL_FRIDAY_WEEKDAY: return .friday
        case ICAL_SATURDAY_WEEKDAY: return .saturday
        case ICAL_SUNDAY_WEEKDAY: return .sunday
        default: return nil
        }
    }
}

extension String {
    func replacingDashes() -> String { String(self.filter { $0 != "-" }) }
}
