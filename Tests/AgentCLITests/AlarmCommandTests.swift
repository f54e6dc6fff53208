// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal
import Testing

/// The happy path of each alarm command, run as a process. "Now" is Saturday 2026-11-21 15:00 MSK.
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: CLIRig.binaryExists, "agent-cli must be built next to the test binary (or set MOSCOWTIME_BIN_DIR)"))
struct AlarmCommandTests {
    /// The id of the one alarm a fresh `add` printed ("Added alarm 1a2b3c4d …").
    func addedID(_ r: CLIRig.Result, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(r.status == 0, "\(r)", sourceLocation: sourceLocation)
        let words = r.out.split(separator: " ")
        let id = words.count > 2 ? String(words[2]) : ""
        #expect(AlarmID.isValid(id), "\(r.out)", sourceLocation: sourceLocation)
        return id
    }

    func list(_ rig: CLIRig) throws -> [JSONValue] { try rig.json("list", "--json").arrayValue ?? [] }

    @Test func addDefaultsToWeekdays() throws {
        let rig = CLIRig()
        let r = rig.run("add", "7:30", "--label", "Подъём")
        let id = addedID(r)
        #expect(r.out == "Added alarm \(id) \"Подъём\": Weekdays at 07:30; next ring Mon 2026-11-23 07:30.\n")
        #expect(r.err.isEmpty)
        let a = try #require(try list(rig).first)
        #expect(a["id"] == .string(id))
        #expect(a["label"] == .string("Подъём"))
        #expect(a["enabled"] == .bool(true))
        #expect(
            a["schedule"]
                == .object([
                    ("kind", .string("weekly")), ("time", .string("07:30")),
                    ("days", .array(["mon", "tue", "wed", "thu", "fri"].map(JSONValue.string))),
                ]))
        #expect(a["next"] == .string("2026-11-23T07:30:00+03:00"))
        #expect(a["created"] == .string("2026-11-21T15:00:00+03:00"))
        // Default label, and the store on disk.
        _ = addedID(rig.run("add", "07:05"))
        let doc = try rig.load()
        #expect(doc.alarms.count == 2)
        #expect(doc.alarms[1].label == "Alarm")
        #expect(doc.alarms[1].schedule == .weekly(days: Weekday.workdays, time: TimeOfDay(hour: 7, minute: 5)!))
    }

    @Test func addWithDaysOnceAndEvery() throws {
        let rig = CLIRig()
        _ = addedID(rig.run("add", "6:45", "--days", "пн,ср,пт"))
        let once = rig.run("add", "9:00", "--once", "tomorrow", "--label", "Врач")
        _ = addedID(once)
        #expect(once.out.contains("Once on 2026-11-22 at 09:00; next ring Sun 2026-11-22 09:00."))
        _ = addedID(rig.run("add", "22:00", "--every", "2"))
        _ = addedID(rig.run("add", "8:00", "--every", "3", "--from", "2026-12-01", "--disabled", "--snooze", "7", "--sound", "bell"))
        _ = addedID(rig.run("add", "10:00", "--days", "fri-mon"))
        let doc = try rig.load()
        let day = { (y: Int, m: Int, d: Int) in CivilDate(year: y, month: m, day: d)! }
        #expect(
            doc.alarms.map(\.schedule) == [
                .weekly(days: [.monday, .wednesday, .friday], time: TimeOfDay(hour: 6, minute: 45)!),
                .once(date: day(2026, 11, 22), time: TimeOfDay(hour: 9, minute: 0)!),
                .everyNDays(interval: 2, start: day(2026, 11, 21), time: TimeOfDay(hour: 22, minute: 0)!),
                .everyNDays(interval: 3, start: day(2026, 12, 1), time: TimeOfDay(hour: 8, minute: 0)!),
                .weekly(days: [.friday, .saturday, .sunday, .monday], time: TimeOfDay(hour: 10, minute: 0)!),
            ])
        #expect(doc.alarms[3].enabled == false)
        #expect(doc.alarms[3].snoozeMinutes == 7)
        #expect(doc.alarms[3].sound == "bell")
        let items = try list(rig)
        #expect(items[1]["summary"] == .string("Once on 2026-11-22"))
        #expect(items[2]["next"] == .string("2026-11-21T22:00:00+03:00"))  // today is day 0 of "every 2"
        #expect(items[3]["next"] == .null)  // disabled
    }

    @Test func addJSONOutput() throws {
        let rig = CLIRig()
        let v = try rig.json("add", "7:30", "--label", "Утро", "--json")
        #expect(v["label"] == .string("Утро"))
        #expect(AlarmID.isValid(v["id"]?.stringValue ?? ""))
        #expect(v["next"] == .string("2026-11-23T07:30:00+03:00"))
    }

    @Test func timerWithCyrillicLabel() throws {
        let rig = CLIRig()
        let r = rig.run("timer", "25m", "Чай")
        #expect(r.status == 0)
        let id = r.out.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        #expect(AlarmID.isValid(id))
        #expect(r.out == "Timer \(id) \"Чай\" rings in 25 min, at 15:25:00.\n")
        let a = try #require(try list(rig).first)
        #expect(a["schedule"]?["kind"] == .string("timer"))
        #expect(a["schedule"]?["at"] == .string("2026-11-21T12:25:00Z"))
        #expect(a["durationSeconds"] == .int(1500))
        #expect(a["next"] == .string("2026-11-21T15:25:00+03:00"))
        #expect(a["summary"] == .string("Timer 25 min"))
        // Default label; other duration forms.
        #expect(rig.run("timer", "1h30m").out.contains("\"Timer\" rings in 1 h 30 min, at 16:30:00."))
        #expect(rig.run("timer", "90s", "Яйца 🥚").out.contains("rings in 1 min 30 s, at 15:01:30."))
        #expect(rig.run("timer", "10", "bare minutes").out.contains("rings in 10 min, at 15:10:00."))
    }

    @Test func listTableInRussianAndEnglish() throws {
        let rig = CLIRig()
        _ = addedID(rig.run("add", "7:30", "--label", "Подъём"))
        _ = addedID(rig.run("add", "8:00", "--days", "everyday", "--label", "Чай ☕"))
        let en = rig.run("list")
        #expect(en.status == 0)
        let lines = en.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[0].contains("TIME") && lines[0].contains("REPEAT") && lines[0].contains("NEXT") && lines[0].contains("LABEL"))
        #expect(
            lines[1].contains("07:30") && lines[1].contains("Weekdays") && lines[1].contains("Mon 2026-11-23 07:30")
                && lines[1].hasSuffix("Подъём"))
        #expect(lines[2].contains("Every day") && lines[2].contains("Sun 2026-11-22 08:00") && lines[2].hasSuffix("Чай ☕"))
        // Columns line up: LABEL starts at the same display column on every line.
        let labelColumn = lines.map { line -> Int in
            let label = line.hasSuffix("LABEL") ? "LABEL" : (line.hasSuffix("Подъём") ? "Подъём" : "Чай ☕")
            return TextTable.displayWidth(String(line.dropLast(label.count)))
        }
        #expect(Set(labelColumn).count == 1)

        rig.lang = "ru_RU.UTF-8"
        let ru = rig.run("list")
        #expect(ru.status == 0)
        #expect(ru.out.contains("Будни"), "\(ru.out)")
        #expect(ru.out.contains("Каждый день"), "\(ru.out)")
        #expect(ru.out.contains("пн 23.11.2026 07:30"))
        #expect(!ru.out.contains("Weekdays"))
    }

    @Test func emptyList() {
        let rig = CLIRig()
        let r = rig.run("list")
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("No alarms yet."))
        #expect(rig.run("list", "--json").out == "[]\n")
        #expect(!CLIRig.exists(rig.storePath))  // reading creates nothing
    }

    @Test func listJSONHasStableKeys() throws {
        let rig = CLIRig()
        _ = addedID(rig.run("add", "7:30"))
        _ = rig.run("timer", "5m")
        let first = rig.run("list", "--json")
        #expect(first.out == rig.run("list", "--json").out)
        let items = try #require(try JSONParser.parse(first.out).arrayValue)
        let keys = [
            "id", "label", "enabled", "schedule", "summary", "snoozeMinutes", "sound", "wake", "rampSeconds", "zone", "next",
            "snoozedUntil", "skipped", "offUntil", "created", "modified", "held",
        ]
        guard case .object(let alarm)? = items.first, case .object(let timer)? = items.last else {
            Issue.record("not objects")
            return
        }
        #expect(alarm.map(\.0) == keys)
        #expect(timer.map(\.0) == keys + ["durationSeconds"])
    }

    @Test func showByPrefixAndLabel() throws {
        let rig = CLIRig()
        let id = addedID(rig.run("add", "7:30", "--label", "Пробежка 🏃"))
        let r = rig.run("show", String(id.prefix(4)))
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("Пробежка 🏃\n"))
        #expect(r.out.contains("  id:       \(id)\n"))
        #expect(r.out.contains("  time:     07:30 (Europe/Moscow)"))
        #expect(r.out.contains("  repeat:   Weekdays"))
        #expect(r.out.contains("  snooze:   10 min (default)"))
        #expect(r.out.contains("  next:     Mon 2026-11-23 07:30"))
        #expect(rig.run("show", "Пробежка 🏃").out == r.out)
        let v = try rig.json("show", id, "--json")
        #expect(v["upcoming"]?.arrayValue?.count == 5)
        #expect(v["upcoming"]?.arrayValue?.first == .string("2026-11-23T07:30:00+03:00"))
        #expect(v["upcoming"]?.arrayValue?.last == .string("2026-11-27T07:30:00+03:00"))
    }

    @Test func editChangesWhatWasAsked() throws {
        let rig = CLIRig()
        let id = addedID(rig.run("add", "7:30", "--label", "Старое"))
        rig.now = "2026-11-21T13:00:00Z"
        let r = rig.run("edit", id, "--time", "6:45", "--days", "mon,wed,fri", "--label", "Пробежка")
        #expect(r.status == 0, "\(r)")
        #expect(r.out == "Updated alarm \(id).\n")
        var a = try #require(try rig.load().alarms.first)
        #expect(a.label == "Пробежка")
        #expect(a.schedule == .weekly(days: [.monday, .wednesday, .friday], time: TimeOfDay(hour: 6, minute: 45)!))
        #expect(a.modified == ISO8601.parse("2026-11-21T13:00:00Z"))
        #expect(a.created == ISO8601.parse("2026-11-21T12:00:00Z"))
        // Only the time: the days stay.
        #expect(rig.run("edit", "Пробежка", "--time", "7:15", "--snooze", "3").status == 0)
        a = try #require(try rig.load().alarms.first)
        #expect(a.schedule == .weekly(days: [.monday, .wednesday, .friday], time: TimeOfDay(hour: 7, minute: 15)!))
        #expect(a.snoozeMinutes == 3)
        #expect(rig.run("edit", id, "--use-defaults").status == 0)
        #expect(try rig.load().alarms.first?.snoozeMinutes == nil)
        // To a one-time alarm.
        #expect(rig.run("edit", id, "--once", "2026-12-31").status == 0)
        #expect(
            try rig.load().alarms.first?.schedule
                == .once(date: CivilDate(year: 2026, month: 12, day: 31)!, time: TimeOfDay(hour: 7, minute: 15)!))
    }

    @Test func removeAlarms() throws {
        let rig = CLIRig()
        let a = addedID(rig.run("add", "7:30", "--label", "Один"))
        let b = addedID(rig.run("add", "8:30", "--label", "Два"))
        let c = addedID(rig.run("add", "9:30", "--label", "Три"))
        let r = rig.run("rm", a)
        #expect(r.status == 0)
        #expect(r.out == "Removed alarm \(a) \"Один\".\n")
        #expect(try rig.load().alarms.map(\.id) == [b, c])
        #expect(rig.run("remove", "Два", String(c.prefix(5))).status == 0)
        #expect(try rig.load().alarms.isEmpty)
    }

    @Test func enableAndDisable() throws {
        let rig = CLIRig()
        let id = addedID(rig.run("add", "7:30"))
        let off = rig.run("disable", id)
        #expect(off.out == "Disabled alarm \(id).\n")
        var items = try list(rig)
        #expect(items.first?["enabled"] == .bool(false))
        #expect(items.first?["next"] == .null)
        #expect(rig.run("list").out.contains(" off "))
        #expect(rig.run("next").out == "No upcoming alarms.\n")
        #expect(rig.run("enable", id).out == "Enabled alarm \(id).\n")
        items = try list(rig)
        #expect(items.first?["enabled"] == .bool(true))
        #expect(items.first?["next"] == .string("2026-11-23T07:30:00+03:00"))
    }

    @Test func nextSoonestFirst() throws {
        let rig = CLIRig()
        _ = addedID(rig.run("add", "7:30", "--label", "Будни"))
        _ = addedID(rig.run("add", "8:00", "--days", "everyday", "--label", "Каждый"))
        _ = rig.run("timer", "25m", "Чай")
        _ = addedID(rig.run("add", "9:00", "--once", "tomorrow", "--label", "Разово"))
        let v = try rig.json("next", "--count", "6", "--json")
        let items = try #require(v.arrayValue)
        #expect(items.count == 6)
        #expect(
            items.map { $0["at"]?.stringValue ?? "" } == [
                "2026-11-21T15:25:00+03:00", "2026-11-22T08:00:00+03:00", "2026-11-22T09:00:00+03:00",
                "2026-11-23T07:30:00+03:00", "2026-11-23T08:00:00+03:00", "2026-11-24T07:30:00+03:00",
            ])
        #expect(items.map { $0["label"]?.stringValue ?? "" } == ["Чай", "Каждый", "Разово", "Будни", "Каждый", "Будни"])
        for item in items {
            #expect(AlarmID.isValid(item["id"]?.stringValue ?? ""))
            #expect(item["snoozed"] == .bool(false))
            #expect(item["zone"] == .string("Europe/Moscow"))
        }
        let table = rig.run("next", "--count", "2")
        let lines = table.out.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == "Europe/Moscow")
        #expect(lines[2].hasPrefix("Sat 2026-11-21 15:25  25 min"))
        #expect(lines[3].hasPrefix("Sun 2026-11-22 08:00  17 h"))
        #expect(try rig.json("next", "--count", "1", "--json").arrayValue?.count == 1)
    }

    @Test func nowInRussianAndEnglish() {
        let rig = CLIRig()
        let en = rig.run("now")
        #expect(en.status == 0)
        #expect(en.out == "15:00:00  Saturday, 21 November 2026\n")
        rig.lang = "ru_RU.UTF-8"
        #expect(rig.run("now").out == "15:00:00  суббота, 21 ноября 2026\n")
        rig.now = "2026-12-31T21:00:01Z"
        #expect(rig.run("now").out == "00:00:01  пятница, 1 января 2027\n")
        // Without MOSCOWTIME_NOW: the real clock, HH:MM:SS.
        let real = rig.run(["now"], env: ["MOSCOWTIME_NOW": ""])
        let clock = Array(real.out.utf8.prefix(8))
        #expect(clock.count == 8 && clock[2] == UInt8(ascii: ":") && clock[5] == UInt8(ascii: ":"))
        #expect(clock.enumerated().allSatisfy { $0.offset == 2 || $0.offset == 5 || (48...57).contains($0.element) })
    }

    @Test func settingsGetAndSet() throws {
        let rig = CLIRig()
        let all = rig.run("settings")
        #expect(
            all.out.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") } == [
                "zone", "snooze", "sound", "ring-minutes", "ramp", "late-window", "language", "habit-later", "habit-sound", "wake",
                "achievement-notifications", "dismiss", "holidays", "pre-notice", "reminder-snooze",
            ])
        #expect(all.out.contains("zone = Europe/Moscow\n"))
        #expect(all.out.contains("dismiss = snooze\n"))
        #expect(all.out.contains("snooze = 10\n"))
        #expect(rig.run("settings", "snooze", "5").out == "snooze = 5\n")
        #expect(rig.run("settings", "snooze").out == "5\n")
        #expect(rig.run("settings", "late-window", "30").status == 0)
        #expect(all.out.contains("ramp = 30s\n"))
        #expect(rig.run("settings", "ramp", "1m").out == "ramp = 1m\n")
        #expect(rig.run("settings", "ramp", "11m").status == 2)
        let v = try rig.json("settings", "--json")
        #expect(v["snooze"] == .string("5"))
        #expect(v["late-window"] == .string("30"))
        #expect(try rig.load().settings.snoozeMinutes == 5)
        // Setting the same value again changes nothing on disk.
        let before = rig.storeBytes()
        #expect(rig.run("settings", "snooze", "5").status == 0)
        #expect(rig.storeBytes() == before)
    }

    @Test func reminderSnoozeIsItsOwnSettingInRange() throws {
        let rig = CLIRig()
        let before = rig.storeBytes()
        #expect(rig.run("settings", "reminder-snooze").out == "5\n")
        #expect(rig.run("settings", "reminder-snooze", "0").status == 2)
        #expect(rig.run("settings", "reminder-snooze", "121").status == 2)
        #expect(rig.storeBytes() == before)
        #expect(rig.run("settings", "reminder-snooze", "10").out == "reminder-snooze = 10\n")
        let s = try rig.load().settings
        #expect(s.reminderSnoozeMinutes == 10 && s.snoozeMinutes == 10)
        #expect(rig.run("settings", "snooze", "3").status == 0)
        #expect(try rig.load().settings.reminderSnoozeMinutes == 10)
        rig.lang = "ru_RU.UTF-8"
        let refused = rig.run("settings", "reminder-snooze", "x")
        #expect(refused.err.contains("для reminder-snooze: ожидается целое число минут 1–120"))
    }

    @Test func dismissSettingTakesSnoozeOrStopAndRejectsAnythingElse() throws {
        let rig = CLIRig()
        #expect(try rig.load().settings.dismiss == .snooze)
        #expect(rig.run("settings", "dismiss", "stop").out == "dismiss = stop\n")
        #expect(try rig.load().settings.dismiss == .stop)
        let before = rig.storeBytes()
        let bad = rig.run("settings", "dismiss", "close")
        #expect(bad.status == 2)
        #expect(bad.err.contains("invalid value \"close\" for dismiss: expected snooze"))
        #expect(rig.storeBytes() == before)
        #expect(rig.run("settings", "dismiss", "snooze").status == 0)
        #expect(try rig.load().settings.dismiss == .snooze)
    }

    @Test func zoneChangeMovesNextRings() throws {
        let rig = CLIRig()
        _ = addedID(rig.run("add", "7:30"))
        #expect(try rig.json("next", "--count", "1", "--json").arrayValue?.first?["at"] == .string("2026-11-23T07:30:00+03:00"))
        #expect(rig.run("settings", "zone", "Europe/Berlin").out == "zone = Europe/Berlin\n")
        let item = try rig.json("next", "--count", "1", "--json").arrayValue?.first
        #expect(item?["at"] == .string("2026-11-23T07:30:00+01:00"))
        #expect(item?["zone"] == .string("Europe/Berlin"))
        #expect(rig.run("now").out.hasPrefix("13:00:00  Saturday"))
        #expect(rig.run("next", "--count", "1").out.hasPrefix("Europe/Berlin\n"))
        _ = rig.run("settings", "zone", "America/New_York")
        #expect(try rig.json("next", "--count", "1", "--json").arrayValue?.first?["at"] == .string("2026-11-23T07:30:00-05:00"))
    }

    @Test func cyrillicAndEmojiLabelsRoundTrip() throws {
        let rig = CLIRig()
        let labels = ["Подъём 🏃‍♂️", "Чай ☕ и 🍪", "👨‍👩‍👧 семья", "ёЁйЙ «кавычки» \"quotes\" \\slash", "日本語のラベル"]
        var ids: [String] = []
        for l in labels { ids.append(addedID(rig.run("add", "7:30", "--label", l))) }
        #expect(try list(rig).map { $0["label"]?.stringValue ?? "" } == labels)
        #expect(try rig.load().alarms.map(\.label) == labels)
        for (id, l) in zip(ids, labels) {
            #expect(rig.run("show", l).out.contains("id:       \(id)"))
        }
        // Written as UTF-8 text, not \u escapes.
        let text = String(decoding: rig.storeBytes() ?? [], as: UTF8.self)
        #expect(text.contains("\"label\": \"Подъём 🏃‍♂️\""))
        #expect(text.contains(#""label": "ёЁйЙ «кавычки» \"quotes\" \\slash""#))
        let timer = rig.run("timer", "5m", "Пельмени 🥟")
        #expect(timer.out.contains("\"Пельмени 🥟\""))
        #expect(rig.run("list").out.contains("Пельмени 🥟"))
    }

    @Test func helpAndVersion() {
        let rig = CLIRig()
        let help = rig.run("--help")
        #expect(help.status == 0)
        #expect(help.out.contains("USAGE") || help.out.contains("Usage"))
        #expect(help.out.contains("add"))
        #expect(rig.run("--version").status == 0)
        #expect(rig.run("add", "--help").out.contains("--days"))
    }
}
