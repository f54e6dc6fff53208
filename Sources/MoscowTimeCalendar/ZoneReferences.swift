// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// The time zones an item names (`DTSTART;TZID=…`), checked before libical resolves them.
///
/// libical reads a TZID that no VTIMEZONE of the file defines as a file name under the tz
/// database's folder (`icaltzutil_fetch_timezone`), as soon as a time of the item is asked for:
/// `TZID=../../../../tmp/x` opened `/tmp/x`, and a FIFO there blocked the import for ever. So a
/// TZID is handed to libical only when it is a name of the tz database as `settings zone` accepts
/// it (`ZoneNames`, also behind libical's own `/freeassociation.sourceforge.net/`-style prefix),
/// or the name of a VTIMEZONE in the file that is no path out of the database's folder.
enum ZoneReferences {
    /// The TZIDs the file's VTIMEZONEs define.
    static func defined(in root: OpaquePointer) -> Set<String> {
        var out = Set<String>()
        func collect(_ c: OpaquePointer) {
            if icalcomponent_isa(c) == ICAL_VTIMEZONE_COMPONENT,
                let p = icalcomponent_get_first_property(c, ICAL_TZID_PROPERTY), let id = icalproperty_get_tzid(p)
            {
                out.insert(String(cString: id))
            }
            for child in ICal.children(c, ICAL_ANY_COMPONENT) { collect(child) }
        }
        collect(root)
        return out
    }

    /// The first TZID named in `component` or its children that must not reach libical, nil when
    /// every one may. `checked` keeps the verdicts: 10 000 events in one zone look it up once.
    static func firstRefused(in component: OpaquePointer, defined: Set<String>, checked: inout [String: Bool]) -> String? {
        var p = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let prop = p {
            var q = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER)
            while let param = q {
                if let raw = icalparameter_get_tzid(param) {
                    let tzid = String(cString: raw)
                    let ok = checked[tzid] ?? isAcceptable(tzid, defined: defined)
                    checked[tzid] = ok
                    if !ok { return tzid }
                }
                q = icalproperty_get_next_parameter(prop, ICAL_TZID_PARAMETER)
            }
            p = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        for child in ICal.children(component, ICAL_ANY_COMPONENT) {
            if let refused = firstRefused(in: child, defined: defined, checked: &checked) { return refused }
        }
        return nil
    }

    static func isAcceptable(_ tzid: String, defined: Set<String>) -> Bool {
        let parts = tzid.split(separator: "/", omittingEmptySubsequences: false)
        guard !tzid.isEmpty, tzid.utf8.count < 256,
            !parts.contains(where: { $0 == "." || $0 == ".." }),
            !tzid.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return false }
        if defined.contains(tzid) || DatabaseZoneNames.contains(tzid) { return true }
        // libical's prefixed TZIDs: "/freeassociation.sourceforge.net/Europe/Moscow",
        // "/citadel.org/Olson_20010601_1/Africa/Banjul", "/freeassociation.sourceforge.net/Tzfile/Europe/Moscow".
        guard tzid.hasPrefix("/") else { return false }
        return (2...3).contains { k in
            parts.count > k && DatabaseZoneNames.contains(parts.dropFirst(k).joined(separator: "/"))
        }
    }
}
