// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct StatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status",
            abstract: t("Show whether the agent runs, what rings, what is snoozed, and what comes next."),
            discussion: t("Exit status 3 when the agent is not running."))
    }

    @Flag(name: .long, help: t("Machine-readable output.")) var json = false

    func run() throws { try Self.run(json: json) }

    /// Also what `FastPath` runs for `status` and `status --json`.
    static func run(json: Bool) throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let t = ctx.localizer(doc.settings)
        // Never start the agent just to ask whether it runs.
        CLIText.useUserLanguage()  // the agent's absence is reported in the user's language
        let s = try AgentConnection.call { client throws(AgentClientError) in try client.status(autoStart: false) }
        let ringing = try AgentConnection.call { client throws(AgentClientError) in try client.listRinging(autoStart: false) }
        let snoozed = try AgentConnection.call { client throws(AgentClientError) in try client.listSnoozed(autoStart: false) }
        let wake = WakeCheck.run(environment: ctx.environment)
        let sync = doc.sync.account == nil ? nil : SyncStatusQuery.run()
        func when(_ seconds: Int64) -> String { seconds == 0 ? "—" : ISO8601.string(Instant(secondsSinceEpoch: seconds), in: zone) }
        if json {
            let missingYear = doc.missingCalendarYear(today: zone.local(ctx.now).date)
            // Set up but unreadable: on, with no state (the text says to ask `sync status`).
            let syncJSON = sync ?? .object([("on", .bool(doc.sync.account != nil))])
            let out = Self.json(s, ringing: ringing, snoozed: snoozed, wake: wake, sync: syncJSON, missingYear: missingYear, when: when)
            Output.line(JSONWriter.pretty(out).trimmingTrailingNewline)
            return
        }
        let p = AlarmPresenter(zone: zone, t: t, now: ctx.now, state: AgentState(), calendar: doc.workingCalendar)
        func local(_ seconds: Int64) -> String { p.whenText(Instant(secondsSinceEpoch: seconds)) }
        var fields = FieldList(width: 15)
        fields.add(t("agent"), t("running since {time} (version {version})", ["time": local(s.runningSince), "version": s.version]))
        fields.add(t("zone"), s.zone)
        if s.pausedUntil != 0 { fields.add(t("paused until"), local(s.pausedUntil)) }
        fields.add(t("next"), s.nextTrigger == 0 ? t("never") : "\(local(s.nextTrigger))  \(s.nextLabel) [\(s.nextID)]")
        if s.nextCalendarReminder != 0 {
            let values = ["time": local(s.nextCalendarReminder), "summary": s.nextCalendarSummary, "calendar": s.nextCalendarName]
            fields.add(t("reminder"), t("{time}  {summary} — {calendar}", values))
        }
        for r in ringing {
            let values = ["label": r.label, "id": r.id, "time": local(r.due)]
            fields.add(t("ringing"), r.isLate ? t("{label} [{id}] due {time} (late)", values) : t("{label} [{id}] due {time}", values))
        }
        for r in snoozed {
            fields.add(t("snoozed"), t("{label} [{id}] until {time}", ["label": r.label, "id": r.id, "time": local(r.until)]))
        }
        fields.add(
            t("notifications"),
            s.notificationCapabilities.isEmpty
                ? s.notificationServer
                : t(
                    "{server}; capabilities: {capabilities}",
                    [
                        "server": s.notificationServer,
                        "capabilities": s.notificationCapabilities.joined(separator: " "),
                    ]))
        fields.add(t("sound"), s.soundBackend)
        if let tray = Self.trayText(s.tray, t) { fields.add(t("tray"), tray) }
        fields.add(
            t("store"), s.storeProblem.isEmpty ? s.store : t("{store} — PROBLEM: {problem}", ["store": s.store, "problem": s.storeProblem]))
        fields.add(t("wake"), wake.line(t))
        if let year = doc.missingCalendarYear(today: zone.local(ctx.now).date) {
            fields.add(t("calendar"), CalendarDayText.missingYear(year, t))
        }
        if doc.sync.account != nil {
            for line in SyncStatusQuery.lines(sync, t, when: { ISO8601.parse($0).map(p.whenText) ?? $0 }) { fields.add(t("sync"), line) }
        }
        Output.line(fields.render().joined(separator: "\n"))
    }

    /// `status --json`: times as `when` writes them.
    static func json(
        _ s: AgentStatus, ringing: [RingingAlarmRecord], snoozed: [SnoozedAlarmRecord], wake: WakeHelper.Capability, sync: JSONValue,
        missingYear: Int?, when: (Int64) -> String
    ) -> JSONValue {
        let ringingItems: [JSONValue] = ringing.map {
            .object([("id", .string($0.id)), ("label", .string($0.label)), ("due", .string(when($0.due))), ("late", .bool($0.isLate))])
        }
        let snoozedItems: [JSONValue] = snoozed.map {
            .object([("id", .string($0.id)), ("label", .string($0.label)), ("until", .string(when($0.until)))])
        }
        return .object([
            ("running", .bool(true)), ("version", .string(s.version)), ("runningSince", .string(when(s.runningSince))),
            ("zone", .string(s.zone)), ("pausedUntil", s.pausedUntil == 0 ? .null : .string(when(s.pausedUntil))),
            ("ringing", .array(ringingItems)), ("snoozed", .array(snoozedItems)),
            (
                "next",
                s.nextTrigger == 0
                    ? .null
                    : .object([("id", .string(s.nextID)), ("label", .string(s.nextLabel)), ("at", .string(when(s.nextTrigger)))])
            ),
            ("notificationServer", .string(s.notificationServer)),
            ("notificationCapabilities", .array(s.notificationCapabilities.map(JSONValue.string))),
            ("soundBackend", .string(s.soundBackend)), ("store", .string(s.store)),
            ("storeProblem", s.storeProblem.isEmpty ? .null : .string(s.storeProblem)),
            ("wakeFromSuspend", wake.json),
            ("calendarMissingYear", missingYear.map(JSONValue.int) ?? .null),
            ("sync", sync),
            ("tray", s.tray.isEmpty ? .null : .string(s.tray)),
            (
                "nextCalendarReminder",
                s.nextCalendarReminder == 0
                    ? .null
                    : .object([
                        ("at", .string(when(s.nextCalendarReminder))), ("summary", .string(s.nextCalendarSummary)),
                        ("calendar", .string(s.nextCalendarName)),
                    ])
            ),
        ])
    }

    /// What the tray state means for the user; nil from an agent that does not report it.
    static func trayText(_ state: String, _ t: Localizer) -> String? {
        switch state {
        case "": return nil
        case "shown": return t("icon shown")
        case "no-watcher":
            return t(
                "not shown: no StatusNotifierWatcher on the session bus (an XEmbed-only tray such as trayer, tint2 or i3bar, or GNOME without the AppIndicator extension); notifications work as usual"
            )
        case "not-registered": return t("not shown: the StatusNotifierWatcher did not register the icon")
        case "no-bus-name": return t("not shown: the icon's bus name is taken")
        default: return t("not shown yet: waiting for the session bus")
        }
    }
}

extension WakeHelper.Capability {
    /// One line for `status`: whether alarms wake this machine from suspend, and if not, why.
    func line(_ t: Localizer) -> String {
        switch self {
        case .available:
            return t("alarms wake this computer from suspend (one minute ahead)")
        case .unavailable(let code, let detail):
            return t(
                "this computer cannot be woken from suspend: {reason}; alarms ring on resume within the late window",
                ["reason": WakeReasonWording.reason(code: code, detail: detail, t)])
        }
    }

    var json: JSONValue {
        switch self {
        case .available: return .object([("possible", .bool(true)), ("reason", .null)])  // not UI
        case .unavailable(let code, let reason):
            return .object([("possible", .bool(false)), ("code", .string(code)), ("reason", .string(reason))])  // not UI
        }
    }
}
