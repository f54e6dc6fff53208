// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite(.timeLimit(.minutes(1)))
struct InputParserTests {
    typealias F = CoreFixtures

    // MARK: times

    @Test(arguments: [("7:30", 7, 30), ("07:30", 7, 30), ("0:00", 0, 0), ("23:59", 23, 59), (" 6:05 ", 6, 5), ("12.45", 12, 45)])
    func validTimes(text: String, hour: Int, minute: Int) throws {
        #expect(try TimeParser.parse(text) == F.time(hour, minute))
    }

    @Test(arguments: ["25:61", "7:5", "7", "abc", "24:00", "", "12:60", "-1:30", "7:30pm", "07:30:00", "7::30", "٧:٣٠"])
    func invalidTimes(text: String) {
        #expect {
            try TimeParser.parse(text)
        } throws: { error in
            let e = error as? InputError
            return e?.message.contains("invalid time \"\(text)\"") == true && e?.message.contains("HH:MM") == true
        }
    }

    // MARK: days

    @Test(arguments: [
        ("mon,tue", [Weekday.monday, .tuesday]),
        ("пн,вт", [.monday, .tuesday]),
        ("Mon, Wed , FRI", [.monday, .wednesday, .friday]),
        ("weekdays", [.monday, .tuesday, .wednesday, .thursday, .friday]),
        ("будни", [.monday, .tuesday, .wednesday, .thursday, .friday]),
        ("weekends", [.saturday, .sunday]),
        ("выходные", [.saturday, .sunday]),
        ("everyday", Weekday.allCases),
        ("каждый день", Weekday.allCases),
        ("mon-fri", [.monday, .tuesday, .wednesday, .thursday, .friday]),
        ("fri-mon", [.friday, .saturday, .sunday, .monday]),
        ("пт-вс", [.friday, .saturday, .sunday]),
        ("sun", [.sunday]),
        ("wed-wed", [.wednesday]),
        ("mon,mon", [.monday]),
        ("sat,weekdays", [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]),
    ])
    func validDays(text: String, expected: [Weekday]) throws {
        #expect(try DaysParser.parse(text) == WeekdaySet(expected))
    }

    @Test func invalidDays() {
        #expect(throws: InputError.self) { try DaysParser.parse("xyz") }
        #expect(throws: InputError.self) { try DaysParser.parse("") }
        #expect(throws: InputError.self) { try DaysParser.parse(" , ") }
        #expect(throws: InputError.self) { try DaysParser.parse("mon-xyz") }
        #expect(throws: InputError.self) { try DaysParser.parse("mon-tue-wed") }
        do {
            _ = try DaysParser.parse("mon,xyz")
            Issue.record("accepted mon,xyz")
        } catch {
            #expect(error.message.hasPrefix("unknown day \"xyz\""))
            #expect(error.message.contains("weekdays/будни"))
        }
    }

    // MARK: dates

    @Test func dates() throws {
        let today = F.day(2026, 11, 21)
        #expect(try DateParser.parse("2026-12-31", today: today) == F.day(2026, 12, 31))
        #expect(try DateParser.parse("today", today: today) == today)
        #expect(try DateParser.parse("сегодня", today: today) == today)
        #expect(try DateParser.parse("tomorrow", today: today) == F.day(2026, 11, 22))
        #expect(try DateParser.parse("Завтра", today: today) == F.day(2026, 11, 22))
        #expect(try DateParser.parse("tomorrow", today: F.day(2026, 12, 31)) == F.day(2027, 1, 1))
        #expect(try DateParser.parse(" 2027-01-02 ", today: today) == F.day(2027, 1, 2))
    }

    /// A date checked while the arguments are parsed and placed once the zone is known: the words
    /// stay relative to whichever day is today then.
    @Test func dateExpressions() throws {
        #expect(try DateParser.expression("2026-12-31") == .day(F.day(2026, 12, 31)))
        #expect(try DateParser.expression("вчера") == .fromToday(-1))
        let tomorrow = try DateParser.expression("Tomorrow")
        #expect(tomorrow == .fromToday(1))
        #expect(tomorrow.resolve(today: F.day(2026, 12, 31)) == F.day(2027, 1, 1))
        #expect(tomorrow.resolve(today: F.day(2028, 2, 28)) == F.day(2028, 2, 29))
        #expect(throws: InputError.self) { try DateParser.expression("someday") }
    }

    @Test(arguments: ["2026-02-30", "31-12-2026", "2026-13-01", "2026/12/31", "", "next week", "2026-12-3"])
    func invalidDates(text: String) {
        #expect {
            try DateParser.parse(text, today: F.day(2026, 11, 21))
        } throws: { error in
            (error as? InputError)?.message.hasPrefix("invalid date \"\(text)\"") == true
        }
    }

    // MARK: durations

    @Test(arguments: [
        ("90s", 90), ("25m", 1500), ("1h30m", 5400), ("2h", 7200), ("25", 1500), ("1ч30м", 5400),
        ("1h 30m", 5400), ("45 мин", 2700), ("1H", 3600), ("10сек", 10), ("1h0m5s", 3605),
    ])
    func validDurations(text: String, seconds: Int64) throws {
        #expect(try DurationParser.parse(text) == seconds)
    }

    @Test(arguments: ["0m", "-5m", "5x", "", "h", "0", "1h30", "m5", "1.5h", "abc", "5m-", "9999999h"])
    func invalidDurations(text: String) {
        #expect {
            try DurationParser.parse(text)
        } throws: { error in
            (error as? InputError)?.message.hasPrefix("invalid duration \"\(text)\"") == true
        }
    }

    @Test func durationFormatting() {
        #expect(DurationParser.format(90) == "1m30s")
        #expect(DurationParser.format(1500) == "25m")
        #expect(DurationParser.format(5400) == "1h30m")
        #expect(DurationParser.format(0) == "0s")
    }

    // MARK: alarm references

    let alarms = [
        CoreFixtures.alarm("3f9a0001", CoreFixtures.everyDay(7, 0), label: "Подъём"),
        CoreFixtures.alarm("3f9a0002", CoreFixtures.everyDay(8, 0), label: "Чай ☕"),
        CoreFixtures.alarm("7be98765", CoreFixtures.everyDay(9, 0), label: "Run"),
        CoreFixtures.alarm("c0ffee00", CoreFixtures.everyDay(9, 30), label: "Twice"),
        CoreFixtures.alarm("c0ffee11", CoreFixtures.everyDay(9, 45), label: "Twice"),
    ]

    @Test func resolvesUniquePrefixesAndExactLabels() throws {
        #expect(try AlarmResolver.resolve("7be9", in: alarms).id == "7be98765")
        #expect(try AlarmResolver.resolve("7", in: alarms).id == "7be98765")
        #expect(try AlarmResolver.resolve("3f9a0002", in: alarms).id == "3f9a0002")
        #expect(try AlarmResolver.resolve("Подъём", in: alarms).id == "3f9a0001")
        #expect(try AlarmResolver.resolve("Чай ☕", in: alarms).id == "3f9a0002")
        #expect(try AlarmResolver.resolve(" 7be9 ", in: alarms).id == "7be98765")
    }

    @Test func ambiguousPrefixNamesTheCandidates() {
        do {
            _ = try AlarmResolver.resolve("3f9a", in: alarms)
            Issue.record("ambiguous prefix accepted")
        } catch {
            #expect(error.message.contains("ambiguous"))
            #expect(error.message.contains("3f9a0001"))
            #expect(error.message.contains("3f9a0002"))
        }
    }

    @Test func duplicateLabelsAndUnknownKeys() {
        #expect(throws: InputError.self) { try AlarmResolver.resolve("Twice", in: alarms) }
        #expect(throws: InputError.self) { try AlarmResolver.resolve("Подъ", in: alarms) }  // labels match exactly
        #expect(throws: InputError.self) { try AlarmResolver.resolve("ffff", in: alarms) }
        #expect(throws: InputError.self) { try AlarmResolver.resolve("", in: alarms) }
        #expect(throws: InputError.self) { try AlarmResolver.resolve("anything", in: []) }
        do { _ = try AlarmResolver.resolve("nope", in: alarms) } catch { #expect(error.message.hasPrefix("no alarm \"nope\"")) }
    }

    // MARK: labels, settings and ids

    @Test func labelRules() {
        #expect(LabelRules.problem("Подъём 🏃‍♂️") == nil)
        #expect(LabelRules.problem(String(repeating: "я", count: 200)) == nil)
        #expect(LabelRules.problem(String(repeating: "👨‍👩‍👧‍👦", count: 200)) == nil)  // 200 characters, many bytes
        #expect(LabelRules.problem(String(repeating: "я", count: 201)) != nil)
        #expect(LabelRules.problem(String(repeating: "x", count: 10_000))?.contains("10000") == true)
        #expect(LabelRules.problem("") != nil)
        #expect(LabelRules.problem("   ") != nil)
        #expect(LabelRules.problem("two\nlines") != nil)
        #expect(LabelRules.problem("tab\there") != nil)
    }

    @Test func settingsEditor() throws {
        var s = Settings()
        try SettingsEditor.apply(key: "zone", value: "Europe/Berlin", to: &s)
        try SettingsEditor.apply(key: "snooze", value: "5", to: &s)
        try SettingsEditor.apply(key: "language", value: "ru", to: &s)
        #expect(s.zone == "Europe/Berlin")
        #expect(SettingsEditor.value(of: "snooze", in: s) == "5")
        #expect(SettingsEditor.value(of: "language", in: s) == "ru")
        let before = s
        for (k, v) in [
            ("zone", "Mars/Olympus"), ("zone", "UTC+3"), ("snooze", "0"), ("snooze", "121"), ("snooze", "abc"),
            ("ring-minutes", "61"), ("late-window", "-1"), ("language", "de"), ("colour", "red"), ("sound", "/no/such/file.oga"),
            ("sound", "bad sound!"),
        ] {
            #expect(throws: InputError.self, "\(k)=\(v)") { try SettingsEditor.apply(key: k, value: v, to: &s) }
        }
        #expect(s == before)
    }

    @Test func alarmIDs() {
        var taken = Set<String>()
        for _ in 0..<500 {
            let id = AlarmID.make(avoiding: taken)
            #expect(AlarmID.isValid(id))
            #expect(!taken.contains(id))
            taken.insert(id)
        }
        #expect(!AlarmID.isValid("ABCDEF12"))
        #expect(!AlarmID.isValid("abcdef1"))
        #expect(!AlarmID.isValid("abcdefgh"))
        #expect(AlarmID.shortForm("3f9a0001", among: ["3f9a0001", "3f9a0002", "7be98765"]) == "3f9a0001")
        #expect(AlarmID.shortForm("7be98765", among: ["3f9a0001", "3f9a0002", "7be98765"]) == "7be9")
        #expect(AlarmID.shortForm("3f9a1001", among: ["3f9a1001", "3f9a2002"]) == "3f9a1")
    }

    /// The definition: the shortest prefix of at least 4 that no other id starts with (else 8).
    static func referenceShortForm(_ id: String, among ids: [String]) -> String {
        var length = 4
        while length < 8, ids.contains(where: { $0 != id && $0.hasPrefix(id.prefix(length)) }) { length += 1 }
        return String(id.prefix(length))
    }

    /// `shortForms` (all at once, used by `list`) and `shortForm` (one at a time, `next`) agree
    /// with the definition.
    @Test func shortFormsMatchShortForm() {
        var rng = SplitMix(seed: 99)
        for size in [0, 1, 2, 50, 700] {
            var ids: [String] = []
            for _ in 0..<size {
                // Few distinct leading digits, so that long shared prefixes occur.
                let n = UInt32(truncatingIfNeeded: rng.next()) & 0x000F_FFFF | 0x3F90_0000
                let hex = String(n, radix: 16)
                ids.append(String(repeating: "0", count: 8 - hex.count) + hex)
            }
            ids += ids.prefix(3)  // duplicates are ignored by both
            let expected = ids.map { Self.referenceShortForm($0, among: ids) }
            #expect(AlarmID.shortForms(ids) == expected)
            #expect(ids.map { AlarmID.shortForm($0, among: ids) } == expected)
            // Ids that are not 8 hex digits (hand-edited stores are refused, but the function is general).
            let odd = ids.prefix(20).map { $0.uppercased() } + ["x", "3f9", "3f9zz", "", "3f9zz"]
            let oddExpected = odd.map { Self.referenceShortForm($0, among: odd) }
            #expect(AlarmID.shortForms(odd) == oddExpected)
            #expect(odd.map { AlarmID.shortForm($0, among: odd) } == oddExpected)
        }
    }
}
