// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeTerminal

/// The texts `list` builds in place (dates, clock times, filled messages, weekday lists, table
/// cells, label checks) against the plain String code they replaced, kept here as the oracle.
@Suite(.timeLimit(.minutes(1)))
struct TextFastPathTests {
    @Test func datesAndClockTimesMatchInterpolation() {
        var rng = SplitMix(seed: 5)
        var days: [Int64] = [-719_468, -719_162, -1, 0, 1, 20_413, 2_932_896, 2_932_897, 3_000_000]
        for _ in 0..<2000 { days.append(Int64(rng.next() % 3_700_000) - 750_000) }
        for d in days {
            let date = CivilDate(daysSinceEpoch: d)
            #expect(date.description == "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))")
            let h = Int(rng.next() % 24)
            let m = Int(rng.next() % 60)
            let s = Int(rng.next() % 60)
            let l = LocalDateTime(date: date, hour: h, minute: m, second: s, utcOffset: 10_800)
            #expect(l.clockText == "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2))")
            #expect(l.shortClockText == "\(pad(h, 2)):\(pad(m, 2))")
            #expect(TimeOfDay(hour: h, minute: m)!.description == "\(pad(h, 2)):\(pad(m, 2))")
            for lang in [Language.en, .ru] {
                let wd = DateText.shortWeekday(date.weekday, lang)
                let old =
                    lang == .ru
                    ? "\(wd) \(pad(date.day, 2)).\(pad(date.month, 2)).\(date.year) \(pad(h, 2)):\(pad(m, 2))"
                    : "\(wd) \(date) \(pad(h, 2)):\(pad(m, 2))"
                #expect(DateText.shortDateTime(l, lang) == old)
            }
        }
        #expect(CivilDate(year: 2026, month: 11, day: 21)!.description == "2026-11-21")
        #expect(CivilDate(year: 7, month: 1, day: 2)!.description == "0007-01-02")
        #expect(
            DateText.shortDateTime(
                LocalDateTime(
                    date: CivilDate(year: 2026, month: 11, day: 23)!, hour: 7, minute: 5,
                    second: 0, utcOffset: 10_800), .ru) == "пн 23.11.2026 07:05")
        // Out-of-range readings (not from a zone) keep the general formatting.
        #expect(
            LocalDateTime(date: CivilDate(daysSinceEpoch: 0), hour: 123, minute: -4, second: 7, utcOffset: 0).clockText
                == "123:-4:07")
    }

    /// The byte-wise `fill` against the String-wise one it replaced.
    static func referenceFill(_ text: String, _ values: [String: String]) -> String {
        let u = text.utf8
        guard !values.isEmpty, u.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var copied = u.startIndex
        var i = u.startIndex
        while let open = u[i...].firstIndex(of: UInt8(ascii: "{")) {
            let nameStart = u.index(after: open)
            guard let close = u[nameStart...].firstIndex(of: UInt8(ascii: "}")) else { break }
            if let value = values[String(text[nameStart..<close])] {
                out += text[copied..<open]
                out += value
                copied = u.index(after: close)
                i = copied
            } else {
                i = nameStart
            }
        }
        out += text[copied...]
        return out
    }

    @Test func fillMatchesTheStringVersion() {
        let values = ["n": "3", "date": "2026-12-31", "label": "{n} Чай ☕ {", "e\u{301}": "acute", "": "empty", "ключ": "значение"]
        let texts = [
            "", "plain", "{n}", "{n}{n}", "a {n} b {date} c", "{label} and {n}", "{unknown} {n}", "{", "}", "{{n}}",
            "{n", "n}", "Каждые {n} дня с {date}", "{\u{E9}} {e\u{301}}", "{} {ключ} ☕", "{{}", "x{y{n}z}",
        ]
        for text in texts {
            for v in [values, [:], ["n": "1"]] {
                #expect(Localizer.fill(text, v) == Self.referenceFill(text, v), "\(text)")
            }
        }
        #expect(Localizer.fill("{\u{E9}}", values) == "acute")  // canonically equivalent names match, as before
        #expect(Localizer.fill("{Kind}", ["\u{212A}ind": "kelvin"]) == "kelvin")
    }

    /// The old label rules, over Characters and Unicode scalars.
    static func referenceIssue(_ label: String) -> String? {
        if label.allSatisfy({ $0.isWhitespace }) { return "empty" }
        if label.utf8.count > LabelRules.maximumLength, label.count > LabelRules.maximumLength { return "long" }
        if label.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "control" }
        return nil
    }

    @Test func labelRulesMatchTheCharacterVersion() {
        let pool: [String] = [
            " ", "\t", "\n", "\r\n", "\u{3000}", "\u{A0}", "\u{2028}", "a", "Я", "☕", "\u{1}", "\u{7F}",
            "\u{85}", "e\u{301}", "\u{301}", "👨‍👩‍👧", "\u{200B}", "7", "~", "\u{FEFF}",
        ]
        var rng = SplitMix(seed: 3)
        var labels = pool + ["", String(repeating: "Я", count: 201), String(repeating: "Я", count: 200)]
        for _ in 0..<3000 { labels.append((0..<Int(rng.next() % 6)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }.joined()) }
        for label in labels {
            let issue = LabelRules.issue(label)
            let expected = Self.referenceIssue(label)
            #expect((issue == nil) == (expected == nil), "\(label.unicodeScalars.map(\.value))")
            if let issue, let expected {
                let kind = issue.english.contains("empty") ? "empty" : issue.english.contains("long") ? "long" : "control"
                #expect(kind == expected)
            }
        }
    }

    @Test func weekdayListsForEveryMask() {
        for lang in [Language.en, .ru] {
            let t = Localizer(lang)
            for mask in 1..<128 where ![0b111_1111, 0b001_1111, 0b110_0000].contains(mask) {
                let days = WeekdaySet(mask: mask)
                let names = lang == .ru ? ScheduleText.capitalizedRU : ScheduleText.capitalizedEN
                let expected = Weekday.allCases.filter { days.contains($0) }.map { names[$0.rawValue - 1] }.joined(separator: ", ")
                #expect(
                    ScheduleText.summary(
                        .weekly(days: days, time: TimeOfDay(hour: 7, minute: 0)!), t, zone: Zone(identifier: "UTC")!, holidays: .ru)
                        == expected)
            }
        }
        #expect(ScheduleText.dayList(0b101_0101, .ru) == "Пн, Ср, Пт, Вс")
    }

    /// Mixed Cyrillic, CJK, emoji and combining cells line up; rows may have fewer or more cells.
    @Test func tableOfMixedScriptsAndRaggedRows() {
        var table = TextTable(header: ["A", "Б", "C"])
        table.add(["日本語", "e\u{301}e\u{301}", "x"])
        table.add(["👨‍👩‍👧", "Чай ☕", "y"])
        table.add(["Подъём", "z"])
        table.add(["1", "2", "3", "extra"])
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines
                == ["A       Б       C", "日本語  éé      x", "👨‍👩‍👧  Чай ☕  y", "Подъём  z", "1       2       3  extra", ""].map {
                    $0.replacingAll("é", with: "e\u{301}")
                })
        #expect(TextTable.displayWidth("Чай ☕ 日本 e\u{301}") == 13)
        #expect(TextTable(header: []).render() == "\n")
    }
}
