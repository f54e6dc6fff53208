// SPDX-License-Identifier: GPL-3.0-or-later
// moscowtime-calendar: the iCalendar (libical) and CalDAV side of agent-cli, in its own
// executable so that libical and the ICU it loads (~4.5 ms per process start) never slow down
// agent-cli's other commands or the agent. agent-cli parses and validates the command line and
// then execs this with a fixed internal form:
//   moscowtime-calendar export-ics [FILE]
//   moscowtime-calendar import FILE [--dry-run]
//   moscowtime-calendar holidays-import FILE.ics
//   moscowtime-calendar sync-setup URL USER|- PASSWORD_COMMAND|-
//   moscowtime-calendar sync [--dry-run] [--accept-remote] · sync-status [--json] · sync-off
//   moscowtime-calendar sync --keep-local-item|--accept-remote-item ID [--dry-run]
//   moscowtime-calendar sync-record-failure CODE VALUE…   (the agent: a sync child it ended, or one that crashed)
//   moscowtime-calendar reminders FILE ZONE FLOATING|- FROM TO   (hidden: the reminders in FILE over [FROM, TO), JSON)
//   moscowtime-calendar calendar-next COUNT [--since INSTANT] [--read-only | --watched [--changed FOLDER]... [--changed-file PATH]...]
//       (agent-cli next: the soonest reminders of the calendars that ring, JSON; the agent adds --since for those it has
//       not rung yet, and --watched for the folders it watches, naming those that changed or the files that did)
//   moscowtime-calendar acknowledge FILE dismiss|snooze|done UID RID|- INDEX [UNTIL]   (the agent: written into the file)
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch (args.first, args.count) {
    case ("export-ics", 1): try ExportICS.run(file: nil)
    case ("export-ics", 2): try ExportICS.run(file: args[1])
    case ("import", 2): try ImportICS.run(file: args[1], dryRun: false)
    case ("holidays-import", 2): try HolidaysICS.run(file: args[1])
    case ("import", 3) where args[2] == "--dry-run": try ImportICS.run(file: args[1], dryRun: true)
    case ("sync-setup", 4):
        try SyncTool.setup(url: args[1], user: args[2] == "-" ? nil : args[2], passwordCommand: args[3] == "-" ? nil : args[3])
    case ("sync", 1...3)
    where Set(args.dropFirst()).isSubset(of: ["--dry-run", "--accept-remote"]) && Set(args.dropFirst()).count == args.count - 1:
        try SyncTool.run(dryRun: args.contains("--dry-run"), acceptRemote: args.contains("--accept-remote"))
    case ("sync", 3...4)
    where ["--keep-local-item", "--accept-remote-item"].contains(args[1]) && (args.count == 3 || args[3] == "--dry-run"):
        let id = args[2]
        try SyncTool.run(
            dryRun: args.count == 4, acceptRemote: false, item: args[1] == "--keep-local-item" ? .keepLocal(id) : .acceptRemote(id))
    case ("sync-status", 1): try SyncTool.status(json: false)
    case ("sync-status", 2) where args[1] == "--json": try SyncTool.status(json: true)
    case ("sync-off", 1): try SyncTool.off()
    case ("reminders", 6): try RemindersTool.run(file: args[1], zone: args[2], floating: args[3], from: args[4], to: args[5])
    case ("calendar-next", 2...) where CalendarNextOptions(args.dropFirst()) != nil:
        try CalendarNextTool.run(CalendarNextOptions(args.dropFirst())!)
    case ("acknowledge", 6...7): try AcknowledgeTool.run(Array(args.dropFirst()))
    case ("sync-record-failure", 2...): try SyncTool.recordFailure(code: args[1], values: Array(args[2...]))
    default:
        let t = ToolContext.userLocalizer()
        ToolOutput.error(
            t(
                "moscowtime-calendar is run by agent-cli (export --ics, import); unexpected arguments: {arguments}",
                ["arguments": args.joined(separator: " ")]))
        exit(2)
    }
} catch let e as InputError {
    ToolOutput.error(e.message(in: ToolContext.userLocalizer()))
    exit(2)
} catch let e as StoreError {
    ToolOutput.error(e.message(in: ToolContext.userLocalizer()))
    exit(1)
} catch let e as ToolFailure {
    ToolOutput.error(e.message(in: ToolContext.userLocalizer()))
    exit(e.status)
} catch {
    ToolOutput.error("\(error)")
    exit(1)
}
