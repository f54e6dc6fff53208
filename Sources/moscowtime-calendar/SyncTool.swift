// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli sync …` (see SyncCommand in agent-cli for the user-facing help).
enum SyncTool {
    static func setup(url: String, user: String?, passwordCommand: String?) throws {
        let ctx = try ToolContext()
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw InputError("the sync URL must start with http:// or https://, not \"{url}\"", ["url": url])
        }
        let account = SyncAccount(url: url, user: user, passwordCommand: passwordCommand)
        let doc = try ctx.store.load()
        let t = ctx.localizer(doc.settings)
        // Without a password command the password goes to the Secret Service, if one runs.
        var password: String?
        if let user, passwordCommand == nil {
            guard SecretStore.available() else {
                throw InputError(
                    "no Secret Service runs on this desktop to keep the password: give --password-command CMD (for example \"pass show caldav\")"
                )
            }
            password = try Password.read(prompt: t("Password for {user} at {url}: ", ["user": user, "url": url]))
        } else {
            password = try Password.fetch(account)
        }
        // Check the account before saving it: a typo should fail here, not in the background.
        let engine = SyncEngine(store: ctx.store, account: account, password: password, now: ctx.now)
        do throws(SyncError) { _ = try engine.prepareCollections() } catch {
            throw ToolFailure(status: 1) { CalendarWording.sync(error.failure, $0) }
        }
        if let user, passwordCommand == nil, let password { try SecretStore.store(password, url: url, user: user) }
        try ctx.store.update { $0.sync.account = account }
        _ = unlink(SyncState.path(ctx.store.paths))
        CalDAVCollections.forget(ctx.store.paths)
        ToolOutput.line(t("Sync set up with {url}; run agent-cli sync to synchronise.", ["url": url]))
    }

    static func run(dryRun: Bool, acceptRemote: Bool, item: SyncEngine.ItemChoice? = nil) throws {
        let ctx = try ToolContext()
        let snapshot = try ctx.store.loadSnapshot()
        let doc = snapshot.document
        let t = ctx.localizer(doc.settings)
        guard let account = doc.sync.account else {
            throw ToolFailure("sync is not set up: agent-cli sync setup URL [--user NAME] [--password-command CMD]", status: 1)
        }
        if let id = item?.id {
            let state = try SyncState.load(ctx.store.paths)
            guard
                doc.alarms.contains(where: { $0.id == id }) || doc.habits.contains(where: { $0.id == id })
                    || state.alarms[id] != nil || state.habits[id] != nil
            else {
                throw InputError("no alarm or habit has the id {id} here or at the last sync", ["id": id])
            }
        }
        let started = monotonicSeconds()
        let engine = SyncEngine(store: ctx.store, account: account, password: try Password.fetch(account), now: ctx.now)
        let report: SyncEngine.Report
        do { report = try engine.run(dryRun: dryRun, acceptRemote: acceptRemote, item: item, snapshot: snapshot) } catch let e as SyncError
        {
            throw ToolFailure(status: 1) { t in t("sync failed: {reason}", ["reason": CalendarWording.sync(e.failure, t)]) }
        }
        for w in report.warnings { ToolOutput.line(t("warning: {text}", ["text": CalendarWording.warning(w, t)])) }
        if !dryRun, item == nil {
            let left = SyncDeadline.seconds() - (monotonicSeconds() - started)
            let result = try syncCollections(account, ctx, reminded: doc.settings.remindedCalendars, seconds: left)
            let home = result?.homeProblem.map { t("the CalDAV calendars of the account: {problem}", ["problem": $0.message.text(t)]) }
            for line in collectionProblems(result?.collections ?? [], t) + (home.map { [$0] } ?? []) {
                ToolOutput.line(t("warning: {text}", ["text": line]))
            }
        }
        // On stderr: the agent logs it (once, while it lasts).
        if let clock = report.clock, !clock.agrees {
            ToolOutput.error(t("warning: {text}", ["text": CalendarWording.clock(skew: clock.skew, t)]))
        }
        ToolOutput.line(SummaryWording.synced(report, url: account.url, dryRun: dryRun, t))
        if let w = report.notTaken { throw ToolFailure(status: 1) { t in CalendarWording.warning(w, t) } }
    }

    /// The account's other calendars (issue 38), after the alarms' and habits' sync: listed, and
    /// those set to remind mirrored. Never fails the sync; each collection's problem is returned.
    static func syncCollections(_ account: SyncAccount, _ ctx: ToolContext, reminded: [String], seconds: Int) throws
        -> CollectionsSync.Result?
    {
        let state = try SyncState.load(ctx.store.paths)
        guard !state.alarmsCollection.isEmpty else { return nil }
        let sync = CollectionsSync(account: account, password: try Password.fetch(account), paths: ctx.store.paths, seconds: seconds)
        return sync.run(reminded: Set(reminded), own: (state.alarmsCollection, state.habitsCollection))
    }

    /// "Work (CalDAV): the server answered it with HTTP 500; …", one line a collection with a problem.
    static func collectionProblems(_ collections: [CalDAVCollection], _ t: Localizer) -> [String] {
        collections.flatMap { c in
            (c.problem.map { [t("CalDAV calendar {calendar}: {problem}", ["calendar": c.name, "problem": $0.message.text(t)])] } ?? [])
                + c.dropped.map { href in
                    t(
                        "CalDAV calendar {calendar}: the change made here to {item} lost to a newer copy on the server, which was taken",
                        ["calendar": c.name, "item": href])
                }
        }
    }

    static func monotonicSeconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec
    }

    static func status(json: Bool) throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let t = ctx.localizer(doc.settings)
        let zone = try ctx.zone(doc.settings)
        func when(_ at: Instant) -> String { DateText.shortDateTime(zone.local(at), t.language) }
        guard let account = doc.sync.account else {
            if json { ToolOutput.write(JSONWriter.pretty(.object([("on", .bool(false))]))) } else { ToolOutput.line(t("Sync is off.")) }
            return
        }
        let state = try SyncState.load(ctx.store.paths)
        let failure = state.lastFailure.map { CalendarWording.stored($0, t) }
        let clock = state.clockSkew != nil || state.serverClockUnknown ? CalendarWording.clock(skew: state.clockSkew, t) : nil
        let skipped = state.skipped.map { CalendarWording.warning(.skippedResource(url: $0.url, $0.reason), t) }
        let serverLost = state.serverLostAt.map { at in
            t.plural(
                "on {time} the server had lost {n} item of this computer; it was kept here and sent again",
                "on {time} the server had lost {n} items of this computer; they were kept here and sent again",
                count: state.serverLostCount, ["time": when(at), "n": String(state.serverLostCount)])
        }
        let held = state.held.map { h in
            CalendarWording.warning(
                .alarmNotExpressible(id: h.id, label: h.label, rule: h.rule, changedHere: h.changedHere, here: h.here), t)
        }
        let conflictLog = SyncState.conflictLogPath(ctx.store.paths)
        let calendarProblems = collectionProblems(CalDAVCollections.load(ctx.store.paths), t)
        if json {
            // The shape `agent-cli status --json` embeds; the reasons are worded for the reader.
            let out: JSONValue = .object([
                ("on", .bool(true)), ("url", .string(account.url)), ("user", account.user.map(JSONValue.string) ?? .null),
                ("lastSync", state.lastSync.map { .string(ISO8601.string($0, in: zone)) } ?? .null),
                (
                    "lastFailure",
                    failure.map { reason in
                        .object([
                            ("at", state.lastErrorAt.map { .string(ISO8601.string($0, in: zone)) } ?? .null), ("reason", .string(reason)),
                        ])
                    } ?? .null
                ),
                ("clockWarning", clock.map(JSONValue.string) ?? .null),
                ("skipped", .array(skipped.map(JSONValue.string))),
                ("held", .array(held.map(JSONValue.string))), ("calendars", .array(calendarProblems.map(JSONValue.string))),
                // `status` shows it for a week; `sync status` always.
                (
                    "serverLost",
                    state.serverLostAt.map { ctx.now - $0 < 7 * 86_400 } == true ? serverLost.map(JSONValue.string) ?? .null : .null
                ),
                ("serverLostAt", state.serverLostAt.map { .string(ISO8601.string($0, in: zone)) } ?? .null),
                ("conflicts", .number(Double(state.conflicts))), ("conflictLog", .string(conflictLog)),
            ])
            ToolOutput.write(JSONWriter.pretty(out))
            return
        }
        ToolOutput.line(t("Sync with {url} as {user}.", ["url": account.url, "user": account.user ?? "—"]))
        ToolOutput.line(t("Last sync: {time}", ["time": state.lastSync.map(when) ?? t("never")]))
        if let failure {
            ToolOutput.line(t("Last attempt failed at {time}: {reason}", ["time": state.lastErrorAt.map(when) ?? "", "reason": failure]))
        }
        if let clock { ToolOutput.line(clock) }
        for s in skipped { ToolOutput.line(t("Skipped at the last sync: {reason}", ["reason": s])) }
        if let serverLost { ToolOutput.line(t("Data lost on the server: {what}", ["what": serverLost])) }
        for h in held { ToolOutput.line(h) }
        for line in calendarProblems { ToolOutput.line(line) }
        if state.conflicts > 0 {
            ToolOutput.line(
                t.plural(
                    "{n} conflict so far; the version that lost is kept in {file}",
                    "{n} conflicts so far; the versions that lost are kept in {file}",
                    count: state.conflicts, ["n": String(state.conflicts), "file": conflictLog]))
        }
    }

    /// Records why a sync child ended without saying so itself (the agent ended it at its deadline,
    /// or it crashed), for `sync status` and `status` to word in the reader's language.
    static func recordFailure(code: String, values: [String]) throws {
        let ctx = try ToolContext()
        guard let failure = SyncFailure(code: code, values: values) else {
            throw InputError("unknown sync failure code {code}", ["code": code])
        }
        var state = try SyncState.load(ctx.store.paths)
        state.lastFailure = .typed(failure)
        state.lastErrorAt = ctx.now
        try state.save(ctx.store.paths)
    }

    static func off() throws {
        let ctx = try ToolContext()
        var t = Localizer(.en)
        try ctx.store.update(stamping: false) { doc in
            t = ctx.localizer(doc.settings)
            if let a = doc.sync.account, let user = a.user, a.passwordCommand == nil { SecretStore.clear(url: a.url, user: user) }
            doc.sync = SyncMetadata()
        }
        _ = unlink(SyncState.path(ctx.store.paths))
        CalDAVCollections.forget(ctx.store.paths)
        ToolOutput.line(t("Sync is off; nothing on the server was changed."))
    }
}
