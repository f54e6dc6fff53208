// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeTerminal

@Suite(.timeLimit(.minutes(1)))
struct TextOutputTests {
    typealias F = CoreFixtures

    @Test func longDates() {
        let d = F.day(2026, 11, 21)
        #expect(DateText.weekdayAndDate(d, .ru) == "суббота, 21 ноября 2026")
        #expect(DateText.weekdayAndDate(d, .en) == "Saturday, 21 November 2026")
        #expect(DateText.longDate(F.day(2027, 3, 8), .ru) == "8 марта 2027")
        #expect(DateText.longDate(F.day(2027, 5, 1), .en) == "1 May 2027")
    }

    @Test func shortDateTimes() {
        let l = F.moscow.local(F.at("2026-11-23T04:30:00Z"))
        #expect(DateText.shortDateTime(l, .ru) == "пн 23.11.2026 07:30")
        #expect(DateText.shortDateTime(l, .en) == "Mon 2026-11-23 07:30")
        #expect(DateText.relative(25 * 60, .english) == "25 min")
        #expect(DateText.relative(2 * 3600 + 5 * 60, Localizer(.ru)) == "2 ч 5 мин")
        #expect(DateText.relative(86_400 + 3600, .english) == "1 day 1 h")
        #expect(DateText.relative(-5, .english) == "0 min")
    }

    @Test func englishScheduleSummaries() {
        let t = Localizer(.en)
        let z = F.moscow
        #expect(ScheduleText.summary(.weekly(days: Weekday.workdays, time: F.time(7, 0)), t, zone: z, holidays: .ru) == "Weekdays")
        #expect(ScheduleText.summary(.weekly(days: Weekday.all, time: F.time(7, 0)), t, zone: z, holidays: .ru) == "Every day")
        #expect(ScheduleText.summary(.weekly(days: Weekday.weekend, time: F.time(7, 0)), t, zone: z, holidays: .ru) == "Weekends")
        #expect(
            ScheduleText.summary(.weekly(days: [.friday, .monday, .wednesday], time: F.time(7, 0)), t, zone: z, holidays: .ru)
                == "Mon, Wed, Fri")
        #expect(
            ScheduleText.summary(.once(date: F.day(2026, 12, 31), time: F.time(7, 0)), t, zone: z, holidays: .ru) == "Once on 2026-12-31")
        #expect(
            ScheduleText.summary(.everyNDays(interval: 2, start: F.day(2026, 11, 21), time: F.time(7, 0)), t, zone: z, holidays: .ru)
                == "Every 2 days from 2026-11-21")
        #expect(
            ScheduleText.summary(.timer(fireAt: F.at("2026-11-21T12:25:00Z"), duration: 1500), t, zone: z, holidays: .ru) == "Timer 25 min")
        #expect(ScheduleText.time(.timer(fireAt: F.at("2026-11-21T12:25:00Z"), duration: 1500), zone: z) == "15:25")
        #expect(ScheduleText.time(.weekly(days: [.monday], time: F.time(6, 5)), zone: z) == "06:05")
    }

    @Test func languageResolution() {
        #expect(Language.resolve(setting: .ru, environment: ["LANG": "C"]) == .ru)
        #expect(Language.resolve(setting: .en, environment: ["LANG": "ru_RU.UTF-8"]) == .en)
        #expect(Language.resolve(setting: .auto, environment: ["LANG": "ru_RU.UTF-8"]) == .ru)
        #expect(Language.resolve(setting: .auto, environment: ["LANG": "C"]) == .en)
        #expect(Language.resolve(setting: .auto, environment: [:]) == .en)
        #expect(Language.resolve(setting: .auto, environment: ["LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8"]) == .ru)
        #expect(Language.resolve(setting: .auto, environment: ["LANG": "en_US.UTF-8", "LANGUAGE": "ru:en"]) == .ru)
        #expect(Language.resolve(setting: .auto, environment: ["LANG": "C", "LANGUAGE": "ru"]) == .en)  // as gettext
    }

    @Test func tableColumnsAlignByDisplayWidth() {
        var table = TextTable(header: ["ID", "LABEL", "X"])
        table.add(["1", "Подъём", "a"])
        table.add(["22", "Чай ☕", "b"])
        table.add(["333", "日本", "c"])
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.last == "")
        // The third column starts at the same display column on every line.
        let starts = lines.dropLast().map { line -> Int in
            let prefix = String(line.dropLast())
            return TextTable.displayWidth(prefix)
        }
        #expect(Set(starts).count == 1)
        #expect(lines[0] == "ID   LABEL   X")
        #expect(lines[2] == "22   Чай ☕  b")
        #expect(TextTable.displayWidth("Подъём") == 6)
        #expect(TextTable.displayWidth("☕") == 2)
        #expect(TextTable.displayWidth("日本") == 4)
        #expect(TextTable.displayWidth("e\u{301}") == 1)
        #expect(TextTable.displayWidth("👨‍👩‍👧") == 6)
    }

    @Test func placeholderFilling() {
        let t = Localizer(.en)
        #expect(
            t(
                "Added alarm {id} \"{label}\": {summary} at {time}; next ring {next}.",
                ["id": "ab12cd34", "label": "{time} literal", "summary": "Weekdays", "time": "07:30", "next": "Mon"]
            )
            .hasPrefix("Added alarm ab12cd34 \""))
        #expect("a{x}b{x}c".replacingAll("{x}", with: "Я") == "aЯbЯc")
        #expect("Чай {x}".replacingAll("{x}", with: "") == "Чай ")
        #expect("no placeholder".replacingAll("{x}", with: "y") == "no placeholder")
        #expect("{x}".replacingAll("", with: "y") == "{x}")
    }
}

@Suite(.timeLimit(.minutes(1)))
struct PlaceholderFillTests {
    /// A label that looks like a placeholder is shown as typed, whatever order the values come in.
    @Test func valuesAreNeverExpandedAgain() {
        let t = Localizer(.en)
        for _ in 0..<20 {
            let s = t(
                "Added alarm {id} \"{label}\": {summary} at {time}; next ring {next}.",
                ["id": "ab12cd34", "label": "{time} {next} {id}", "summary": "Weekdays", "time": "07:30", "next": "Mon"])
            #expect(s == "Added alarm ab12cd34 \"{time} {next} {id}\": Weekdays at 07:30; next ring Mon.")
        }
        // Many key pairs, so that any order-dependent expansion shows up whatever the hash seed.
        for i in 0..<64 {
            #expect(Localizer.fill("<{k\(i)}>", ["k\(i)": "{v\(i)}", "v\(i)": "X"]) == "<{v\(i)}>")
        }
        #expect(Localizer.fill("{a}{b}{a}", ["a": "1", "b": "{a}"]) == "1{a}1")
        #expect(Localizer.fill("{unknown} {a} {", ["a": "x"]) == "{unknown} x {")
        #expect(Localizer.fill("{{a}}", ["a": "x"]) == "{x}")
        #expect(Localizer.fill("Чай {n} ☕", ["n": "2"]) == "Чай 2 ☕")
        #expect(Localizer.fill("no braces", ["a": "x"]) == "no braces")
    }
}
