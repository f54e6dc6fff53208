// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Counted words by rule (1 день / 2 дня / 5 дней / 21 день), durations in words rounded once and
/// then split, and the same texts in English ("Every 2 days", "once a week").
@Suite("Russian grammar")
struct RussianGrammarTests {
    typealias F = CoreFixtures
    let ru = Localizer(.ru, catalogue: MessageCatalogue.embedded(.ru))
    let en = Localizer(.en)

    @Test func repeatsOfAlarms() {
        let start = F.day(2026, 11, 21)
        func every(_ n: Int, _ t: Localizer) -> String {
            ScheduleText.summary(.everyNDays(interval: n, start: start, time: F.time(7, 0)), t, zone: F.moscow, holidays: .ru)
        }
        #expect(every(1, ru) == "Каждый день с 2026-11-21")
        #expect(every(2, ru) == "Каждые 2 дня с 2026-11-21")
        #expect(every(5, ru) == "Каждые 5 дней с 2026-11-21")
        #expect(every(11, ru) == "Каждые 11 дней с 2026-11-21")
        #expect(every(21, ru) == "Каждый 21 день с 2026-11-21")
        #expect(every(22, ru) == "Каждые 22 дня с 2026-11-21")
        #expect(every(1, en) == "Every day from 2026-11-21")
        #expect(every(2, en) == "Every 2 days from 2026-11-21")
    }

    @Test func habitFrequencies() {
        #expect(HabitText.frequency(.everyNDays(1), ru) == "Каждый день")
        #expect(HabitText.frequency(.everyNDays(3), ru) == "Каждые 3 дня")
        #expect(HabitText.frequency(.everyNDays(21), ru) == "Каждый 21 день")
        #expect(HabitText.frequency(.timesPerWeek(1), ru) == "раз в неделю")
        #expect(HabitText.frequency(.timesPerWeek(2), ru) == "2 раза в неделю")
        #expect(HabitText.frequency(.timesPerWeek(5), ru) == "5 раз в неделю")
        #expect(HabitText.frequency(.timesPerMonth(21), ru) == "21 раз в месяц")
        #expect(HabitText.frequency(.timesPerMonth(12), ru) == "12 раз в месяц")
        #expect(HabitText.frequency(.everyNDays(2), en) == "Every 2 days")
        #expect(HabitText.frequency(.timesPerWeek(1), en) == "once a week")
        #expect(HabitText.frequency(.timesPerWeek(3), en) == "3 times a week")
    }

    @Test func streaks() {
        #expect(HabitText.streak(1, .days, ru) == "1 день")
        #expect(HabitText.streak(3, .weeks, ru) == "3 недели")
        #expect(HabitText.streak(5, .months, ru) == "5 месяцев")
        #expect(HabitText.streak(1, .days, en) == "1 day")
        #expect(HabitText.streak(2, .weeks, en) == "2 weeks")
    }

    @Test func durationsRoundOnceThenSplit() {
        #expect(DurationText.words(25 * 60, ru) == "25 мин")
        #expect(DurationText.words(90 * 60, ru) == "1 ч 30 мин")
        #expect(DurationText.words(59 * 60 + 59, ru) == "1 ч")  // not "0 мин"
        #expect(DurationText.words(3600 + 59 * 60 + 30, ru) == "2 ч")  // not "1 ч"
        #expect(DurationText.words(23 * 3600 + 59 * 60 + 59, ru) == "1 день")  // not "23 ч"
        #expect(DurationText.words(30, ru) == "1 мин")
        #expect(DurationText.words(2 * 86_400 + 3 * 3600, ru) == "2 дня 3 ч")
        #expect(DurationText.words(5 * 86_400, ru) == "5 дней")
        #expect(DurationText.words(90, ru, exactSeconds: true) == "1 мин 30 с")
        #expect(DurationText.words(59 * 60 + 59, en) == "1 h")
        #expect(DurationText.words(86_400 + 3600, en) == "1 day 1 h")
    }

    @Test func unitForms() {
        let glasses = "стакан,стакана,стаканов"
        let forms = [
            1: "стакан", 2: "стакана", 4: "стакана", 5: "стаканов", 11: "стаканов", 12: "стаканов",
            21: "стакан", 22: "стакана", 25: "стаканов", 101: "стакан", 111: "стаканов", 0: "стаканов",
        ]
        for (n, form) in forms { #expect(HabitUnit.form(glasses, for: Double(n)) == form, "\(n)") }
        #expect(HabitUnit.form(glasses, for: 2.5) == "стакана")
        #expect(HabitText.amount(3, unit: glasses) == "3 стакана")
        #expect(HabitText.amount(5, unit: glasses) == "5 стаканов")
        #expect(HabitUnit.form("glass,glasses", for: 1) == "glass")
        #expect(HabitUnit.form("glass,glasses", for: 1.5) == "glasses")
        #expect(HabitUnit.form("km", for: 5) == "km")  // one form: as given
        #expect(HabitUnit.form("a,,b", for: 5) == "a,,b")  // not a list of forms
    }
}
