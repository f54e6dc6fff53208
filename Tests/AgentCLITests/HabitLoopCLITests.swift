// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

/// The habit commands added with Loop-exact scoring: --times-in, --target-per, --as-of, points and
/// achievements, and the achievement-notifications setting.
@Suite(.timeLimit(.minutes(2)))
struct HabitLoopCLITests {
    @Test func timesInAndTargetPer() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        #expect(s.run("habit", "add", "Swim", "--times-in", "2/5").status == 0)
        #expect(s.run("habit", "add", "Walk", "--times-in", "3/7").status == 0)  // the friendly spelling
        #expect(
            s.run("habit", "add", "Run", "--numeric", "--unit", "km", "--target", "10", "--per-week", "1", "--target-per", "period").status
                == 0)
        let list = try s.json("habit", "list", "--json").arrayValue!
        #expect(list[0]["frequency"] == .object([("kind", .string("timesInDays")), ("times", .int(2)), ("days", .int(5))]))
        #expect(list[0]["summary"] == .string("2 times in 5 days"))
        #expect(list[1]["frequency"] == .object([("kind", .string("perWeek")), ("times", .int(3))]))
        #expect(list[2]["numeric"]?["per"] == .string("period"))
        #expect(s.run("habit", "list").out.contains("once a week, ≥ 10 km in 7 days"))
        // Bad values: one line, exit 2, nothing changed.
        let before = s.storeBytes()
        for (args, message) in [
            (["--times-in", "6/5"], "invalid --times-in \"6/5\": expected X/Y, X times in Y days, 1 ≤ X ≤ Y ≤ 365 (e.g. 2/5)"),
            (["--times-in", "2/400"], "invalid --times-in \"2/400\": expected X/Y, X times in Y days, 1 ≤ X ≤ Y ≤ 365 (e.g. 2/5)"),
            (["--times-in", "2"], "invalid --times-in \"2\": expected X/Y, X times in Y days, 1 ≤ X ≤ Y ≤ 365 (e.g. 2/5)"),
            (["--numeric", "--target", "3", "--target-per", "week"], "invalid --target-per \"week\": expected day or period"),
        ] {
            let r = s.run(["habit", "add", "Bad"] + args)
            #expect(r.status == 2 && r.err.contains(message), "\(args): \(r.err)")
        }
        #expect(s.storeBytes() == before)
        // In Russian, by the plural rule.
        s.run("settings", "language", "ru")
        #expect(s.run("habit", "list").out.contains("2 раза за 5 дней"))
    }

    /// The core reports a numeric Loop habit without a target as data; agent-cli words the advice
    /// (its command and option) in the user's language.
    @Test func aLoopHabitWithoutATargetIsImportedWithAdvice() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.writeFile("loop/Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Steps,,,1,7,#FF8F00\n")
        s.writeFile("loop/001 Steps/Checkmarks.csv", "2026-11-20,9500000\n")
        let r = s.run("habit", "import", s.root + "/loop")
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out.split(separator: "\n").contains(
                "warning: \"Steps\": no usable target in the export; set one with agent-cli habit edit \"Steps\" --target N"), "\(r.out)")
        s.run("habit", "rm", "Steps")
        s.run("settings", "language", "ru")
        let ru = s.run("habit", "import", s.root + "/loop")
        #expect(
            ru.status == 0 && ru.out.contains("agent-cli habit edit \"Steps\" --target N") && !ru.out.contains("no usable target"),
            "\(ru.out)")
    }

    @Test func statsAsOfALaterOrEarlierDay() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")  // today is 2026-11-21
        s.run("habit", "add", "Read", "--start", "2026-11-01")
        for d in 1...20 { s.run("habit", "done", "Read", "--date", "2026-11-\(d < 10 ? "0" : "")\(d)") }
        // As of the 10th: ten days done, the 11th onwards not yet.
        let early = try s.json("habit", "stats", "Read", "--json", "--as-of", "2026-11-10")
        #expect(early["currentStreak"] == .int(10) && early["totalCompletions"] == .int(10) && early["points"] == .int(150))
        // 1 − 0.5^(10/13) = 0.41332
        #expect(early["score"] == .number(0.4133))
        let show = try s.json("habit", "show", "Read", "--json", "--as-of", "2026-11-10")
        #expect(show["entries"]?.arrayValue?.count == 10)
        #expect(s.run("habit", "show", "Read", "--as-of", "2026-11-10").out.contains("10 days (longest 10 days)"))
        // Looking ahead: the 21st and 22nd pass with nothing logged.
        let later = try s.json("habit", "stats", "--json", "--as-of", "2026-11-23")
        #expect(later["habits"]?.arrayValue?.first?["currentStreak"] == .int(0))
        let bad = s.run("habit", "stats", "--as-of", "2026-02-30")
        #expect(bad.status == 2 && bad.err.contains("2026-02-30"))
    }

    @Test func achievementsEarnedOnceKeptAcrossExportImport() throws {
        let a = CLIRig(now: "2026-11-21T09:00:00Z")
        a.run("habit", "add", "Read", "--start", "2026-11-15")
        let first = a.run("habit", "done", "Read", "--date", "2026-11-15").out
        #expect(first == "Read, 2026-11-15: done.\nAchievement earned: First completion (Read).\n")
        for d in 16...20 { a.run("habit", "done", "Read", "--date", "2026-11-\(d)") }
        #expect(a.run("habit", "done", "Read").out.hasSuffix("Achievement earned: 7-day streak (Read).\n"))
        // Undo and redo: kept, not earned again.
        a.run("habit", "undo", "Read")
        #expect(a.run("habit", "done", "Read").out == "Read, 2026-11-21: done.\n")
        let list = try a.json("habit", "achievements", "--json")
        #expect(list["achievements"]?.arrayValue?.map { $0["key"]!.stringValue! } == ["first", "streak-7"])
        #expect(list["achievements"]?.arrayValue?.first?["earned"] == .string("2026-11-21"))
        // 7-day streak × 10 + 7 completions × 5 = 105 → level 2.
        #expect(list["summary"]?["points"] == .int(105) && list["summary"]?["level"] == .int(2))
        let text = a.run("habit", "achievements").out
        #expect(text.contains("2026-11-21  Read  7-day streak") && text.hasSuffix("Points: 105 · level 2 (next at 400)\n"))
        #expect(a.run("habit", "today").out.contains("Points: 105 · level 2 (next at 400)"))

        a.run("habit", "export", "--output", a.root + "/habits.csv")
        let b = CLIRig(now: "2026-11-21T09:00:00Z")
        b.writeFile("habits.csv", String(decoding: CLIRig.read(a.root + "/habits.csv")!, as: UTF8.self))
        #expect(b.run("habit", "import", b.root + "/habits.csv").status == 0)
        #expect(try b.json("habit", "achievements", "--json")["achievements"] == list["achievements"])
        // Importing again is idempotent.
        let store = b.storeBytes()
        b.run("habit", "import", b.root + "/habits.csv")
        #expect(b.storeBytes() == store)
    }

    @Test func achievementNotificationsSetting() {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        #expect(s.run("settings", "achievement-notifications").out == "on\n")
        #expect(s.run("settings", "achievement-notifications", "off").out == "achievement-notifications = off\n")
        let bad = s.run("settings", "achievement-notifications", "maybe")
        #expect(bad.status == 2 && bad.err.contains("expected on or off"))
        #expect(s.run("settings", "achievement-notifications").out == "off\n")
    }
}
