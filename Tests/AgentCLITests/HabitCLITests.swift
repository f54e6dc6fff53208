// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore
import Testing

/// `agent-cli habit …` end to end, against the built binary.
struct HabitCLITests {
    func names(_ json: JSONValue) -> [String] { json.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [] }

    @Test func addListShow() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        let add = s.run("habit", "add", "Read", "--remind", "21:00,08:00", "--start", "2026-11-01")
        #expect(add.status == 0)
        #expect(add.out.hasPrefix("Added habit ") && add.out.hasSuffix("\"Read\": Every day; reminders at 08:00, 21:00 (Europe/Moscow).\n"))
        #expect(s.run("habit", "add", "Вода 💧", "--numeric", "--unit", "стаканов", "--target", "8", "--per-week", "5").status == 0)
        #expect(s.run("habit", "add", "Coffee", "--numeric", "--target", "2", "--at-most", "--days", "mon-fri").status == 0)

        let list = try s.json("habit", "list", "--json")
        #expect(names(list) == ["Read", "Вода 💧", "Coffee"])
        let water = list.arrayValue![1]
        #expect(water["frequency"] == .object([("kind", .string("perWeek")), ("times", .int(5))]))
        #expect(water["numeric"]?["unit"] == .string("стаканов") && water["numeric"]?["target"] == .int(8))
        #expect(water["today"]?["state"] == .string("open") && water["start"] == .string("2026-11-21"))
        #expect(list.arrayValue![2]["numeric"]?["goal"] == .string("at-most"))
        // Saturday: the Monday–Friday habit is not due.
        #expect(list.arrayValue![2]["today"]?["state"] == .string("notDue"))

        let table = s.run("habit", "list").out
        #expect(table.hasPrefix("ID    NAME"))
        #expect(table.contains("Вода 💧  5 times a week, ≥ 8 стаканов  —"))

        s.run("habit", "done", "Read", "--date", "2026-11-20", "--note", "50 pages")
        let show = try s.json("habit", "show", "Read", "--json")
        #expect(
            show["entries"]
                == .array([
                    .object([
                        ("date", .string("2026-11-20")), ("state", .string("done")),
                        ("amount", .null), ("note", .string("50 pages")),
                    ])
                ]))
        #expect(show["statistics"]?["currentStreak"] == .int(1))
        #expect(s.run("habit", "show", "Read").out.contains("    2026-11-20  done — 50 pages\n"))
        // By unique id prefix too.
        let id = list.arrayValue![0]["id"]!.stringValue!
        #expect(try s.json("habit", "show", String(id.prefix(5)), "--json")["name"] == .string("Read"))
    }

    @Test func invalidInputExitsTwoAndLeavesTheStoreAlone() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.run("habit", "add", "Read", "--start", "2026-11-01")
        s.run("habit", "add", "Water", "--numeric", "--target", "8")
        s.run("habit", "done", "Read", "--date", "2026-11-02")
        let before = s.storeBytes()
        #expect(before != nil)
        let cases: [([String], String)] = [
            (["habit", "add", "Read"], "a habit named \"Read\" already exists"),
            (["habit", "add", "  "], "invalid habit name: it must not be empty"),
            (["habit", "add", String(repeating: "x", count: 201)], "at most 200 are allowed"),
            (["habit", "add", "X", "--every", "0"], "invalid --every \"0\""),
            (
                ["habit", "add", "X", "--daily", "--per-week", "3"],
                "choose one of --daily, --days mon,wed, --every N, --per-week X, --per-month X or --times-in X/Y"
            ),
            (["habit", "add", "X", "--per-month", "40"], "invalid --per-month \"40\""),
            (["habit", "add", "X", "--days", "funday"], "unknown day \"funday\""),
            (["habit", "add", "X", "--remind", "25:00"], "invalid reminder time \"25:00\""),
            (["habit", "add", "X", "--numeric"], "a numeric habit needs --target N"),
            (["habit", "add", "X", "--start", "2026-02-30"], "invalid date \"2026-02-30\""),
            (["habit", "done", "Read", "--date", "21.11.2026"], "invalid date \"21.11.2026\""),
            (["habit", "done", "Read", "--date", "2026-11-22"], "is in the future"),
            // The core's typed errors, worded by agent-cli with the option that fixes them.
            (
                ["habit", "done", "Read", "--date", "2026-10-01"],
                "is before \"Read\" started (2026-11-01): log a later day, or move the start with agent-cli habit edit \"Read\" --start 2026-10-01"
            ),
            (
                ["habit", "done", "Read", "--amount", "2"],
                "\"Read\" is a yes/no habit: --amount goes with numeric habits (add one with --numeric)"
            ),
            (["habit", "add", "X", "--per-week", "8"], "invalid --per-week \"8\": expected 1 to 7 days a week"),
            (["habit", "done", "  "], "no habit given: use its exact name or id (see agent-cli habit list)"),
            (["habit", "done", "Water", "--amount", "lots"], "invalid amount \"lots\""),
            (["habit", "done", "Water", "--amount=-1"], "invalid amount \"-1\""),
            (["habit", "done", "Nope"], "no habit \"Nope\": use its exact name or an id prefix (see agent-cli habit list --archived)"),
            (
                ["habit", "undo", "Read", "--date", "2026-11-03"],
                "nothing is logged for \"Read\" on 2026-11-03: see agent-cli habit show \"Read\""
            ),
            (["habit", "edit", "Read"], "nothing to change"),
            (["habit", "edit", "Read", "--name", "Water"], "a habit named \"Water\" already exists"),
            (["habit", "edit", "Read", "--start", "2026-11-05"], "has days logged from 2026-11-02"),
            (["habit", "edit", "Read", "--target", "3"], "cannot become numeric"),
            (["habit", "rm", "Read", "Nope"], "no habit \"Nope\""),
            (["habit", "import", "/nonexistent/file.csv"], "cannot read /nonexistent/file.csv"),
            (["habit", "stats", "Nope"], "no habit \"Nope\""),
        ]
        for (args, message) in cases {
            let r = s.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(
                r.err.hasPrefix("agent-cli: ") && r.err.contains(message) && r.err.split(separator: "\n").count == 1, "\(args): \(r.err)")
            #expect(r.out.isEmpty, "\(args)")
            #expect(s.storeBytes() == before, "\(args) changed the store")
        }
    }

    @Test func logDaysAndUndo() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.run("habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8")
        #expect(s.run("habit", "done", "Water").out == "Water, 2026-11-21: 1 glasses.\n")
        #expect(s.run("habit", "done", "Water", "--note", "with lunch").out == "Water, 2026-11-21: 2 glasses — with lunch.\n")
        #expect(s.run("habit", "done", "Water", "--amount", "2,5").out == "Water, 2026-11-21: 2.5 glasses — with lunch.\n")
        #expect(s.run("habit", "skip", "Water", "--date", "yesterday").status == 2)  // before the start (today)
        #expect(s.run("habit", "undo", "Water").out == "Water: removed the entry of 2026-11-21.\n")
        s.run("habit", "add", "Run", "--start", "2026-11-01")
        #expect(s.run("habit", "skip", "Run", "--date", "2026-11-20", "--note", "ill").out == "Run, 2026-11-20: skipped — ill.\n")
        let show = try s.json("habit", "show", "Run", "--json")
        #expect(show["entries"]?.arrayValue?.first?["state"] == .string("skipped"))
    }

    @Test func todayListsOpenHabitsAndTheRestOfTodaysAlarms() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")  // 12:00 in Moscow
        s.run("add", "20:00", "--days", "everyday", "--label", "Evening")
        s.run("add", "08:00", "--days", "everyday", "--label", "Morning")
        s.run("add", "23:59", "--days", "mon", "--label", "Monday only")
        s.run("habit", "add", "Read", "--remind", "21:00")
        s.run("habit", "add", "Stretch")
        s.run("habit", "add", "Weekdays", "--days", "mon-fri")
        s.run("habit", "done", "Stretch")
        let today = try s.json("habit", "today", "--json")
        #expect(today["date"] == .string("2026-11-21") && today["zone"] == .string("Europe/Moscow"))
        #expect(names(today["habits"]!) == ["Read"])
        #expect(today["alarms"]?.arrayValue?.map { $0["label"]!.stringValue! } == ["Evening"])
        #expect(today["alarms"]?.arrayValue?.first?["at"] == .string("2026-11-21T20:00:00+03:00"))
        let text = s.run("habit", "today").out
        #expect(text.hasPrefix("Saturday, 21 November 2026 (Europe/Moscow)\nHabits still due today:\n"))
        #expect(text.contains("Alarms still to ring today:\n  20:00  Evening\n"))
        s.run("habit", "done", "Read")
        s.now = "2026-11-21T17:30:00Z"  // 20:30
        // Points: Read and Stretch done today, a 1-day streak each: 2 × (10 × 1 + 5 × 1).
        #expect(
            s.run("habit", "today").out
                == "Saturday, 21 November 2026 (Europe/Moscow)\nNothing left for today.\nPoints: 30 · level 1 (next at 100)\n")
    }

    @Test func statsByHand() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.run("habit", "add", "Read", "--start", "2026-11-15")
        for d in ["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-19", "2026-11-20"] { s.run("habit", "done", "Read", "--date", d) }
        s.run("habit", "skip", "Read", "--date", "2026-11-18")
        // Today (21st) is open: streak 1 2 3 skip 5 6 (a skip counts, as in Loop); rates 5 of 5
        // settled due days; score: m = 0.94808, five done days and a skip: 1 − m⁵ = 1 − 0.5^(5/13)
        // = 0.23403; points 10 × 6 + 5 × 5 = 85.
        let stats = try s.json("habit", "stats", "Read", "--json")
        #expect(stats["currentStreak"] == .int(6) && stats["longestStreak"] == .int(6) && stats["streakUnit"] == .string("days"))
        #expect(stats["points"] == .int(85))
        #expect(stats["rate7"] == .int(1) && stats["rate30"] == .int(1) && stats["totalCompletions"] == .int(5))
        #expect(stats["score"] == .number(0.234))
        let all = try s.json("habit", "stats", "--json")
        #expect(all["habits"]?.arrayValue?.count == 1)
        #expect(all["summary"]?["points"] == .int(85) && all["summary"]?["level"] == .int(1) && all["summary"]?["nextLevelAt"] == .int(100))
        let text = s.run("habit", "stats", "Read", env: ["NO_COLOR": "1"]).out
        #expect(
            text.hasPrefix(
                "NAME  STREAK  BEST    7D    30D   365D  SCORE  TOTAL  POINTS\nRead  6 days  6 days  100%  100%  100%  23%    5      85\nPoints: 85 · level 1 (next at 100)\n"
            ))
        // Sunday 15 closes the second-to-last week column; Monday 16… the last.
        #expect(text.contains("\nMon " + String(repeating: " ", count: 52) + "█\n"))
        #expect(text.contains("\nWed " + String(repeating: " ", count: 52) + "-\n"))
        #expect(text.contains("\nSat " + String(repeating: " ", count: 52) + "·\n"))
        #expect(text.contains("\nSun " + String(repeating: " ", count: 51) + "█\n"))
        #expect(text.contains("Score, last 100 days:\n" + String(repeating: " ", count: 93)))
        #expect(!text.contains("\u{1B}"))  // not a terminal: characters only
    }

    @Test func archiveRemoveAndRussian() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.run("habit", "add", "Read")
        s.run("habit", "add", "Run")
        #expect(s.run("habit", "archive", "Run").status == 0)
        #expect(names(try s.json("habit", "list", "--json")) == ["Read"])
        #expect(names(try s.json("habit", "list", "--json", "--archived")) == ["Read", "Run"])
        #expect(try s.json("habit", "today", "--json")["habits"].map(names) == ["Read"])
        s.run("habit", "unarchive", "Run")
        #expect(s.run("habit", "rm", "Run").out.hasSuffix("\"Run\".\n"))
        #expect(names(try s.json("habit", "list", "--json", "--archived")) == ["Read"])
        s.run("settings", "language", "ru")
        #expect(s.run("habit", "today").out.hasPrefix("суббота, 21 ноября 2026 (Europe/Moscow)\n"))
    }

    @Test func exportThenImportRoundTripsTheStore() throws {
        let a = CLIRig(now: "2026-11-21T09:00:00Z")
        a.run(
            "habit", "add", "Read", "--description", "Books, \"papers\"", "--remind", "21:00", "--days", "mon,wed,fri", "--start",
            "2026-11-01")
        a.run("habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8", "--per-month", "20", "--start", "2026-11-01")
        a.run("habit", "done", "Read", "--date", "2026-11-02", "--note", "line one, \"two\"")
        a.run("habit", "skip", "Read", "--date", "2026-11-04")
        a.run("habit", "done", "Water", "--date", "2026-11-03", "--amount", "2.5")
        a.run("habit", "archive", "Water")
        let csv = a.run("habit", "export").out
        #expect(csv.hasPrefix("record,id,name,"))
        #expect(a.run("habit", "export", "--output", a.root + "/habits.csv").out == "Exported 2 habits to \(a.root)/habits.csv.\n")
        #expect(CLIRig.read(a.root + "/habits.csv") == Array(csv.utf8))

        let b = CLIRig(now: "2026-11-21T09:00:00Z")
        #expect(
            b.run("habit", "import", a.root + "/habits.csv", "--dry-run").out
                == "Would import 2 habits (2 new, 0 merged), 3 days added; 0 days already logged were kept.\n")
        #expect(b.storeBytes() == nil)
        #expect(
            b.run("habit", "import", a.root + "/habits.csv").out
                == "Imported 2 habits (2 new, 0 merged), 3 days added; 0 days already logged were kept.\n")
        #expect(b.storeBytes() == a.storeBytes())
        // Importing again merges: every day is already there.
        #expect(
            b.run("habit", "import", a.root + "/habits.csv").out
                == "Imported 2 habits (0 new, 2 merged), 0 days added; 3 days already logged were kept.\n")
        #expect(b.storeBytes() == a.storeBytes())
    }

    static let loopExport: [String: String] = [
        "Habits.csv": """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false
        002,Water,NUMERICAL,,,3,7,#00897B,glasses,AT_LEAST,8.0,false

        """,
        "001 Meditate/Checkmarks.csv":
            "Date,Value,Notes\n2026-11-20,YES_MANUAL,\n2026-11-19,SKIP,\"Travel, long\"\n2026-11-18,NO,\n2026-11-17,YES_MANUAL,\n",
        "001 Meditate/Scores.csv": "Date,Score\n2026-11-20,0.1000\n",
        "002 Water/Checkmarks.csv": "Date,Value,Notes\n2026-11-20,8000,\n2026-11-19,3500,\n",
        "Checkmarks.csv": "Date,Meditate,Water,\n",
        "Scores.csv": "Date,Meditate,Water,\n",
    ]

    func importedDays(_ s: CLIRig, _ name: String) throws -> JSONValue? {
        try s.json("habit", "show", name, "--json")["entries"]
    }

    @Test func importsLoopFolderAndZip() throws {
        let folder = CLIRig(now: "2026-11-21T09:00:00Z")
        for (path, text) in Self.loopExport { folder.writeFile("loop/" + path, text) }
        let r = folder.run("habit", "import", folder.root + "/loop")
        #expect(r.status == 0 && r.out == "Imported 2 habits (2 new, 0 merged), 5 days added; 0 days already logged were kept.\n")
        #expect(
            try importedDays(folder, "Meditate")
                == .array([
                    .object([("date", .string("2026-11-17")), ("state", .string("done")), ("amount", .null), ("note", .null)]),
                    .object([
                        ("date", .string("2026-11-19")), ("state", .string("skipped")), ("amount", .null),
                        ("note", .string("Travel, long")),
                    ]),
                    .object([("date", .string("2026-11-20")), ("state", .string("done")), ("amount", .null), ("note", .null)]),
                ]))
        let water = try folder.json("habit", "show", "Water", "--json")
        #expect(water["frequency"]?["kind"] == .string("perWeek") && water["numeric"]?["target"] == .int(8))

        // The same export as Loop ships it: a zip, made here with Python's zipfile (deflated).
        let zipped = CLIRig(now: "2026-11-21T09:00:00Z")
        for (path, text) in Self.loopExport { zipped.writeFile("loop/" + path, text) }
        let zip = zipped.root + "/Loop Habits CSV 2026-11-21.zip"
        let py = CLIRig.runProgram(
            [
                "/usr/bin/python3", "-c",
                """
                import os, sys, zipfile
                src, dst = sys.argv[1], sys.argv[2]
                with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
                    for d, _, files in sorted(os.walk(src)):
                        for f in sorted(files):
                            p = os.path.join(d, f)
                            z.write(p, os.path.relpath(p, src))
                """, zipped.root + "/loop", zip,
            ], in: zipped.root)
        #expect(py.status == 0, "\(py.err)")
        #expect(zipped.run("habit", "import", zip, "--dry-run").out.hasPrefix("Would import 2 habits (2 new, 0 merged), 5 days added"))
        #expect(zipped.storeBytes() == nil)
        #expect(zipped.run("habit", "import", zip).status == 0)
        for name in ["Meditate", "Water"] { #expect(try importedDays(zipped, name) == importedDays(folder, name)) }
    }

    @Test func badImportsChangeNothing() throws {
        let s = CLIRig(now: "2026-11-21T09:00:00Z")
        s.run("habit", "add", "Read")
        let before = s.storeBytes()
        s.writeFile("bad/Habits.csv", "Position,Name\n001,Read\n")
        s.writeFile("bad/001 Read/Checkmarks.csv", "2026-11-20,2\n2026-11-21,WHAT\n")
        let r = s.run("habit", "import", s.root + "/bad")
        #expect(
            r.status == 2
                && r.err
                    == "agent-cli: 001 Read/Checkmarks.csv line 2: unknown value \"WHAT\" (expected YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP or a number)\n"
        )
        s.writeFile("notes.txt", "hello")
        #expect(s.run("habit", "import", s.root + "/notes.txt").err.contains("is not something habit import reads"))
        s.writeFile("broken.zip", "PK\u{3}\u{4}garbage")
        #expect(s.run("habit", "import", s.root + "/broken.zip").status == 2)
        #expect(s.storeBytes() == before)
    }
}
