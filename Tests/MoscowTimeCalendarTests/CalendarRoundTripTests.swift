// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport
import Testing

@testable import MoscowTimeCalendar

/// Export → import gives back exactly the same alarms and habits, over generated documents.
@Suite("iCalendar round trip")
struct CalendarRoundTripTests {
    /// Seeded cases (SplitMix64): failures reproduce from the seed.
    struct Generator {
        var random: SplitMix
        /// Days up to the ends of `Limits.alarmDates`; without, within a few years of now.
        var extremes = true
        init(state: UInt64) { random = SplitMix(seed: state) }
        mutating func next() -> UInt64 { random.next() }
        mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
        mutating func bool() -> Bool { next() & 1 == 0 }
        mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }

        /// Text users type: several scripts, punctuation iCalendar escapes, inner spaces, emoji.
        mutating func text(_ maxWords: Int = 4) -> String {
            let words = [
                "Подъём", "wake", "a,b", "x;y", "back\\slash", "\"q\"", "«ёлка»", "Zürich", "🙂", "日本",
                "colon:here", "tab", "100%", "{time}", "N=3", "—",
            ]
            return (0..<int(1...maxWords)).map { _ in pick(words) }.joined(separator: pick([" ", "  ", ", "]))
        }
        mutating func day() -> CivilDate { CivilDate(daysSinceEpoch: Int64(int(19_000...21_000))) }
        /// A day an alarm can have, now and then the first or last of `Limits.alarmDates`.
        mutating func alarmDay() -> CivilDate {
            extremes ? pick([day(), day(), Limits.alarmDates.lowerBound, Limits.alarmDates.upperBound]) : day()
        }
        /// A first day for a weekly alarm: one of its days, after the ones its creation (before
        /// 2031) already reaches, up to the last day alarms can have.
        mutating func firstDay(_ days: WeekdaySet) -> CivilDate {
            var d = CivilDate(daysSinceEpoch: Int64(int(22_000...(extremes ? 83_990 : 23_000))))
            while !days.contains(d.weekday) { d = d.adding(days: 1) }
            return d
        }
        mutating func time() -> TimeOfDay { TimeOfDay(hour: int(0...23), minute: int(0...59))! }
        mutating func instant() -> Instant { Instant(secondsSinceEpoch: Int64(int(1_700_000_000...1_900_000_000))) }
        mutating func days() -> WeekdaySet { WeekdaySet(mask: int(1...127)) }
        mutating func amount() -> Double { pick([0, 1, 2.5, 8, 0.1, 1e6, 1.0 / 3, 12.75]) }
    }

    static func alarm(_ g: inout Generator, id: String) -> Alarm {
        let schedule: Schedule
        switch g.int(0...3) {
        case 0:
            let days = g.days()
            schedule = .weekly(days: days, time: g.time(), from: g.bool() ? g.firstDay(days) : nil)
        case 1: schedule = .once(date: g.alarmDay(), time: g.time())
        case 2: schedule = .everyNDays(interval: g.int(1...Schedule.maximumInterval), start: g.alarmDay(), time: g.time())
        default: schedule = .timer(fireAt: g.instant(), duration: Int64(g.int(Limits.timerSeconds)))
        }
        let created = g.instant()
        return Alarm(
            id: id, label: g.text(), schedule: schedule, enabled: g.bool(),
            snoozeMinutes: g.bool() ? g.int(Limits.snoozeMinutes) : nil,
            sound: g.bool() ? g.pick(["alarm-clock-elapsed", "/home/me/Звуки/rooster, loud.ogg"]) : nil,
            rampSeconds: g.bool() ? g.int(Limits.rampSeconds) : nil,
            created: created, modified: created + Int64(g.int(0...10_000_000)))
    }

    static func habit(_ g: inout Generator, id: String, name: String) -> Habit {
        let frequency: HabitFrequency = g.pick([
            .daily, .weekdays(g.days()), .everyNDays(g.int(2...HabitFrequency.maximumInterval)),
            .timesPerWeek(g.int(HabitFrequency.weekTimes)), .timesPerMonth(g.int(HabitFrequency.monthTimes)),
            .timesInDays(2, 5), .timesInDays(3, 31),
        ])
        let kind: HabitKind =
            g.bool()
            ? .yesNo
            : .numeric(
                HabitGoal(
                    unit: g.bool() ? "" : g.text(2), target: g.pick([1, 8, 2.5, 0.25, 1e6]),
                    direction: g.bool() ? .atLeast : .atMost, per: g.bool() ? .day : .period))
        let start = g.day()
        var entries: [HabitEntry] = []
        var d = start
        for _ in 0..<g.int(0...60) {
            d = d.adding(days: Int64(g.int(0...3)))
            if entries.last?.date == d { continue }
            let note = g.int(0...3) == 0 ? g.text() : nil
            if g.int(0...4) == 0 {
                entries.append(.skipped(d, note: note))
            } else if let note, g.int(0...3) == 0 {
                entries.append(.noted(d, note: note))
            } else if kind.isNumeric {
                entries.append(.done(d, amount: g.amount(), note: note))
            } else {
                entries.append(.done(d, note: note))
            }
        }
        let created = g.instant()
        var h = Habit(
            id: id, name: name, description: g.bool() ? g.text(8) : nil, frequency: frequency,
            reminders: (0..<g.int(0...3)).map { _ in g.time() }, start: start, archived: g.int(0...4) == 0,
            kind: kind, entries: entries, created: created, modified: created + Int64(g.int(0...1000)))
        if g.bool() {
            h.achievements = [
                HabitAchievement(.firstCompletion, earned: start), HabitAchievement(.streak(7), earned: start.adding(days: 7)),
            ]
        }
        return h
    }

    static func document(seed: UInt64, extremes: Bool = true) -> StoreDocument {
        var g = Generator(state: seed)
        g.extremes = extremes
        var doc = StoreDocument()
        doc.settings.zone = g.pick(["Europe/Moscow", "Europe/Moscow", "Asia/Yekaterinburg", "Europe/Minsk"])
        var ids = Set<String>()
        for k in 0..<g.int(0...12) {
            let id = AlarmID.make(avoiding: ids)
            ids.insert(id)
            _ = k
            doc.alarms.append(alarm(&g, id: id))
        }
        for k in 0..<g.int(0...5) {
            let id = AlarmID.make(avoiding: ids)
            ids.insert(id)
            doc.habits.append(habit(&g, id: id, name: "\(g.text(2)) \(k)"))
        }
        return doc
    }

    @Test("export then import into an empty store gives the same alarms and habits", arguments: 0..<150)
    func roundTrip(seed: Int) throws {
        let doc = Self.document(seed: UInt64(seed))
        let text = try CalendarExporter.calendar(doc)
        let zone = Zone(identifier: doc.settings.zone)!
        let read = try CalendarImporter.read(Array(text.utf8), zone: zone, now: Instant(secondsSinceEpoch: 1_800_000_000))
        #expect(read.warnings == [])
        var back = StoreDocument()
        back.settings = doc.settings
        let summary = CalendarMerge.merge(read, into: &back)
        #expect(summary.alarmsAdded == doc.alarms.count && summary.habitsAdded == doc.habits.count)
        #expect(back.alarms == doc.alarms)
        #expect(back.habits == doc.habits)
        // And the result is a document the store reads.
        #expect(try DocumentCoding.decode(DocumentCoding.encode(back)) == back)
    }

    @Test("importing its own export into the same store changes nothing")
    func reimportIsIdempotent() throws {
        var doc = Self.document(seed: 7)
        let text = try CalendarExporter.calendar(doc)
        let read = try CalendarImporter.read(
            Array(text.utf8), zone: Zone(identifier: doc.settings.zone)!, now: Instant(secondsSinceEpoch: 1_800_000_000))
        let before = doc
        let s = CalendarMerge.merge(read, into: &doc)
        #expect(doc == before)
        #expect(s.alarmsUnchanged == doc.alarms.count && s.habitsUnchanged == doc.habits.count)
    }

    /// libical's time zone table is process-wide and unlocked (libical#1029): exports and imports
    /// running at once on many threads (as the test runner and a library user may) must give exactly
    /// what they give one at a time, and must not crash.
    @Test("exports and imports on many threads at once give the serial results")
    func concurrentUse() async throws {
        let zones = [
            "Europe/Moscow", "Asia/Yekaterinburg", "Europe/Minsk", "America/New_York", "Asia/Tokyo",
            "Australia/Lord_Howe", "Europe/Berlin", "Asia/Kathmandu",
        ]
        let documents = (0..<32).map { k -> StoreDocument in
            // Days near now: libical's VTIMEZONE of Australia/Lord_Howe (half-hour daylight saving)
            // no longer agrees with the tz database's rule a century ahead.
            var doc = Self.document(seed: UInt64(1_000 + k), extremes: false)
            doc.settings.zone = zones[k % zones.count]
            return doc
        }
        // Parallel first: the race is in libical's first use of each zone.
        let parallel = try await withThrowingTaskGroup(of: (Int, String, Int).self) { group in
            for (k, doc) in documents.enumerated() {
                group.addTask {
                    let text = try CalendarExporter.calendar(doc)
                    let read = try CalendarImporter.read(
                        Array(text.utf8), zone: Zone(identifier: doc.settings.zone)!,
                        now: Instant(secondsSinceEpoch: 1_800_000_000))
                    return (k, text, read.alarms.count)
                }
            }
            var out: [Int: (String, Int)] = [:]
            for try await (k, text, alarms) in group { out[k] = (text, alarms) }
            return out
        }
        let serial = try documents.map { try CalendarExporter.calendar($0) }
        for (k, doc) in documents.enumerated() {
            #expect(parallel[k]?.0 == serial[k])
            #expect(parallel[k]?.1 == doc.alarms.count)
        }
    }
}
