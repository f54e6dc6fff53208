// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCalendar
import MoscowTimeCore

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
                throw InputError("no Secret Service runs on this desktop to keep the password: give --password-command CMD (for example \"pass show caldav\")")
            }
            password = try Password.read(prompt: t("Password for {user} at {url}: ", ["user": user, "url": url]))
        } else {
            password = try Password.fetch(account)
        }
        // Check the account before saving it: a typo should fail here, not in the background.
        let engine = SyncEngine(store: ctx.store, account: account, password: password, now: ctx.now)
        do throws(SyncError) { _ = try engine.prepareCollections() } catch { throw ToolFailure(status: 1) { CalendarWording.sync(error.failure, $0) } }
        if let user, passwordCommand == nil, let password { try SecretStore.store(password, url: url, user: user) }
        try ctx.store.update { $0.sync.account = account }
        try? unlink(SyncState.path(ctx.store.paths))
        ToolOutput.line(t("Sync set up with {url}; run agent-cli sync to synchronise.", ["url": url]))
    }

    static func run(dryRun: Bool) throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let t = ctx.localizer(doc.settings)
        guard let account = doc.sync.account else {
            throw ToolFailure("sync is not set up: agent-cli sync setup URL [--user NAME] [--password-command CMD]", status: 1)
        }
        let engine = SyncEngine(store: ctx.store, account: account, password: try Password.fetch(account), now: ctx.now)
        let report: SyncEngine.Report
        do { report = try engine.run(dryRun: dryRun) } catch let e as SyncError {
            throw ToolFailure(status: 1) { t in t("sync failed: {reason}", ["reason": CalendarWording.sync(e.failure, t)]) }
        }
        for w in report.warnings { ToolOutput.line(t("warning: {text}", ["text": CalendarWording.warning(w, t)])) }
        // On stderr: the agent logs it (once, while it lasts).
        if let clock = report.clock, !clock.agrees {
            ToolOutput.error(t("warning: {text}", ["text": CalendarWording.clock(skew: clock.skew, t)]))
        }
        ToolOutput.line(SummaryWording.synced(report, url: account.url, dryRun: dryRun, t))
    }

    static func status() throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let t = ctx.localizer(doc.settings)
        guard let account = doc.sync.account else { ToolOutput.line(t("Sync is off.")); return }
        let state = try SyncState.load(ctx.store.paths)
        ToolOutput.line(t("Sync with {url} as {user}.", ["url": account.url, "user": account.user ?? "—"]))
        ToolOutput.line(t("Last sync: {time}", ["time": state.lastSync.map(ISO8601.utcString) ?? t("never")]))
        if let failure = state.lastFailure {
            ToolOutput.line(t("Last attempt failed at {time}: {reason}",
                              ["time": state.lastErrorAt.map(ISO8601.utcString) ?? "", "reason": CalendarWording.stored(failure, t)]))
        }
        if let skew = state.clockSkew { ToolOutput.line(CalendarWording.clock(skew: skew, t)) }
        if state.conflicts > 0 {
            ToolOutput.line(t("Conflicts: {n}; the versions that lost are kept in {file}", ["n": String(state.conflicts), "file": SyncState.conflictLogPath(ctx.store.paths)]))
        }
    }

    static func off() throws {
        let ctx = try ToolContext()
        var t = Localizer(.en)
        try ctx.store.update(stamping: false) { doc in
            t = ctx.localizer(doc.settings)
            if let a = doc.sync.account, let user = a.user, a.passwordCommand == nil { SecretStore.clear(url: a.url, user: user) }
            doc.sync = SyncMetadata()
        }
        try? unlink(SyncState.path(ctx.store.paths))
        ToolOutput.line(t("Sync is off; nothing on the server was changed."))
    }
}
