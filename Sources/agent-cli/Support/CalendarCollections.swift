// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The user's local calendar collections as `calendars` shows them, and the one a NAME means: a
/// folder (a CalDAV collection's URL), or a collection's name (vdirsyncer's displayname, the
/// collection's displayname, else its folder's name), in any case.
enum CalendarCollections {
    static func all(_ settings: Settings, environment: [String: String], paths: StorePaths) -> [LocalCalendar] {
        LocalCalendars.all(settings, environment: environment, paths: paths)
    }

    static func find(_ key: String, in calendars: [LocalCalendar]) throws(InputError) -> LocalCalendar {
        let folder = LocalCalendars.trimmed(key)
        if let exact = calendars.first(where: { $0.folder == folder || $0.url == key || $0.url == folder + "/" }) { return exact }
        let k = key.lowercased()
        let named = calendars.filter { c in
            c.name.lowercased() == k
                || (c.url.map(CalDAVMirrorNames.lastPart) ?? String(c.folder.split(separator: "/").last ?? "")).lowercased() == k
        }
        guard let first = named.first else {
            throw InputError("no calendar called {name}; agent-cli calendars lists them", ["name": TerminalText.oneLine(key)])
        }
        guard named.count == 1 else {
            throw InputError(
                "several calendars are called {name}; give the folder: {folders}",
                ["name": TerminalText.oneLine(key), "folders": named.map { TerminalText.oneLine($0.place) }.joined(separator: ", ")])
        }
        return first
    }
}
