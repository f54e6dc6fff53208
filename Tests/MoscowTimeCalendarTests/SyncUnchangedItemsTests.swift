// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport
import Testing

@testable import MoscowTimeCalendar

/// A sync decides from each item's model digest (`SyncState.Item.model`) that it is unchanged,
/// without rendering it: over generated documents and edits, the plan with digests uploads exactly
/// what the plan that renders every item uploads (the edited items, and nothing else), and renders
/// only what it sends.
@Suite("Sync: unchanged items are not rendered")
struct SyncUnchangedItemsTests {
    static let now = Instant(secondsSinceEpoch: 1_795_000_000)  // 2026-11-18
    static let created = Instant(secondsSinceEpoch: 1_780_000_000)

    struct Generator {
        var random: SplitMix
        init(seed: UInt64) { random = SplitMix(seed: seed) }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(random.next() % UInt64(r.count)) }
        mutating func bool() -> Bool { random.next() & 1 == 0 }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
        mutating func id() -> String { String(String(random.next() | 0x1000_0000, radix: 16).suffix(8)) }
        mutating func day() -> CivilDate { CivilDate(daysSinceEpoch: Int64(int(20_300...20_420))) }
        mutating func time() -> TimeOfDay { TimeOfDay(hour: int(0...23), minute: int(0...59))! }
        mutating func schedule() -> Schedule {
            switch int(0...4) {
            case 0:
                return .weekly(
                    days: WeekdaySet((0..<int(1...4)).map { _ in pick(Array(Weekday.allCases)) }), time: time(), from: bool() ? day() : nil)
            case 1: return .workdays(time: time(), from: nil)
            case 2: return .once(date: day(), time: time())
            case 3: return .everyNDays(interval: int(2...9), start: day(), time: time())
            default: return .timer(fireAt: SyncUnchangedItemsTests.now, duration: Int64(int(60...3600)))
            }
        }
        mutating func alarm() -> Alarm {
            var a = Alarm(
                id: id(), label: pick(["Подъём", "wake", "a,b", "x;y"]) + " \(int(0...99))", schedule: schedule(),
                enabled: bool(), snoozeMinutes: bool() ? int(1...30) : nil, created: SyncUnchangedItemsTests.created)
            if bool() { a.skippedDays = [day()] }
            return a
        }
        mutating func entry(_ date: CivilDate, numeric: Bool) -> HabitEntry {
            switch int(0...3) {
            case 0: return .skipped(date, note: bool() ? "ill" : nil)
            case 1: return .noted(date, note: pick(["n", "a;b"]))
            default: return .done(date, amount: numeric ? Double(int(0...40)) / 4 : nil, note: bool() ? "ok" : nil)
            }
        }
        mutating func habit() -> HabitVersion {
            let numeric = bool()
            let start = CivilDate(daysSinceEpoch: 20_200)
            let days = (0..<int(0...60)).map { start.adding(days: Int64($0 * 2)) }
            let h = Habit(
                id: id(), name: "habit \(id())", start: start,
                kind: numeric ? .numeric(HabitGoal(unit: "km", target: 3)) : .yesNo,
                entries: days.map { entry($0, numeric: numeric) }, created: SyncUnchangedItemsTests.created)
            var logged: [CivilDate: Instant] = [:]
            for d in days where bool() { logged[d] = SyncUnchangedItemsTests.created }
            return .present(h, logged: logged, removed: [:])
        }

        /// One edit that changes the version.
        mutating func edit(_ v: AlarmVersion) -> AlarmVersion {
            guard case .present(var a) = v else { return v }
            switch int(0...4) {
            case 0: a.label += "!"
            case 1: a.enabled.toggle()
            case 2:
                a.schedule = .once(date: day(), time: time())
                if a.schedule == v.alarm?.schedule { a.label += "?" }
            case 3: a.skippedDays.insert(CivilDate(daysSinceEpoch: 20_500))
            default: return .deleted(id: a.id, at: SyncUnchangedItemsTests.now)
            }
            a.modified = SyncUnchangedItemsTests.now
            return .present(a)
        }
        mutating func edit(_ v: HabitVersion) -> HabitVersion {
            guard case .present(var h, var logged, let removed) = v else { return v }
            let day = CivilDate(daysSinceEpoch: 20_400)
            switch int(0...3) {
            case 0:
                h.entries.removeAll { $0.date == day }
                h.entries.append(.done(day, amount: h.kind.goal == nil ? nil : 1))
                h.entries.sort { $0.date < $1.date }
                logged[day] = SyncUnchangedItemsTests.now
            case 1 where !h.entries.isEmpty:
                let k = int(0...(h.entries.count - 1))
                h.entries[k].note = (h.entries[k].note ?? "") + "+"
                logged[h.entries[k].date] = SyncUnchangedItemsTests.now
            case 2:
                h.name += " (2)"
                h.modified = SyncUnchangedItemsTests.now
            default: return .deleted(id: h.id, at: SyncUnchangedItemsTests.now)
            }
            return .present(h, logged: logged, removed: removed)
        }
    }

    /// What one plan decided: uploads (id, url, etag, text) in order, versions applied, records forgotten.
    struct Decision: Equatable {
        var uploads: [String] = []
        var applied: [String] = []
        var forgotten: [String] = []
    }

    /// A kind of item that counts its renderings.
    final class Counting<Kind: SyncKind>: SyncKind {
        static var component: String { Kind.component }
        static var displayName: String { Kind.displayName }
        static var prefix: String { Kind.prefix }
        static var adoptsOtherPrograms: Bool { Kind.adoptsOtherPrograms }
        let kind: Kind
        var renders = 0
        init(_ kind: Kind) { self.kind = kind }
        var collection: String { kind.collection }
        static func versions(in imp: CalendarImport) -> [(String, Kind.Version)] { Kind.versions(in: imp) }
        static func merge(local: Kind.Version, remote: Kind.Version, localChanged: Bool, remoteChanged: Bool)
            -> SyncMerge.Outcome<Kind.Version>
        {
            Kind.merge(local: local, remote: remote, localChanged: localChanged, remoteChanged: remoteChanged)
        }
        static func apply(_ version: Kind.Version, to doc: inout StoreDocument) { Kind.apply(version, to: &doc) }
        static func forgetDeleted(_ id: String, in doc: inout StoreDocument) { Kind.forgetDeleted(id, in: &doc) }
        func render(_ version: Kind.Version) -> String {
            renders += 1
            return kind.render(version)
        }
        func digest(_ version: Kind.Version) -> String { kind.digest(version) }
        func describe(_ version: Kind.Version) -> String { kind.describe(version) }
    }

    /// Runs the plan as a sync with nothing changed on the server, taking its records into
    /// `known`; counts renderings.
    static func plan<Kind: SyncKind>(
        _ kind: Kind, local: [String: Kind.Version], known: inout [String: SyncState.Item], renders: inout Int
    ) -> (Decision, [SyncEngine.Upload]) {
        var remote = SyncEngine.Remote<Kind.Version>()
        for item in known.values { remote.listing[item.url] = item.etag }
        let counting = Counting(kind)
        let decisions = SyncPlan(
            kind: counting, local: local, remote: remote, known: known, lastSync: now, clock: ServerClock(local: now, server: now)
        ).decisions()
        renders += counting.renders
        var decision = Decision()
        for d in decisions {
            known[d.id] = d.record
            if let v = d.keep { decision.applied.append("\(v)") }
            if d.forget { decision.forgotten.append(d.id) }
        }
        let uploads = decisions.compactMap(\.upload)
        decision.uploads = uploads.map { "\($0.id) \($0.url) \($0.etag ?? "-") \($0.text ?? "DELETE")" }
        return (decision, uploads)
    }

    /// The uploads as a server that took them all: the state's items, as `SyncEngine.upload` records them.
    static func stored(_ uploads: [SyncEngine.Upload], into known: inout [String: SyncState.Item], round: Int) {
        for u in uploads {
            guard let text = u.text else {
                known[u.id] = nil
                continue
            }
            known[u.id] = SyncState.Item(url: u.url, etag: "\"\(round)-\(u.id)\"", hash: SyncState.hash(text), model: u.model)
        }
    }

    func check<Kind: SyncKind>(_ items: [Kind.Version], kind: Kind, edit: (Kind.Version) -> Kind.Version?, id: (Kind.Version) -> String) {
        var local: [String: Kind.Version] = [:]
        for v in items { local[id(v)] = v }
        // The first sync sends everything.
        var known: [String: SyncState.Item] = [:]
        var renders = 0
        let (_, first) = Self.plan(kind, local: local, known: &known, renders: &renders)
        #expect(first.count == local.count)
        Self.stored(first, into: &known, round: 1)
        // Nothing changed: nothing rendered, nothing sent.
        renders = 0
        var same = known
        let (quiet, _) = Self.plan(kind, local: local, known: &same, renders: &renders)
        #expect(quiet == Decision())
        #expect(renders == 0)
        // Edits: the plan with digests and the one without decide the same, and send the edited items only.
        var edited: Set<String> = []
        for (k, v) in local {
            if let e = edit(v), e != v {
                local[k] = e
                edited.insert(k)
            }
        }
        var fastKnown = known
        var fullKnown = known.mapValues {
            var i = $0
            i.model = nil
            return i
        }
        var fastRenders = 0
        var fullRenders = 0
        let (fast, fastUploads) = Self.plan(kind, local: local, known: &fastKnown, renders: &fastRenders)
        let (full, _) = Self.plan(kind, local: local, known: &fullKnown, renders: &fullRenders)
        #expect(fast == full)
        #expect(Set(fastUploads.map(\.id)) == edited)
        #expect(fastRenders == edited.count)  // each rendered once, to compare and send
        #expect(fullRenders == local.count)
        // The rendering pass fills in the digests it lacked: the next sync renders nothing either.
        #expect(fullKnown.filter { !edited.contains($0.key) }.allSatisfy { $0.value.model != nil })
        Self.stored(fastUploads, into: &fastKnown, round: 2)
        renders = 0
        let (after, _) = Self.plan(kind, local: local, known: &fastKnown, renders: &renders)
        #expect(after == Decision())
        #expect(renders == 0)
    }

    @Test("alarms", arguments: 0..<20)
    func alarms(seed: UInt64) {
        var g = Generator(seed: seed)
        var settings = Settings()
        settings.zone = g.pick(["Europe/Moscow", "Asia/Vladivostok", "Europe/Berlin"])
        let workingDays = StoreDocument(settings: settings, alarms: []).workingCalendar
        let items: [AlarmVersion] = (0..<g.int(1...30)).map { _ in
            g.bool() || g.bool() ? .present(g.alarm()) : .deleted(id: g.id(), at: Self.created)
        }
        let editRate = g.int(0...3)
        check(
            items, kind: AlarmSyncKind(collection: "http://dav/c/", settings: settings, workingDays: workingDays),
            edit: { v in g.int(0...3) < editRate ? g.edit(v) : nil }, id: \.id)
    }

    @Test("habits", arguments: 0..<20)
    func habits(seed: UInt64) {
        var g = Generator(seed: seed)
        let items: [HabitVersion] = (0..<g.int(1...12)).map { _ in g.bool() || g.bool() ? g.habit() : .deleted(id: g.id(), at: Self.created)
        }
        let editRate = g.int(0...3)
        check(items, kind: HabitSyncKind(collection: "http://dav/c/"), edit: { v in g.int(0...3) < editRate ? g.edit(v) : nil }, id: \.id)
    }

    @Test("a setting the rendering reads renders every alarm again")
    func contextChange() {
        var settings = Settings()
        let before = AlarmSyncKind.renderContext(settings, StoreDocument(settings: settings, alarms: []).workingCalendar)
        settings.zone = "Asia/Vladivostok"
        #expect(AlarmSyncKind.renderContext(settings, StoreDocument(settings: settings, alarms: []).workingCalendar) != before)
    }

    @Test("every part of a habit's days changes its digest")
    func habitDigest() {
        let day = CivilDate(daysSinceEpoch: 20_300)
        let h = Habit(
            id: "0000abcd", name: "run", start: day, kind: .numeric(HabitGoal(unit: "km", target: 3)),
            entries: [.done(day, amount: 2, note: "ok"), .skipped(day.adding(days: 1))], created: Self.created)
        let base = HabitVersion.present(h, logged: [day: Self.created], removed: [day.adding(days: 2): Self.created])
        func digest(_ v: HabitVersion) -> String { SyncModelDigest.of(v, salt: "s") }
        var variants: [HabitVersion] = []
        func with(_ change: (inout Habit, inout [CivilDate: Instant], inout [CivilDate: Instant]) -> Void) {
            var h2 = h
            var logged = [day: Self.created]
            var removed = [day.adding(days: 2): Self.created]
            change(&h2, &logged, &removed)
            variants.append(.present(h2, logged: logged, removed: removed))
        }
        with { h, _, _ in h.entries[0].amount = 2.5 }
        with { h, _, _ in h.entries[0].amount = nil }
        with { h, _, _ in h.entries[0].note = nil }
        with { h, _, _ in h.entries[0].note = "ok!" }
        with { h, _, _ in h.entries[1].status = .noted }
        with { h, _, _ in h.entries[1].date = day.adding(days: 3) }
        with { h, _, _ in h.entries.removeLast() }
        with { h, _, _ in h.name = "walk" }
        with { h, _, _ in h.modified = Self.now }
        with { _, logged, _ in logged[day] = Self.now }
        with { _, logged, _ in logged = [:] }
        with { _, logged, removed in swap(&logged, &removed) }
        with { _, _, removed in removed[day.adding(days: 2)] = Self.now }
        variants.append(.deleted(id: h.id, at: Self.created))
        let digests = variants.map(digest)
        #expect(Set(digests).count == variants.count)
        #expect(!digests.contains(digest(base)))
        #expect(digest(base) == digest(.present(h, logged: [day: Self.created], removed: [day.adding(days: 2): Self.created])))
        #expect(digest(base) != SyncModelDigest.of(base, salt: "t"))
    }
}

extension AlarmVersion {
    fileprivate var alarm: Alarm? { if case .present(let a) = self { return a } else { return nil } }
}
