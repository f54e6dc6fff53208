// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent's state file is written straight from the alarms' records (`AgentStateCoding.fileBytes`,
/// saved before every ring): byte for byte the pretty JSON of `encode`, whatever the state holds.
@Suite struct AgentStateFileTests {
    typealias F = CoreFixtures

    func expectSameFile(_ s: AgentState, _ comment: Comment) throws {
        let bytes = AgentStateCoding.fileBytes(s)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == JSONWriter.pretty(AgentStateCoding.encode(s)), comment)
        #expect(try AgentStateCoding.decodeSalvaging(JSONParser.document(bytes)).state == s, comment)
    }

    @Test("the file written from the records is the pretty JSON of the state")
    func fileIsThePrettyJSON() throws {
        var s = AgentState()
        try expectSameFile(s, "empty")
        s.alarms.markSeen(
            "0000bbbb", SeenVersion(modified: F.at("2026-11-20T10:00:00Z"), zone: "Europe/Moscow", since: F.at("2026-11-20T10:00:01Z")))
        try expectSameFile(s, "a version seen, nothing handled")
        s.alarms.markHandled("0000aaaa", at: F.at("2026-11-21T04:00:00Z"))
        s.alarms.markHandled("a\"b\\c Ж", at: F.at("2026-11-21T05:00:00Z"))
        s.alarms.markSeen(
            "0000aaaa",
            SeenVersion(
                modified: F.at("2026-11-20T09:00:00Z"), zone: "America/New_York", since: F.at("2026-11-21T00:00:00Z"), calendar: 0xdead_beef
            ))
        s.alarms.setSnooze("0000cccc", Snooze(until: F.at("2026-11-21T04:10:00Z"), due: F.at("2026-11-21T04:00:00Z"), count: 3))
        try expectSameFile(s, "handled, seen with and without a calendar, a snooze, an id to escape")
        s.pausedUntil = F.at("2026-11-21T06:00:00Z")
        s.calendarWarnedYear = 2027
        s.alarms.setRinging(
            "0000dddd",
            RingingAlarm(
                alarmID: "0000dddd", label: "Подъём", due: F.at("2026-11-21T04:00:00Z"), startedAt: F.at("2026-11-21T04:00:00Z"),
                endsAt: F.at("2026-11-21T04:05:00Z"), isLate: false, snoozeCount: 0, snoozeMinutes: 10, sound: "default"))
        s.ringNotifications = RingNotifications(server: ":1.42", ids: ["0000dddd": 7], reminders: ["0b0b0b0b": 8])
        try expectSameFile(s, "a pause, a warned year, a ring and its notification")
    }

    @Test("an instant appended as bytes is its UTC text")
    func appendedInstantIsItsText() {
        for seconds: Int64 in [-62_135_596_800, -86_401, -1, 0, 1, 1_795_312_805, 253_402_300_799, 253_402_300_800] {
            var out: [UInt8] = [UInt8(ascii: "x")]
            ISO8601.appendUTC(Instant(secondsSinceEpoch: seconds), to: &out)
            #expect(out == Array(("x" + ISO8601.utcString(Instant(secondsSinceEpoch: seconds))).utf8), "\(seconds)")
        }
    }
}
