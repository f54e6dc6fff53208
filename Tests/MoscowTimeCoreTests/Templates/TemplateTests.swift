// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The shipped templates (data/templates) and applying them to a document.
@Suite("Templates")
struct TemplateTests {
    static let repo: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()
    static let library = TemplateLibrary(directories: [repo + "/data/templates"])
    static let zone = Zone(identifier: "Europe/Moscow")!
    /// Saturday 2026-11-21 15:00 MSK.
    static let now = Instant(secondsSinceEpoch: 1_795_262_400)

    @Test func shipsTenValidTemplatesWithDistinctNames() throws {
        let all = try Self.library.all()
        #expect(
            all.map(\.id) == [
                "bedtime", "commute", "lunch-break", "medication", "pomodoro", "study-session",
                "water", "weekend-wakeup", "workday-wakeup", "workout",
            ])
        // Every template can be applied next to every other one: no alarm label or habit name is shared.
        let labels = all.flatMap { $0.alarms.flatMap(\.label.both) }
        #expect(Set(labels).count == labels.count)
        let habits = all.flatMap { $0.habits.flatMap(\.name.both) }
        #expect(Set(habits).count == habits.count)
        for t in all { #expect(t.name.en != t.name.ru, "\(t.id) needs a Russian name") }
    }

    @Test func findsByIdOrNameInEitherLanguage() throws {
        #expect(try Self.library.find("pomodoro")?.id == "pomodoro")
        #expect(try Self.library.find("Подъём в будни")?.id == "workday-wakeup")
        #expect(try Self.library.find("LUNCH BREAK")?.id == "lunch-break")
        #expect(try Self.library.find("nothing") == nil)
        #expect(try Self.library.find("  ") == nil)
    }

    @Test func appliesAlarmsAndHabitsInTheUsersLanguage() throws {
        let t = try #require(try Self.library.find("medication"))
        var doc = StoreDocument()
        let made = try TemplateApplication(template: t, language: .ru, zone: Self.zone, now: Self.now).apply(to: &doc)
        #expect(made.alarms.map(\.label) == ["Утренние лекарства", "Вечерние лекарства"])
        #expect(
            made.alarms.map(\.schedule) == [
                .weekly(days: Weekday.all, time: TimeOfDay(hour: 9, minute: 0)!),
                .weekly(days: Weekday.all, time: TimeOfDay(hour: 21, minute: 0)!),
            ])
        #expect(made.habits.map(\.name) == ["Принимать лекарства"])
        #expect(doc.alarms.count == 2 && doc.habits.count == 1)
    }

    @Test func aNameClashCreatesNothing() throws {
        let t = try #require(try Self.library.find("water"))
        var doc = StoreDocument()
        _ = try TemplateApplication(template: t, language: .en, zone: Self.zone, now: Self.now).apply(to: &doc)
        let before = doc
        // The same template again, even in the other language, is refused.
        #expect(throws: TemplateClashError.self) {
            try TemplateApplication(template: t, language: .ru, zone: Self.zone, now: Self.now).apply(to: &doc)
        }
        #expect(doc == before)
    }

    @Test func atMovesEveryTimeByTheSameAmount() throws {
        let t = try #require(try Self.library.find("workday-wakeup"))
        let app = TemplateApplication(template: t, language: .en, zone: Self.zone, now: Self.now, at: TimeOfDay(hour: 23, minute: 55)!)
        let times = app.build(for: StoreDocument()).alarms.map { $0.schedule.time?.description }
        #expect(times == ["23:55", "00:05"])  // 07:00 and 07:10 moved by +16 h 55 min, wrapping past midnight
        let water = try #require(try Self.library.find("water"))
        let reminders = TemplateApplication(
            template: water, language: .en, zone: Self.zone, now: Self.now, at: TimeOfDay(hour: 9, minute: 0)!
        )
        .build(for: StoreDocument()).habits[0].reminders.map(\.description)
        #expect(reminders == ["09:00", "11:00", "13:00", "15:00", "17:00"])
    }

    @Test func pomodoroCountsFromNowOrFromAt() throws {
        let t = try #require(try Self.library.find("pomodoro"))
        let timers = TemplateApplication(template: t, language: .en, zone: Self.zone, now: Self.now).build(for: StoreDocument()).alarms
        #expect(timers.first?.schedule == .timer(fireAt: Self.now + 25 * 60, duration: 25 * 60))
        #expect(timers.last?.schedule == .timer(fireAt: Self.now + 115 * 60, duration: 115 * 60))
        // 15:00 now: --at 9:00 is tomorrow morning; --at 23:30 crosses midnight.
        let morning = TemplateApplication(template: t, language: .en, zone: Self.zone, now: Self.now, at: TimeOfDay(hour: 9, minute: 0)!)
            .build(for: StoreDocument()).alarms
        #expect(morning.first?.schedule == .once(date: CivilDate(year: 2026, month: 11, day: 22)!, time: TimeOfDay(hour: 9, minute: 25)!))
        let night = TemplateApplication(template: t, language: .en, zone: Self.zone, now: Self.now, at: TimeOfDay(hour: 23, minute: 30)!)
            .build(for: StoreDocument()).alarms
        #expect(night.last?.schedule == .once(date: CivilDate(year: 2026, month: 11, day: 22)!, time: TimeOfDay(hour: 1, minute: 25)!))
    }

    @Test func rejectsDamagedFilesWithTheReason() {
        func decode(_ json: String) -> String? {
            do {
                _ = try Template.decode(id: "x", json: Array(json.utf8), file: "x.json")
                return nil
            } catch { return error.reason.english }
        }
        #expect(decode("{") != nil)
        #expect(decode(#"{"format": 2}"#)?.contains("format") == true)
        let base = #""format": 1, "name": {"en": "A", "ru": "Б"}, "description": {"en": "A", "ru": "Б"}"#
        #expect(decode("{\(base)}") == "it has neither alarms nor habits")
        #expect(
            decode(#"{\#(base), "alarms": [{"label": {"en": "A"}, "time": "07:00"}]}"#)
                == #"alarms[0].label: expected {"en": "…", "ru": "…"}"#)
        #expect(
            decode(#"{\#(base), "alarms": [{"label": {"en": "A", "ru": "Б"}, "time": "7"}]}"#)
                == #"alarms[0].time: expected a time like 07:30"#)
        #expect(
            decode(#"{\#(base), "habits": [{"name": {"en": "A", "ru": "Б"}, "frequency": "weekly"}]}"#)?.hasPrefix("habits[0].frequency")
                == true)
        #expect(decode(#"{\#(base), "habits": [{"name": {"en": "A", "ru": "Б"}, "frequency": "per-week:3"}]}"#) == nil)
    }
}

/// A user's own template with a mistake is explained in the reader's language, naming the field.
struct TemplateErrorWordingTests {
    @Test func aBrokenTemplateIsExplainedInRussian() throws {
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        func decode(_ json: String) -> TemplateError? {
            do {
                _ = try Template.decode(id: "x", json: Array(json.utf8), file: "x.json")
                return nil
            } catch { return error }
        }
        let base = #""format": 1, "name": {"en": "A", "ru": "Б"}, "description": {"en": "A", "ru": "Б"}"#
        let cases: [(String, String)] = [
            ("{", "шаблон x.json содержит ошибку: некорректный JSON: строка 1, столбец 2: "),
            ("{\(base)}", "шаблон x.json содержит ошибку: в нём нет ни будильников, ни привычек"),
            (
                #"{\#(base), "alarms": [{"label": {"en": "A", "ru": "Б"}, "time": "7"}]}"#,
                "шаблон x.json содержит ошибку: alarms[0].time: ожидалось время вида 07:30"
            ),
            (
                #"{\#(base), "alarms": [{"label": {"en": "A", "ru": "Б"}, "time": "07:00", "snooze": 0}]}"#,
                "шаблон x.json содержит ошибку: alarms[0].snooze: ожидалось число минут от 1 до"
            ),
            (
                #"{\#(base), "habits": [{"name": {"en": "A", "ru": "Б"}, "goal": {"target": 0, "unit": {"en": "g", "ru": "г"}}}]}"#,
                "шаблон x.json содержит ошибку: habits[0].goal.target: ожидалось число больше 0"
            ),
        ]
        for (json, says) in cases {
            let text = decode(json)?.message(in: ru) ?? "(accepted)"
            #expect(text.hasPrefix(says), "\(json): \(text)")
        }
    }
}
