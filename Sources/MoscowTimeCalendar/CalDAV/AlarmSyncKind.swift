// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Alarms, in the collection of VEVENTs, with the events other programs added there: one with a
/// reminder becomes an alarm (`uids`), whose event stays theirs — the server's text of it is kept
/// (`texts`) and a change made here patched into it (`AdoptedEventPatch`); an alarm whose copy
/// another program changed into what alarms cannot say is held out of the merge (`hold`).
final class AlarmSyncKind: SyncKind {
    static let component = "VEVENT"  // not UI: protocol text
    static let displayName = "MoscowTime alarms"  // not UI: the collection's name on the server
    static let prefix = "alarm"  // not UI
    static let adoptsOtherPrograms = true

    let collection: String
    let settings: Settings
    let workingDays: WorkingCalendar
    /// Alarms taken from another program's event, by id: the event's UID.
    let uids: [String: String]
    /// The server's text of each of those events (`SyncState.adoptedTexts`): what a change made
    /// here patches (`AdoptedEventPatch`), as of the server's clock `now`.
    let texts: [String: String]
    let now: Instant
    /// Held alarms the user chose to send as they are here: stamped even when the text they patch
    /// says the same (`hold`).
    private(set) var restamped: Set<String> = []
    /// Made when the first alarm needs it: a document without alarms renders no probe alarm.
    lazy var context = Self.renderContext(settings, workingDays)

    init(
        collection: String, settings: Settings, workingDays: WorkingCalendar, uids: [String: String] = [:],
        texts: [String: String] = [:], now: Instant = Instant(secondsSinceEpoch: 0)
    ) {
        self.collection = collection
        self.settings = settings
        self.workingDays = workingDays
        self.uids = uids
        self.texts = texts
        self.now = now
    }

    static func versions(in imp: CalendarImport) -> [(String, AlarmVersion)] {
        var out: [(String, AlarmVersion)] = []
        for a in imp.alarms where !a.id.isEmpty { out.append((a.id, .present(a))) }
        for (id, at) in imp.deletedAlarms { out.append((id, .deleted(id: id, at: at))) }
        return out
    }

    static func merge(local: AlarmVersion, remote: AlarmVersion, localChanged: Bool, remoteChanged: Bool) -> SyncMerge.Outcome<AlarmVersion>
    {
        SyncMerge.alarm(local: local, remote: remote, localChanged: localChanged, remoteChanged: remoteChanged)
    }

    static func apply(_ version: AlarmVersion, to doc: inout StoreDocument) { doc.apply(version) }

    static func forgetDeleted(_ id: String, in doc: inout StoreDocument) { doc.forgetDeletedAlarm(id) }

    /// An alarm taken from another program's event is that event's server text with what
    /// changed here patched in (`AdoptedEventPatch`), the text itself when nothing did; a change
    /// the patch cannot say is written as ours, under the event's UID.
    func render(_ version: AlarmVersion) -> String {
        if case .present(let a) = version, uids[a.id] != nil, let text = texts[a.id], let zone = Zone.shared(settings.zone),
            let patched = AdoptedEventPatch.patched(text, alarm: a, zone: zone, now: now, restamp: restamped.contains(a.id))
        {
            return patched
        }
        return Self.render(version, settings, workingDays, uid: uids[version.id])
    }

    /// The UID an adopted alarm is written under, and the text it patches, are part of what it renders.
    func digest(_ version: AlarmVersion) -> String {
        let adopted = (uids[version.id] ?? "") + (texts[version.id].map(SyncState.hash) ?? "") + (restamped.contains(version.id) ? "!" : "")
        return SyncModelDigest.of(version, salt: context + adopted)
    }

    /// Whether two versions say the same, their stamps aside: a version taken that differs only in
    /// them is no change taken.
    func sameMeaning(_ a: AlarmVersion, _ b: AlarmVersion) -> Bool {
        guard case .present(var x) = a, case .present(let y) = b else { return a == b }
        x.created = y.created
        x.modified = y.modified
        return x == y
    }

    /// An adopted event is sent again only when what it says here differs from the server's text:
    /// a version that differs only in stamps (clamped to the server's clock, `FutureStamps`) is
    /// this machine's affair, not a change of the other program's event.
    func unchanged(_ result: AlarmVersion, onServer server: AlarmVersion) -> Bool {
        guard uids[result.id] != nil, let text = texts[result.id] else { return result == server }
        return render(result) == text
    }

    func describe(_ version: AlarmVersion) -> String { Self.describe(version, settings, workingDays) }

    /// Takes the held alarms (`SyncEngine.Remote.held`) out of the merge: each keeps its version
    /// here and its server copy, and is returned with its last agreed base — unless the user chose
    /// to keep this machine's version, which then replaces the server copy (uploaded with `If-Match`
    /// on it). An alarm edited here since the base is a conflict (`Held.changedHere`), said until
    /// settled; no upload is tried, so no "changed on the server during this sync" comes back every time.
    func hold(
        _ remote: [String: SyncState.Held], local: inout [String: AlarmVersion], known: inout [String: SyncState.Item],
        keepLocal: SyncEngine.ItemChoice?
    ) -> [(SyncState.Held, SyncState.Item?)] {
        var out: [(SyncState.Held, SyncState.Item?)] = []
        for id in remote.keys.sorted() {
            var h = remote[id]!
            let base = known[id]
            if keepLocal == .keepLocal(id), local[id] != nil {
                known[id] = SyncState.Item(url: h.url, etag: h.etag, hash: "")
                // Sent as the newest version, so that other clients (vdirsyncer) take it over theirs.
                if case .present(var a)? = local[id] {
                    a.modified = max(a.modified, now)
                    local[id] = .present(a)
                }
                restamped.insert(id)
                continue
            }
            h.changedHere = local[id].map { SyncState.hash(render($0)) != base?.hash } ?? false
            if case .present? = local[id] { h.here = true } else { h.here = false }
            local[id] = nil
            known[id] = nil
            out.append((h, base))
        }
        return out
    }

    /// What an alarm's rendering reads besides the alarm, as one hash: the renderings, in these
    /// settings, of probe alarms of every schedule kind (one following working days, with a
    /// skipped day and an off-until, each with every optional field) and of a tombstone — the
    /// zone's VTIMEZONE, the production calendar's years, and this build's exporter. Salts each
    /// alarm's `SyncState.Item.model`, so a change of any of them renders every alarm again.
    static func renderContext(_ settings: Settings, _ workingDays: WorkingCalendar) -> String {
        let day = CivilDate(year: 2000, month: 1, day: 10)!
        let created = Instant(secondsSinceEpoch: 946_684_800)
        let time = TimeOfDay(hour: 7, minute: 30)!
        let schedules: [Schedule] = [
            .workdays(time: time, from: nil), .weekly(days: [.monday, .saturday], time: time, from: day),
            .once(date: day, time: time), .everyNDays(interval: 3, start: day, time: time),
            .timer(fireAt: created, duration: 300),
        ]
        var text = render(.deleted(id: "00000000", at: created), settings, workingDays)
        for schedule in schedules {
            var probe = Alarm(
                id: "00000000", label: "probe", schedule: schedule, enabled: false, snoozeMinutes: 5,  // not UI
                sound: "/probe.oga", wake: true, rampSeconds: 30, created: created)  // not UI
            probe.skippedDays = [day.adding(days: 7)]
            probe.offUntil = day.adding(days: 2)
            text += render(.present(probe), settings, workingDays)
        }
        return SyncState.hash(text)
    }

    static func render(_ v: AlarmVersion, _ settings: Settings, _ workingDays: WorkingCalendar, uid: String? = nil) -> String {
        switch v {
        case .present(let a): return (try? CalendarExporter.calendar(alarm: a, settings: settings, calendar: workingDays, uid: uid)) ?? ""
        case .deleted(let id, let at): return CalendarExporter.tombstone(alarmID: id, at: at, uid: uid)
        }
    }

    static func describe(_ v: AlarmVersion, _ settings: Settings, _ workingDays: WorkingCalendar) -> String {
        switch v {
        case .present(let a):
            // not UI: the conflict log
            return "alarm \(a.id) \"\(a.label)\" edited \(ISO8601.utcString(a.modified))\n" + render(v, settings, workingDays)
        case .deleted(let id, let at): return "alarm \(id) deleted \(ISO8601.utcString(at))\n"  // not UI: the conflict log
        }
    }
}
