// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Schema 3: "X times in Y days", numeric goals per period, notes alone on a day, achievements and
/// the achievement-notifications setting, in the store and in our CSV; schema 1 stores still load.
/// (Schema 2 added sync, in parallel work; the habit fields came with 3.)
struct HabitSchema2Tests {
    typealias F = HabitFixture
    typealias D = ScratchDirectory

    func decode(_ json: String) throws -> StoreDocument { try DocumentCoding.decode(try JSONParser.parse(json)) }

    func schema2Habits() -> [Habit] {
        var a = F.habit(.timesInDays(2, 5), start: "2026-11-01", ["2026-11-02": "done", "2026-11-03": "done"])
        a.setEntry(.noted(F.day("2026-11-04"), note: "ill, but noted"))
        a.achievements = [
            HabitAchievement(.firstCompletion, earned: F.day("2026-11-02")),
            HabitAchievement(.streak(7), earned: F.day("2026-11-09")),
        ]
        let b = F.habit(
            .timesPerWeek(1), start: "2026-11-01", kind: .numeric(HabitGoal(unit: "km", target: 10, per: .period)),
            id: "0b0b0b0b", name: "Run", ["2026-11-02": "4", "2026-11-05": "6.5"])
        return [a, b]
    }

    @Test func storeRoundTrip() throws {
        var doc = StoreDocument(settings: Settings(), alarms: [], habits: schema2Habits())
        doc.settings.achievementNotifications = false
        let text = JSONWriter.pretty(DocumentCoding.encode(doc))
        #expect(text.contains(#""frequency": {"#) && text.contains(#""kind": "timesInDays""#) && text.contains(#""days": 5"#))
        #expect(text.contains(#""2026-11-04": ["none", "ill, but noted"]"#))
        #expect(text.contains(#""per": "period""#))
        #expect(text.contains(#""key": "streak-7""#) && text.contains(#""earned": "2026-11-09""#))
        #expect(text.contains(#""achievementNotifications": false"#))
        #expect(try decode(text) == doc)
    }

    @Test func csvRoundTrip() throws {
        let habits = schema2Habits()
        let csv = HabitCSVExporter.csv(habits)
        #expect(csv.contains(",timesInDays:2/5,") && csv.contains(",at-least:period,"))
        #expect(csv.contains("\nentry,0a0a0a0a,Read,,,,,,,,,,,2026-11-04,none,,\"ill, but noted\"\n"))
        #expect(csv.contains("\nachievement,0a0a0a0a,Read,,,,,,,,,,,2026-11-09,streak-7,,\n"))
        #expect(try HabitCSVImporter.habits(Array(csv.utf8), file: "h.csv") == habits)
    }

    @Test func badAchievementsAreRefusedPrecisely() {
        let json = """
            {"habits": [{"id": "0a0a0a0a", "name": "Read", "frequency": {"kind": "daily"}, "start": "2026-11-01",
                         "created": "2026-11-01T00:00:00Z", "achievements": [{"key": "streak-8", "earned": "2026-11-02"}]}]}
            """
        #expect { try decode(json) } throws: {
            ($0 as? DocumentDecodingError)?.description
                == "habits[0].achievements[0].key: unknown achievement \"streak-8\" (expected first, completions-100, streak-7/30/100/365 or strength-80)"
        }
        let badTimes =
            #"{"habits": [{"id": "0a0a0a0a", "name": "Read", "frequency": {"kind": "timesInDays", "times": 6, "days": 5}, "start": "2026-11-01", "created": "2026-11-01T00:00:00Z"}]}"#
        #expect(throws: DocumentDecodingError.self) { try decode(badTimes) }
    }

    /// A store written by the previous release (schema 1, every frequency it knew, numeric goals,
    /// notes) loads unchanged through the store, and the next write makes it schema 3.
    @Test func schema1StoresLoad() throws {
        let v1 = """
            {
              "schemaVersion": 1,
              "settings": {"zone": "Europe/Moscow", "snoozeMinutes": 10, "sound": "alarm-clock-elapsed", "ringMinutes": 5,
                           "lateWindowMinutes": 15, "language": "ru", "habitLaterMinutes": 30, "habitSound": "message-new-instant"},
              "alarms": [],
              "habits": [
                {"id": "0a0a0a0a", "name": "Зарядка", "frequency": {"kind": "weekdays", "days": ["mon", "wed", "fri"]},
                 "reminders": ["07:30"], "start": "2026-11-01", "archived": false,
                 "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z",
                 "entries": {"2026-11-02": "done", "2026-11-04": ["skip", "болею"]}},
                {"id": "0b0b0b0b", "name": "Water", "frequency": {"kind": "daily"}, "reminders": [],
                 "numeric": {"unit": "glasses", "target": 8, "goal": "at-least"}, "start": "2026-11-01", "archived": false,
                 "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z",
                 "entries": {"2026-11-01": 3, "2026-11-02": [8, "ok"]}},
                {"id": "0c0c0c0c", "name": "Plants", "frequency": {"kind": "every", "intervalDays": 3}, "reminders": [],
                 "start": "2026-11-01", "archived": false, "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z",
                 "entries": {}},
                {"id": "0d0d0d0d", "name": "Run", "frequency": {"kind": "perWeek", "times": 3}, "reminders": [],
                 "start": "2026-11-01", "archived": true, "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z",
                 "entries": {"2026-11-03": "done"}},
                {"id": "0e0e0e0e", "name": "Coffee", "frequency": {"kind": "perMonth", "times": 20}, "reminders": [],
                 "numeric": {"unit": "cups", "target": 2, "goal": "at-most"}, "start": "2026-11-01", "archived": false,
                 "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z", "entries": {"2026-11-05": 1}}
              ]
            }
            """
        let dir = D()
        D.write(dir.paths.document, v1)
        let store = DocumentStore(paths: dir.paths)
        let doc = try store.load()
        #expect(
            doc.habits.map(\.frequency) == [
                .weekdays([.monday, .wednesday, .friday]), .daily, .everyNDays(3), .timesPerWeek(3), .timesPerMonth(20),
            ])
        #expect(doc.habits[1].kind == .numeric(HabitGoal(unit: "glasses", target: 8)) && doc.habits[1].kind.goal?.per == .day)
        #expect(doc.habits[0].entries == [.done(F.day("2026-11-02")), .skipped(F.day("2026-11-04"), note: "болею")])
        #expect(doc.habits.allSatisfy { $0.achievements.isEmpty } && doc.settings.achievementNotifications)
        #expect(D.read(dir.paths.document) == Array(v1.utf8))  // reading changes nothing
        try store.update { $0.habits[2].name = "Цветы" }
        let text = String(decoding: D.read(dir.paths.document)!, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": \(StoreDocument.currentSchemaVersion),"))
        #expect(try store.load().habits.map(\.name) == ["Зарядка", "Water", "Цветы", "Run", "Coffee"])
    }

    /// The migration steps: a version 1, 2 or 3 tree becomes the current version with nothing else changed.
    @Test func migrationStep() throws {
        for old in [1, 2, 3] {
            let tree = try JSONParser.parse(#"{"schemaVersion": \#(old), "alarms": [], "habits": []}"#)
            let latest = try Migration.standard.migrate(tree)
            #expect(
                latest["schemaVersion"] == .int(StoreDocument.currentSchemaVersion) && latest["alarms"] == .array([])
                    && latest["habits"] == .array([]))
        }
        #expect(Migration.standard.latestVersion == StoreDocument.currentSchemaVersion)
    }
}
