// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Loop Habit Tracker's CSV export (both generations of the format) and the ZIP reader.
struct HabitLoopImportTests {
    typealias F = HabitFixture
    let now = Instant(secondsSinceEpoch: 1_795_000_000)
    let today = HabitFixture.day("2026-11-21")

    func files(_ f: [String: String]) -> ExportFiles { ExportFiles(files: f.mapValues { Array($0.utf8) }) }

    /// Loop ≥ 2025: FrequencyNumerator/Denominator, Type, target columns; named values and notes.
    static let current: [String: String] = [
        "Habits.csv": """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false
        002,Wake up early,YES_NO,Did you wake up before 6am?,,2,3,#00897B,,,,false
        003,Water,NUMERICAL,How many glasses?,Stay hydrated,3,7,#00897B,glasses,AT_LEAST,8.0,false
        004,Coffee,NUMERICAL,,,1,1,#00897B,cups,AT_MOST,2.0,true

        """,
        "001 Meditate/Checkmarks.csv": """
        Date,Value,Notes
        2026-11-20,YES_MANUAL,
        2026-11-19,NO,Sick
        2026-11-18,YES_AUTO,"Forgot to do it, really"
        2026-11-17,SKIP,Travel
        2026-11-16,UNKNOWN,

        """,
        "002 Wake up early/Checkmarks.csv": "Date,Value,Notes\n2026-11-20,YES_MANUAL,\n",
        "003 Water/Checkmarks.csv": "Date,Value,Notes\n2026-11-20,8000,\n2026-11-19,2500,\n2026-11-18,0,\n2026-11-17,SKIP,\n",
        "004 Coffee/Checkmarks.csv": "Date,Value,Notes\n2026-11-20,0,\n2026-11-19,3000,\n",
        "Checkmarks.csv": "Date,Meditate,Wake up early,\n2026-11-20,YES_MANUAL,YES_MANUAL,\n",
    ]

    @Test func currentFormat() throws {
        let r = try LoopImporter.read(files(Self.current), now: now, today: today)
        #expect(r.habits.map(\.name) == ["Meditate", "Wake up early", "Water", "Coffee"])
        let meditate = r.habits[0]
        #expect(meditate.frequency == .daily && meditate.kind == .yesNo && !meditate.archived)
        #expect(meditate.description == "Did you meditate this morning?")
        // Notes on a NO or YES_AUTO day are kept as notes alone.
        #expect(
            meditate.entries == [
                .skipped(F.day("2026-11-17"), note: "Travel"), .noted(F.day("2026-11-18"), note: "Forgot to do it, really"),
                .noted(F.day("2026-11-19"), note: "Sick"), .done(F.day("2026-11-20")),
            ])
        #expect(meditate.start == F.day("2026-11-17") && meditate.created == now && meditate.reminders.isEmpty)
        // Loop's "2 times in 3 days" is kept exactly.
        #expect(r.habits[1].frequency == .timesInDays(2, 3))
        #expect(r.warnings == [])
        let water = r.habits[2]
        // A Loop numeric target is for the frequency's days: 8 glasses in any 7 days.
        #expect(water.kind == .numeric(HabitGoal(unit: "glasses", target: 8, per: .period)) && water.frequency == .timesPerWeek(3))
        #expect(water.description == "How many glasses? — Stay hydrated")
        // × 1000 amounts; an explicit 0 is dropped for an at-least goal.
        #expect(
            water.entries == [
                .skipped(F.day("2026-11-17")), .done(F.day("2026-11-19"), amount: 2.5), .done(F.day("2026-11-20"), amount: 8),
            ])
        let coffee = r.habits[3]
        #expect(coffee.archived && coffee.kind == .numeric(HabitGoal(unit: "cups", target: 2, direction: .atMost)))
        // …and kept for an at-most goal, where it is a good day.
        #expect(coffee.entries == [.done(F.day("2026-11-19"), amount: 3), .done(F.day("2026-11-20"), amount: 0)])
        #expect(Set(r.habits.map(\.id)).count == 4 && r.habits.allSatisfy { AlarmID.isValid($0.id) })
    }

    /// Loop before 2025: NumRepetitions/Interval, no header in Checkmarks.csv, numeric values.
    @Test func olderFormatInATopFolder() throws {
        let r = try LoopImporter.read(
            files([
                "Loop Habits/Habits.csv":
                    "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Read,,,1,3,#FF8F00\n002,Steps,,,1,7,#FF8F00\n",
                "Loop Habits/001 Read/Checkmarks.csv": "2026-11-20,2\n2026-11-19,0\n2026-11-18,1\n2026-11-17,3\n",
                "Loop Habits/002 Steps/Checkmarks.csv": "2026-11-20,9500000\n",
            ]), now: now, today: today)
        #expect(r.habits[0].frequency == .everyNDays(3) && r.habits[0].kind == .yesNo)
        #expect(r.habits[0].entries == [.skipped(F.day("2026-11-17")), .done(F.day("2026-11-20"))])
        // No Type column, but amounts beyond Loop's states: numeric, target unknown.
        #expect(r.habits[1].frequency == .timesPerWeek(1))
        #expect(r.habits[1].kind == .numeric(HabitGoal(unit: "", target: 1, per: .period)) && r.habits[1].entries[0].amount == 9500)
        #expect(r.warnings == [] && r.missingTargets == ["Steps"])
    }

    @Test func errorsNameFileAndLine() {
        func failure(_ f: [String: String]) -> String? {
            do {
                _ = try LoopImporter.read(files(f), now: now, today: today)
                return nil
            } catch { return error.message }
        }
        #expect(
            failure(["Habits.csv": "Position,Name\n001,Read\n", "001 Read/Checkmarks.csv": "2026-11-20,MAYBE\n"])
                == "001 Read/Checkmarks.csv line 1: unknown value \"MAYBE\" (expected YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP or a number)")
        #expect(
            failure(["Habits.csv": "Position,Name\n001,Read\n", "001 Read/Checkmarks.csv": "20.11.2026,2\n"])
                == "001 Read/Checkmarks.csv line 1: expected Date,Value such as 2026-11-21,2")
        // The days a habit can have, as in the CLI, the store and sync (issue 36).
        #expect(
            failure(["Habits.csv": "Position,Name\n001,Read\n", "001 Read/Checkmarks.csv": "2026-11-20,2\n1999-12-31,2\n"])
                == "001 Read/Checkmarks.csv line 2: the date 1999-12-31 is outside 2000-01-01 to 2199-12-31")
        #expect(
            failure(["Habits.csv": "Position,Title\n"]) == "Habits.csv line 1: no Name column; is this Loop Habit Tracker's Habits.csv?")
        #expect(failure(["Other.csv": "x"]) == "no Habits.csv found: expected Loop Habit Tracker's CSV export (its zip or unpacked folder)")
    }

    @Test func duplicateLoopNamesGetASuffix() throws {
        let r = try LoopImporter.read(files(["Habits.csv": "Position,Name\n001,Read\n002,Read\n"]), now: now, today: today)
        #expect(r.habits.map(\.name) == ["Read", "Read (2)"])
        #expect(r.habits.allSatisfy { $0.start == today })
    }

    /// Made with Python's zipfile: Habits.csv stored, 001 Meditate/Checkmarks.csv deflated.
    static let zip: [UInt8] = hex(
        """
        504b030414000000000000002100da91ad501b0000001b0000000a0000004861626974732e637376506f736974696f6e2c4e616d650a3030312c4d65\
        6469746174650a504b030414000000080000002100a4af39215f000000dd0100001b000000303031204d656469746174652f436865636b6d61726b73\
        2e6373766dcfb10e40300045d1ddb754d25714a3848d2e4262920edd2406fcbf5124773ddbe9e39dcc1a8f279970dee9ca9c753e97722bb30df33e75\
        61e946f3b1632e984be68ad933d7cc0d738b2ccbcc4bf152bc142fc54bf152bc142fc54bf75fbe504b0102140314000000000000002100da91ad501b\
        0000001b0000000a00000000000000000000008001000000004861626974732e637376504b0102140314000000080000002100a4af39215f000000dd\
        0100001b0000000000000000000000800143000000303031204d656469746174652f436865636b6d61726b732e637376504b05060000000002000200\
        81000000db0000000000
        """)

    static func hex(_ s: String) -> [UInt8] {
        let u = Array(s.utf8)
        func v(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }
        return stride(from: 0, to: u.count, by: 2).map { v(u[$0]) << 4 | v(u[$0 + 1]) }
    }

    @Test func zipStoredAndDeflated() throws {
        #expect(ZipArchive.looksLikeZip(Self.zip))
        let files = try ExportFiles.zip(Self.zip)
        #expect(Set(files.files.keys) == ["Habits.csv", "001 Meditate/Checkmarks.csv"])
        #expect(String(decoding: files.files["Habits.csv"]!, as: UTF8.self) == "Position,Name\n001,Meditate\n")
        let checkmarks = String(decoding: files.files["001 Meditate/Checkmarks.csv"]!, as: UTF8.self)
        #expect(checkmarks.hasPrefix("Date,Value,Notes\n2026-11-01,YES_MANUAL,\n") && checkmarks.hasSuffix("2026-11-20,YES_MANUAL,\n"))
        let r = try LoopImporter.read(files, now: now, today: today)
        #expect(r.habits[0].entries.count == 20)
    }

    @Test func damagedZips() {
        var bad = Self.zip
        bad[130] ^= 0xFF  // inside the deflated member's data (124…218)
        #expect(throws: InputError.self) { _ = try ExportFiles.zip(bad) }
        var crc = Self.zip
        crc[0xDB + 16] ^= 0x01  // the first central directory entry's CRC
        #expect(throws: InputError("ZIP member Habits.csv is damaged (CRC mismatch)")) { _ = try ExportFiles.zip(crc) }
        #expect(throws: InputError.self) { _ = try ExportFiles.zip(crc) }
        #expect(throws: InputError("not a ZIP archive (no central directory)")) { _ = try ZipArchive(Array("PK\u{3}\u{4}nonsense".utf8)) }
    }

    /// Loop's export from one habit's screen: Habits.csv lists every habit, one folder has days.
    @Test func singleHabitExportImportsThatHabitOnly() throws {
        var f = Self.current
        f["001 Meditate/Checkmarks.csv"] = nil
        f["003 Water/Checkmarks.csv"] = nil
        f["004 Coffee/Checkmarks.csv"] = nil
        f["Checkmarks.csv"] = nil
        let r = try LoopImporter.read(files(f), now: now, today: today)
        #expect(r.habits.map(\.name) == ["Wake up early"])
        #expect(
            r.warnings.map(\.english) == [
                "the export carries days for 1 of 4 habits (made from one habit's screen): only \"Wake up early\" imported"
            ])
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        #expect(
            r.warnings.map { $0.text(ru) } == [
                "в выгрузке есть дни 1 из 4 привычек (она сделана с экрана одной привычки): импортировано только \"Wake up early\""
            ])
    }

    /// A name over 200 characters is shortened (with a warning naming it); the rest imports.
    @Test func overLongNamesAreShortened() throws {
        let long = String(repeating: "Медитация ", count: 30)  // 300 characters
        let r = try LoopImporter.read(files(["Habits.csv": "Position,Name\n001,\(long)\n002,Read\n"]), now: now, today: today)
        #expect(r.habits.count == 2)
        #expect(r.habits[0].name.count == LabelRules.maximumLength && r.habits[0].name.hasSuffix("…"))
        #expect(LabelRules.problem(r.habits[0].name) == nil)
        #expect(
            r.warnings.count == 1 && r.warnings[0].english.contains(r.habits[0].name) && r.warnings[0].english.contains("299 characters"))
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        #expect(r.warnings[0].text(ru).contains("299 символов"))
    }

    /// Loop's frequencies map exactly; only impossible ones are adjusted, with a warning naming the habit.
    @Test func frequenciesMapExactly() throws {
        let rows = ["1,1", "1,2", "2,5", "3,7", "1,7", "10,30", "5,31", "4,4", "3,2", "1,400"]
        let csv =
            "Position,Name,FrequencyNumerator,FrequencyDenominator\n"
            + rows.enumerated().map { "00\($0.offset),H\($0.offset),\($0.element)" }.joined(separator: "\n")
        let r = try LoopImporter.read(files(["Habits.csv": csv]), now: now, today: today)
        #expect(
            r.habits.map(\.frequency) == [
                .daily, .everyNDays(2), .timesInDays(2, 5), .timesPerWeek(3), .timesPerWeek(1),
                .timesPerMonth(10), .timesInDays(5, 31), .daily, .daily, .everyNDays(365),
            ])
        #expect(
            r.warnings.map(\.english) == [
                "\"H8\": 3 times in 2 days is imported as daily", "\"H9\": 1 time in 400 days is imported as 1 time in 365 days",
            ])
        // Each count in its own Russian plural form: «3 раза за 2 дня», «1 раз за 400 дней».
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        #expect(
            r.warnings.map { $0.text(ru) } == [
                "«H8»: 3 раза за 2 дня — импортируется как «каждый день»", "«H9»: 1 раз за 400 дней — импортируется как 1 раз за 365 дней",
            ])
    }

    /// Importing the same Loop export twice changes nothing the second time.
    @Test func reimportIsIdempotent() throws {
        let r = try LoopImporter.read(files(Self.current), now: now, today: today)
        var doc = StoreDocument()
        _ = HabitImport.merge(r.habits, into: &doc)
        let once = doc.habits
        let again = try LoopImporter.read(files(Self.current), now: now, today: today)
        let s = HabitImport.merge(again.habits, into: &doc)
        #expect(doc.habits == once)
        #expect(s.added.isEmpty && s.entriesAdded == 0 && s.entriesKept == once.reduce(0) { $0 + $1.entries.count })
    }
}
