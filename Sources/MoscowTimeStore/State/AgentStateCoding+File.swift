// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

extension AgentStateCoding {
    /// The state file's bytes: `JSONWriter.prettyBytes(encode(s))`, byte for byte, with the two
    /// maps that hold a record per alarm (`handled`, `seen`) written straight from the alarms'
    /// records. The agent saves its state before every ring; with a thousand alarms, building and
    /// writing their JSON tree was most of the time from the alarm's instant to its notification.
    public static func fileBytes(_ s: AgentState) -> [UInt8] {
        let tracks = sortedTracks(s)
        var out: [UInt8] = []
        out.reserveCapacity(1024 + 160 * tracks.count)
        out.append(contentsOf: "{\n  \"schemaVersion\": \(schemaVersion),\n  \"handled\": ".utf8)
        writeHandled(tracks, into: &out)
        member("snoozes", snoozes(tracks), into: &out)
        if let p = s.pausedUntil { member("pausedUntil", .string(ISO8601.utcString(p)), into: &out) }
        if let y = s.calendarWarnedYear { member("calendarWarnedYear", .int(y), into: &out) }
        if tracks.contains(where: { $0.value.seen != nil }) {
            out.append(contentsOf: ",\n  \"seen\": ".utf8)
            writeSeen(tracks, into: &out)
        }
        member("habitReminders", HabitReminderStateCoding.encode(s.habitReminders), into: &out)
        if let ringing = ringing(tracks) { member("ringing", ringing, into: &out) }
        if let n = notifications(s) { member("notifications", n, into: &out) }
        out.append(contentsOf: "\n}\n".utf8)
        return out
    }

    /// `,\n  "name": value` at the top level.
    private static func member(_ name: String, _ value: JSONValue, into out: inout [UInt8]) {
        out.append(contentsOf: ",\n  ".utf8)
        JSONWriter.appendString(name, to: &out)
        out.append(contentsOf: ": ".utf8)
        JSONWriter.appendPretty(value, to: &out, indent: 1)
    }

    private static func writeHandled(_ tracks: [(key: String, value: AlarmTrack)], into out: inout [UInt8]) {
        var any = false
        for (id, t) in tracks {
            guard let handled = t.handled else { continue }
            out.append(contentsOf: (any ? ",\n    " : "{\n    ").utf8)
            any = true
            JSONWriter.appendString(id, to: &out)
            out.append(contentsOf: ": \"".utf8)
            ISO8601.appendUTC(handled, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: (any ? "\n  }" : "{}").utf8)
    }

    /// Called with at least one alarm's version recorded.
    private static func writeSeen(_ tracks: [(key: String, value: AlarmTrack)], into out: inout [UInt8]) {
        var any = false
        for (id, t) in tracks {
            guard let seen = t.seen else { continue }
            out.append(contentsOf: (any ? ",\n    " : "{\n    ").utf8)
            any = true
            JSONWriter.appendString(id, to: &out)
            out.append(contentsOf: ": {\n      \"modified\": \"".utf8)
            ISO8601.appendUTC(seen.modified, to: &out)
            out.append(contentsOf: "\",\n      \"zone\": ".utf8)
            JSONWriter.appendString(seen.zone, to: &out)
            out.append(contentsOf: ",\n      \"since\": \"".utf8)
            ISO8601.appendUTC(seen.since, to: &out)
            out.append(UInt8(ascii: "\""))
            if let calendar = seen.calendar {
                out.append(contentsOf: ",\n      \"calendar\": \"".utf8)
                out.append(contentsOf: String(calendar, radix: 16).utf8)
                out.append(UInt8(ascii: "\""))
            }
            out.append(contentsOf: "\n    }".utf8)
        }
        out.append(contentsOf: "\n  }".utf8)
    }
}
