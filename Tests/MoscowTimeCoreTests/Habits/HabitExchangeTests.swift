// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// CSV reading and writing, our export's round trip, and merging imports.
struct HabitExchangeTests {
    typealias F = HabitFixture

    @Test func csvQuotingAndLineEnds() throws {
        let text = "\u{FEFF}a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",,x\n\nlast"
        let rows = try CSVReader.rows(Array(text.utf8))
        #expect(rows.map(\.fields) == [["a", "b,c", "say \"hi\""], ["multi\nline", "", "x"], ["last"]])
        #expect(rows.map(\.line) == [1, 2, 5])
        #expect(throws: InputError("line 1: a quoted field is not closed")) { try CSVReader.rows(Array("\"open".utf8)) }
        var w = CSVWriter()
        w.row(["a", "b,c", "say \"hi\"", " pad", "multi\nline", ""])
        #expect(w.text == "a,\"b,c\",\"say \"\"hi\"\"\",\" pad\",\"multi\nline\",\n")
        #expect(try CSVReader.rows(Array(w.text.utf8))[0].fields == ["a", "b,c", "say \"hi\"", " pad", "multi\nline", ""])
    }

    static var sample: [Habit] {
        var a = F.habit(
            .weekdays([.monday, .friday]), start: "2026-11-01", kind: F.glasses, reminders: ["08:00", "20:00"],
            ["2026-11-02": "3|morning, then \"more\"", "2026-11-03": "skip", "2026-11-06": "2.5"])
        a.description = "Water, plenty"
        a.modified = Instant(secondsSinceEpoch: 1_800_000_000)
        let b = F.habit(.timesPerMonth(10), start: "2026-10-01", archived: true, id: "0b0b0b0b", name: "Бег 🏃", ["2026-10-02": "done"])
        let c = F.habit(.everyNDays(3), start: "2026-11-01", kind: F.coffeeLimit, id: "0c0c0c0c", name: "Coffee")
        return [a, b, c]
    }

    @Test func ourCSVRoundTrips() throws {
        let csv = HabitCSVExporter.csv(Self.sample)
        #expect(
            csv.hasPrefix(
                "record,id,name,description,frequency,reminders,start,archived,unit,target,goal,created,modified,date,state,amount,note\n"))
        #expect(
            csv.contains(
                "\nhabit,0a0a0a0a,Read,\"Water, plenty\",\"weekdays:mon,fri\",08:00 20:00,2026-11-01,false,glasses,8,at-least,2023-11-14T22:13:20Z,2027-01-15T08:00:00Z,,,,\n"
            ))
        #expect(csv.contains("\nentry,0a0a0a0a,Read,,,,,,,,,,,2026-11-02,done,3,\"morning, then \"\"more\"\"\"\n"))
        let back = try HabitCSVImporter.habits(Array(csv.utf8), file: "h.csv")
        #expect(back == Self.sample)
    }

    @Test func ourCSVErrorsNameTheLineAndColumn() {
        let head = HabitCSVFormat.columns.joined(separator: ",") + "\n"
        let habit = "habit,0a0a0a0a,Read,,daily,,2026-11-01,false,,,,2026-11-01T00:00:00Z,2026-11-01T00:00:00Z,,,,\n"
        func failure(_ body: String) -> String? {
            do {
                _ = try HabitCSVImporter.habits(Array((head + body).utf8), file: "h.csv")
                return nil
            } catch { return error.message }
        }
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2026-11-31,done,,\n")
                == "h.csv line 3, column \"date\": invalid date \"2026-11-31\": expected YYYY-MM-DD")
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2026-11-02,maybe,,\n")
                == "h.csv line 3, column \"state\": invalid state \"maybe\": expected done, skip or none")
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2026-11-02,done,3,\n")
                == "h.csv line 3, column \"amount\": an amount for a yes/no habit: leave the amount empty")
        #expect(
            failure(habit + "entry,ffffffff,Read,,,,,,,,,,,2026-11-02,done,,\n")
                == "h.csv line 3, column \"id\": entry for habit id \"ffffffff\", which has no habit row")
        #expect(
            failure(habit.replacingAll("daily", with: "hourly"))
                == "h.csv line 2, column \"frequency\": invalid frequency \"hourly\": expected daily, weekdays:mon,wed, every:N, perWeek:X, perMonth:X or timesInDays:X/Y"
        )
        #expect(
            failure(habit + habit.replacingAll("0a0a0a0a", with: "0b0b0b0b"))
                == "h.csv line 3, column \"name\": habit \"Read\" appears twice")
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2026-10-02,done,,\n")
                == "h.csv line 3, column \"date\": 2026-10-02 is before the habit's start 2026-11-01")
        // The days the store, export and sync take: a start of 9999-12-31 could not be exported.
        #expect(
            failure(habit.replacingAll("2026-11-01,false", with: "9999-12-31,false"))
                == "h.csv line 2, column \"start\": invalid start \"9999-12-31\": expected a date from 2000-01-01 to 2199-12-31")
        #expect(
            failure(habit.replacingAll("2026-11-01,false", with: "0001-01-01,false"))
                == "h.csv line 2, column \"start\": invalid start \"0001-01-01\": expected a date from 2000-01-01 to 2199-12-31")
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2200-01-01,done,,\n")
                == "h.csv line 3, column \"date\": invalid date \"2200-01-01\": expected a date from 2000-01-01 to 2199-12-31")
    }

    @Test func mergeAddsNewHabitsAndMissingDays() throws {
        var doc = StoreDocument(settings: Settings(), alarms: [], habits: [F.habit(start: "2026-11-05", ["2026-11-05": "skip"])])
        let incoming = [
            F.habit(start: "2026-11-01", id: "12121212", ["2026-11-01": "done", "2026-11-05": "done", "2026-11-06": "done"]),
            F.habit(start: "2026-11-01", id: "0a0a0a0a", name: "New"),
        ]
        let s = HabitImport.merge(incoming, into: &doc)
        #expect(s.added == ["New"] && s.merged == ["Read"] && s.entriesAdded == 2 && s.entriesKept == 1)
        #expect(doc.habits[0].id == "0a0a0a0a" && doc.habits[0].start == F.day("2026-11-01"))
        #expect(doc.habits[0].entry(on: F.day("2026-11-05"))?.status == .skipped)  // kept as it was
        #expect(doc.habits[1].id != "0a0a0a0a")  // the id was taken
        var numeric = StoreDocument(settings: Settings(), alarms: [], habits: [F.habit(start: "2026-11-01", kind: F.glasses)])
        let w = HabitImport.merge([F.habit(start: "2026-11-01", ["2026-11-02": "done"])], into: &numeric)
        #expect(w.warnings.map(\.english) == ["\"Read\" here is a numeric habit: 1 imported day of the other kind was left out"])
        // Counted by the language's plural rule, not "1 days".
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        #expect(w.warnings.map { $0.text(ru) } == ["«Read» здесь — числовая привычка: 1 импортированный день другого типа пропущен"])
    }
}

/// A bad row of a habit CSV is explained in the reader's language, naming its line and column.
struct HabitCSVRussianTests {
    @Test func aBadRowNamesLineAndColumnInRussian() throws {
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        let head = HabitCSVFormat.columns.joined(separator: ",") + "\n"
        let habit = "habit,0a0a0a0a,Read,,daily,,2026-11-01,false,,,,2026-11-01T00:00:00Z,2026-11-01T00:00:00Z,,,,\n"
        func failure(_ body: String) -> String? {
            do {
                _ = try HabitCSVImporter.habits(Array((head + body).utf8), file: "h.csv")
                return nil
            } catch { return error.message(in: ru) }
        }
        #expect(
            failure(habit + "entry,0a0a0a0a,Read,,,,,,,,,,,2026-11-31,done,,\n")
                == "h.csv, строка 3, столбец «date»: неверная дата «2026-11-31»: ожидается ГГГГ-ММ-ДД")
        #expect(
            failure(habit + habit.replacingAll("0a0a0a0a", with: "0b0b0b0b"))
                == "h.csv, строка 3, столбец «name»: привычка «Read» встречается дважды")
        #expect(failure("hobbit,0a0a0a0a\n") == "h.csv, строка 2, столбец «record»: запись «hobbit» — не habit, не entry и не achievement")
    }
}
