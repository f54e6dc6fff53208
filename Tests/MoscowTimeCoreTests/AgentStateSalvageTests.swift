// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// A bad part of the agent's state (a huge pause, a damaged snooze) is set aside; the record of
/// handled occurrences is kept, so an alarm already stopped never rings twice after a restart.
@Suite struct AgentStateSalvageTests {
    typealias F = CoreFixtures

    func decode(_ text: String) throws -> (state: AgentState, problems: [String]) {
        try AgentStateCoding.decodeSalvaging(try JSONParser.parse(Array(text.utf8)))
    }

    @Test func aPauseOutOfRangeIsDroppedAndTheHandledRecordKept() throws {
        let r = try decode(
            """
            {"schemaVersion": 1, "handled": {"0000aaaa": "2026-11-21T04:00:00Z"},
             "snoozes": {}, "pausedUntil": "9999-12-31T23:59:59Z"}
            """)
        #expect(r.state.handled == ["0000aaaa": F.at("2026-11-21T04:00:00Z")])
        #expect(r.state.pausedUntil == nil)
        #expect(r.problems.count == 1 && r.problems[0].hasPrefix("pausedUntil:"))
    }

    @Test func eachBadPartIsSetAsideOnItsOwn() throws {
        let r = try decode(
            """
            {"schemaVersion": 1,
             "handled": {"0000aaaa": "2026-11-21T04:00:00Z", "0000bbbb": "yesterday", "0000cccc": "1900-01-01T00:00:00Z"},
             "snoozes": {"0000dddd": {"until": "2026-11-21T04:10:00Z", "due": "2026-11-21T04:00:00Z", "count": 2},
                         "0000eeee": {"until": 42}},
             "pausedUntil": "2026-11-21T06:00:00Z",
             "habitReminders": "garbage"}
            """)
        #expect(r.state.handled == ["0000aaaa": F.at("2026-11-21T04:00:00Z")])
        #expect(r.state.snoozes == ["0000dddd": Snooze(until: F.at("2026-11-21T04:10:00Z"), due: F.at("2026-11-21T04:00:00Z"), count: 2)])
        #expect(r.state.pausedUntil == F.at("2026-11-21T06:00:00Z"))
        #expect(r.problems.count == 4)
        #expect(r.problems.contains { $0.hasPrefix("handled.0000bbbb") } && r.problems.contains { $0.hasPrefix("handled.0000cccc") })
        #expect(r.problems.contains { $0.hasPrefix("snoozes.0000eeee") } && r.problems.contains { $0.hasPrefix("habitReminders") })
    }

    @Test func aWholeStateRoundTripsWithNoProblems() throws {
        var s = AgentState()
        s.alarms.markHandled("0000aaaa", at: F.at("2026-11-21T04:00:00Z"))
        s.alarms.setSnooze("0000bbbb", Snooze(until: F.at("2026-11-21T04:10:00Z"), due: F.at("2026-11-21T04:00:00Z"), count: 3))
        s.pausedUntil = F.at("2026-11-21T06:00:00Z")
        let r = try AgentStateCoding.decodeSalvaging(AgentStateCoding.encode(s))
        #expect(r.state == s && r.problems.isEmpty)
    }

    @Test func aNewerSchemaIsStillRefusedWhole() {
        #expect(throws: DocumentDecodingError.self) { try decode(#"{"schemaVersion": 99, "handled": {}}"#) }
    }

    @Test func storeInstantsOutOfRangeAreRefused() {
        let text = StoreTextFixture.timer(at: "9999-01-01T00:00:00Z")
        #expect {
            try DocumentStore(paths: StorePaths(dataDirectory: "/nonexistent", stateDirectory: "/nonexistent")).decode(Array(text.utf8))
        } throws: { ($0 as? StoreError)?.description.contains("out of range") == true }
    }
}

/// A one-alarm store document with a timer at `at`.
enum StoreTextFixture {
    static func timer(at: String) -> String {
        """
        {"schemaVersion": 1, "settings": {}, "alarms": [{"id": "0000aaaa", "label": "T", "enabled": true,
          "schedule": {"kind": "timer", "at": "\(at)", "durationSeconds": 60},
          "created": "2026-11-21T12:00:00Z", "modified": "2026-11-21T12:00:00Z"}]}
        """
    }
}
