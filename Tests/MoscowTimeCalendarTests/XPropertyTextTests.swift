// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// `X-MOSCOWTIME-*` values are TEXT (RFC 5545 §3.8.8.2) and written escaped (§3.3.11), so readers
/// that split an unescaped `,` (vobject, and Radicale, which stores what vobject re-serialises)
/// get them back whole; both that form and the unescaped one earlier versions wrote read back the
/// same (issue 23 §2).
@Suite("X-property text")
struct XPropertyTextTests {
    static let created = Instant(secondsSinceEpoch: 1_795_000_000)
    static let note = "a, b; c \\ d\nновая строка; «ёлка», 🙂"
    static let zone = Zone(identifier: "Europe/Moscow")!

    static func habit() -> Habit {
        let day = CivilDate(year: 2026, month: 11, day: 20)!
        return Habit(
            id: "0a1b2c3d", name: "Вода, чай; сок", description: "x, y; z",
            frequency: .weekdays([.monday, .wednesday, .friday]),
            reminders: [TimeOfDay(hour: 10, minute: 0)!, TimeOfDay(hour: 16, minute: 0)!],
            start: CivilDate(year: 2026, month: 11, day: 1)!,
            kind: .numeric(HabitGoal(unit: "стакан,стакана,стаканов", target: 8, direction: .atLeast, per: .day)),
            entries: [.done(day, amount: 3, note: note)], created: created)
    }

    /// The export's lines unfolded (RFC 5545 §3.1), as a reader sees them.
    static func unfolded(_ text: String) -> [String] {
        text.replacing("\r\n ", with: "").split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func read(_ text: String) throws -> CalendarImport {
        try CalendarImporter.read(Array(text.utf8), zone: zone, now: Instant(secondsSinceEpoch: 1_800_000_000))
    }

    @Test("TEXT escaping: backslash, semicolon, comma and newline; a carriage return left out")
    func escaping() {
        #expect(ICal.escapedText("a, b; c") == "a\\, b\\; c")
        #expect(ICal.escapedText("back\\slash") == "back\\\\slash")
        #expect(ICal.escapedText("one\r\ntwo\nthree") == "one\\ntwo\\nthree")
        #expect(ICal.escapedText("10:00,16:00") == "10:00\\,16:00")
        #expect(ICal.escapedText("Подъём: «ёлка» 🙂") == "Подъём: «ёлка» 🙂")
        #expect(ICal.escapedText("") == "")
    }

    @Test("a habit's X-properties are written escaped, with no VALUE parameter")
    func habitLines() throws {
        let lines = Self.unfolded(CalendarExporter.calendar(habit: Self.habit()))
        #expect(lines.contains("X-MOSCOWTIME-REMINDERS:10:00\\,16:00"))
        #expect(lines.contains("X-MOSCOWTIME-FREQUENCY:weekdays:mon\\,wed\\,fri"))
        #expect(lines.contains("X-MOSCOWTIME-UNIT:стакан\\,стакана\\,стаканов"))
        #expect(lines.contains("X-MOSCOWTIME-DAY-NOTE;X-DATE=20261120:a\\, b\\; c \\\\ d\\nновая строка\\; «ёлка»\\, 🙂"))
        #expect(lines.contains("DESCRIPTION:x\\, y\\; z"))
        #expect(lines.contains("X-MOSCOWTIME-MODIFIED:20261118T110640Z"))
        #expect(!lines.contains { $0.hasPrefix("X-MOSCOWTIME") && $0.contains("VALUE=") })
        // Every X-property line of ours has no unescaped comma or semicolon in its value.
        for line in lines where line.hasPrefix("X-MOSCOWTIME") {
            let value = line[line.firstIndex(of: ":")!...].dropFirst()
            var escaped = false
            for c in value {
                if !escaped { #expect(c != "," && c != ";", "\(line)") }
                escaped = !escaped && c == "\\"
            }
        }
    }

    @Test("the escaped export reads back exactly")
    func roundTrip() throws {
        let h = Self.habit()
        let read = try Self.read(CalendarExporter.calendar(habit: h))
        #expect(read.habits == [h])
        #expect(read.written == [h.id: h.modified])
        let alarm = Alarm(
            id: "0badcafe", label: "Встать, умыться; бегом",
            schedule: .once(date: CivilDate(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 7, minute: 0)!),
            sound: "/home/me/Звуки/rooster, loud; \\ long.ogg", created: Self.created)
        var settings = Settings()
        settings.zone = "Europe/Moscow"
        let text = try CalendarExporter.calendar(alarm: alarm, settings: settings, calendar: .plainWeek)
        #expect(Self.unfolded(text).contains("X-MOSCOWTIME-SOUND:/home/me/Звуки/rooster\\, loud\\; \\\\ long.ogg"))
        #expect(try Self.read(text).alarms == [alarm])
    }

    /// What earlier versions wrote (libical 3.0.16's X-properties: `\` and newlines escaped, `,` and
    /// `;` not), as servers still hold it: read as before, to the same values the new form gives.
    @Test("the unescaped form earlier versions wrote reads the same")
    func oldForm() throws {
        let h = Self.habit()
        let new = CalendarExporter.calendar(habit: h)
        let old = Self.unfolded(new)
            .map { line in
                guard line.hasPrefix("X-MOSCOWTIME") else { return line }
                return line.replacing("\\,", with: ",").replacing("\\;", with: ";")
            }
            .joined(separator: "\r\n")
        #expect(old.contains("X-MOSCOWTIME-REMINDERS:10:00,16:00\r\n"))
        #expect(old.contains(":a, b; c \\\\ d\\nновая строка; «ёлка», 🙂\r\n"))
        #expect(try Self.read(old).habits == [h])
        // Without X-MOSCOWTIME-MODIFIED (older copies) the stamp we wrote is DTSTAMP.
        let older = old.replacing("X-MOSCOWTIME-MODIFIED:20261118T110640Z\r\n", with: "")
        #expect(older != old)
        #expect(try Self.read(older).written == [h.id: h.modified])
    }
}

/// A to-do another program marked done (todoman's `done`: `STATUS:COMPLETED`, `COMPLETED`) is that
/// day done, logged at that time (issue 23 §2: "take only the real change").
@Suite("A to-do marked done elsewhere")
struct CompletedTodoTests {
    static let created = Instant(secondsSinceEpoch: 1_795_000_000)

    static func marked(
        _ h: Habit, logged: [CivilDate: Instant] = [:], removed: [CivilDate: Instant] = [:], completed: String = "20261122T071500Z"
    ) -> String {
        CalendarExporter.calendar(habit: h, logged: logged, removed: removed)
            .replacing("END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:\(completed)\r\nPERCENT-COMPLETE:100\r\nEND:VTODO")
    }

    @Test("its day in the configured zone is done, logged at COMPLETED")
    func yesNo() throws {
        let h = Habit(id: "0a1b2c3d", name: "Run", start: CivilDate(year: 2026, month: 11, day: 1)!, created: Self.created)
        // 21:30 UTC is the next day in Moscow.
        let read = try XPropertyTextTests.read(Self.marked(h, completed: "20261122T213000Z"))
        #expect(read.habits.first?.entries == [.done(CivilDate(year: 2026, month: 11, day: 23)!)])
        #expect(read.dayLogged[h.id] == [CivilDate(year: 2026, month: 11, day: 23)!: Instant(secondsSinceEpoch: 1_795_383_000)])
    }

    @Test("a day logged or undone after the check-off is left as it is; an at-most goal takes nothing")
    func leftAlone() throws {
        let day = CivilDate(year: 2026, month: 11, day: 22)!
        let later = Instant(secondsSinceEpoch: 1_795_400_000)
        var h = Habit(
            id: "0a1b2c3d", name: "Run", start: CivilDate(year: 2026, month: 11, day: 1)!,
            entries: [.skipped(day, note: "ill, in bed")], created: Self.created)
        #expect(try XPropertyTextTests.read(Self.marked(h, logged: [day: later])).habits.first?.entries == h.entries)
        h.entries = []
        let read = try XPropertyTextTests.read(Self.marked(h, removed: [day: later]))
        #expect(read.habits.first?.entries == [] && read.dayRemoved[h.id] == [day: later])
        let coffee = Habit(
            id: "0a1b2c3d", name: "Coffee", start: CivilDate(year: 2026, month: 11, day: 1)!,
            kind: .numeric(HabitGoal(unit: "cups", target: 2, direction: .atMost)), created: Self.created)
        #expect(try XPropertyTextTests.read(Self.marked(coffee)).habits.first?.entries == [])
    }

    @Test("a day skipped or partly logged before the check-off is done, at the target, its note kept")
    func partlyLogged() throws {
        let day = CivilDate(year: 2026, month: 11, day: 22)!
        let before = Instant(secondsSinceEpoch: 1_795_300_000)
        let skipped = Habit(
            id: "0a1b2c3d", name: "Run", start: CivilDate(year: 2026, month: 11, day: 1)!,
            entries: [.skipped(day, note: "ill, in bed")], created: Self.created)
        #expect(try XPropertyTextTests.read(Self.marked(skipped)).habits.first?.entries == [.done(day, note: "ill, in bed")])
        var water = Habit(
            id: "0a1b2c3d", name: "Water", start: CivilDate(year: 2026, month: 11, day: 1)!,
            kind: .numeric(HabitGoal(unit: "glasses", target: 8)), created: Self.created)
        #expect(try XPropertyTextTests.read(Self.marked(water)).habits.first?.entries == [.done(day, amount: 8)])
        water.entries = [.done(day, amount: 3, note: "n")]
        let partly = try XPropertyTextTests.read(Self.marked(water, logged: [day: before]))
        #expect(partly.habits.first?.entries == [.done(day, amount: 8, note: "n")])
        water.entries = [.done(day, amount: 12)]
        let met = try XPropertyTextTests.read(Self.marked(water))
        #expect(met.habits.first?.entries == water.entries && met.dayLogged[water.id] == nil)
    }
}
