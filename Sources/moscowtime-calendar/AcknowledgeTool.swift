// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `moscowtime-calendar acknowledge FILE dismiss|snooze|done UID RID|- INDEX [UNTIL]` (run by the
/// agent): a calendar reminder's Dismiss, Snooze (until UNTIL, an ISO 8601 instant) or Done
/// written into its calendar file (`ReminderWriteBack`, RFC 9074), for a file of a collection set
/// to write them (`calendars remind NAME --write-acknowledgements`). The file is replaced
/// atomically, and only when nobody changed it meanwhile (`SharedFileRewrite`); CalDAV's mirror
/// then uploads it with If-Match. Exit 0 written (or nothing to write), 1 not written (said).
enum AcknowledgeTool {
    static func run(_ args: [String]) throws {
        let ctx = try ToolContext()
        let settings = try ctx.store.load().settings
        let zone = try ctx.zone(settings)
        guard let request = Request(args) else {
            throw InputError(
                "moscowtime-calendar is run by agent-cli (export --ics, import); unexpected arguments: {arguments}",
                ["arguments": (["acknowledge"] + args).joined(separator: " ")])
        }
        let folder = String(request.file[..<request.file.lastIndex(of: "/")!])
        guard settings.writeBackCalendars.contains(folder) else {
            throw ToolFailure("the calendar {folder} is not set to write acknowledgements", ["folder": folder], status: 1)
        }
        // A CalDAV mirror's file is written between syncs, never during one: a sync reads the
        // files it uploads and stamps the folder after, so a write in between would never be sent.
        let paths = ctx.store.paths
        guard request.file.hasPrefix(CalDAVCollections.mirrorRoot(paths) + "/") else { return try write(request, zone, ctx.now) }
        try CalDAVCollections.locked(paths) { Result { try write(request, zone, ctx.now) } }.get()
    }

    private static func write(_ request: Request, _ zone: Zone, _ now: Instant) throws {
        let (bytes, mode) = try SharedFileRewrite.read(request.file, limit: CalendarLimits.maximumFileBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ToolFailure(status: 1) { CalendarWording.fileError(CalendarFileError(line: nil, .notUTF8), file: request.file, $0) }
        }
        let patched: String
        do throws(ReminderWriteBackError) {
            patched = try ReminderWriteBack.patched(
                text, uid: request.uid, recurrenceID: request.recurrenceID, alarm: request.alarm, action: request.action, now: now,
                zone: zone, floating: nil, newUID: newUID)
        } catch {
            let file = request.file
            throw ToolFailure(status: 1) { t in t("{file}: {reason}", ["file": file, "reason": CalendarWording.writeBack(error, t)]) }
        }
        guard patched != text else { return }
        try SharedFileRewrite.replace(request.file, expected: bytes, with: Array(patched.utf8), mode: mode)
    }

    /// A random UUID (RFC 9562 version 4), upper case as Apple and Thunderbird write a VALARM's.
    static func newUID() -> String {
        var g = SystemRandomNumberGenerator()
        var b = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        b[6] = b[6] & 0x0f | 0x40
        b[8] = b[8] & 0x3f | 0x80
        let hex = b.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    struct Request {
        let file: String
        let action: ReminderWriteAction
        let uid: String
        let recurrenceID: String?
        let alarm: Int

        init?(_ a: [String]) {
            guard a.count >= 5, a.first?.hasPrefix("/") == true, let alarm = Int(a[4]), alarm >= 0 else { return nil }
            switch (a[1], a.count) {
            case ("dismiss", 5): action = .dismiss
            case ("done", 5): action = .done
            case ("snooze", 6):
                guard let until = ISO8601.parse(a[5]) else { return nil }
                action = .snooze(until: until)
            default: return nil
            }
            file = a[0]
            uid = a[2]
            recurrenceID = a[3] == "-" ? nil : a[3]
            self.alarm = alarm
        }
    }
}
