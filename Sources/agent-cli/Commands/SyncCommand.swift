// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli sync [--dry-run] | setup | status | off`: two-way sync with a CalDAV server (done by
/// moscowtime-calendar, which speaks CalDAV through libsoup).
struct SyncCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sync", abstract: t("Synchronise alarms and habits with a CalDAV server (Radicale, Nextcloud, Fastmail…)."),
            discussion: t(
                "Alarms go to the calendar \"moscowtime-alarms\" (events), habits with every logged day to \"moscowtime-habits\" (to-dos), both created if missing. Per item the later edit wins, per habit day the later log, and a delete wins over an older edit; versions that lose are kept in the conflict log that sync status names. Exit status 1 when the server cannot be reached or refuses the password."
            ),
            subcommands: [SyncSetupCommand.self, SyncStatusCommand.self, SyncOffCommand.self])
    }

    @Flag(name: .customLong("dry-run"), help: t("Say what would be taken and sent without changing anything here or on the server."))
    var dryRun = false

    @Flag(
        name: .customLong("accept-remote"),
        help: t(
            "Follow a server that lost every item this computer had synced: delete them here too (without it they are kept and sent again)."
        ))
    var acceptRemote = false

    @Option(
        name: .customLong("keep-local"),
        help: t(
            "This computer's version of this alarm or habit (by its id) wins this sync and replaces the server's copy (a conflict, or an alarm whose server copy alarms cannot express).",
            value: N_("item")))
    var keepLocal: String?

    @Option(
        name: .customLong("accept-remote-item"),
        help: t("The server's copy of this alarm or habit (by its id) wins this sync over this computer's version.", value: N_("item")))
    var acceptRemoteItem: String?

    func validate() throws {
        if [keepLocal != nil, acceptRemoteItem != nil, acceptRemote].filter({ $0 }).count > 1 {
            throw InputError("--keep-local, --accept-remote-item and --accept-remote cannot be used together")
        }
    }

    func run() throws {
        if let id = keepLocal ?? acceptRemoteItem {
            try CalendarHelper.exec(
                ["sync", keepLocal != nil ? "--keep-local-item" : "--accept-remote-item", id] + (dryRun ? ["--dry-run"] : []))
        }
        try CalendarHelper.exec(["sync"] + (dryRun ? ["--dry-run"] : []) + (acceptRemote ? ["--accept-remote"] : []))
    }
}

struct SyncSetupCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "setup", abstract: t("Set the CalDAV server to sync with (checked before it is saved)."),
            discussion: t(
                "Without --password-command the password is read from standard input and kept in the desktop's Secret Service (GNOME Keyring, KWallet); it is never written to the store."
            ))
    }

    @Argument(help: t("The server, principal or calendar-home URL (https://dav.example.org/ or http://127.0.0.1:5232/).", value: N_("URL")))
    var url: String

    @Option(name: .long, help: t("The user name.", value: N_("user")))
    var user: String?

    @Option(
        name: .customLong("password-command"),
        help: t("A command that prints the password (pass show caldav); it is never stored.", value: N_("command")))
    var passwordCommand: String?

    func run() throws {
        guard passwordCommand == nil || user != nil else { throw InputError("--password-command needs --user NAME") }
        try CalendarHelper.exec(["sync-setup", url, user ?? "-", passwordCommand ?? "-"])
    }
}

struct SyncStatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "status", abstract: t("Show the sync account, the last sync, failures and conflicts."))
    }
    @Flag(name: .long, help: t("Machine-readable output.")) var json = false

    func run() throws { try CalendarHelper.exec(["sync-status"] + (json ? ["--json"] : [])) }
}

struct SyncOffCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "off", abstract: t("Stop syncing (the server's copy is left as it is)."))
    }
    func run() throws { try CalendarHelper.exec(["sync-off"]) }
}
