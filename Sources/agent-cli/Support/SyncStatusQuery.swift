// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The sync part of `agent-cli status`: asks `moscowtime-calendar sync-status --json` (the sync
/// state and the wording of its failures live there, with libical and libsoup) and says it in a
/// line or two.
enum SyncStatusQuery {
    /// The tool's JSON, nil when it is missing or gives no answer.
    static func run() -> JSONValue? {
        guard let path = CalendarHelper.path(),
            let r = Subprocess.run([path, "sync-status", "--json"], stderr: .discard), r.status == 0,
            let v = try? JSONParser.parse(r.output), v["on"]?.boolValue == true
        else { return nil }
        return v
    }

    /// `sync` field lines: the last sync or the last failure, then a clock warning if there is one.
    static func lines(_ v: JSONValue?, _ t: Localizer, when: (String) -> String) -> [String] {
        guard let v, let url = v["url"]?.stringValue else {
            return [t("set up, but its state cannot be read (agent-cli sync status says why)")]
        }
        var lines: [String]
        if let failure = v["lastFailure"], let reason = failure["reason"]?.stringValue {
            lines = [t("last attempt failed at {time}: {reason}", ["time": failure["at"]?.stringValue.map(when) ?? "—", "reason": reason])]
        } else if let last = v["lastSync"]?.stringValue {
            lines = [t("with {url}, last at {time}", ["url": url, "time": when(last)])]
        } else {
            lines = [t("with {url}, not synced yet", ["url": url])]
        }
        if let clock = v["clockWarning"]?.stringValue { lines.append(clock) }
        if let lost = v["serverLost"]?.stringValue { lines.append(lost) }
        lines += v["held"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return lines
    }
}
