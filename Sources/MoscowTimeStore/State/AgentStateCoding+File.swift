// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

extension AgentStateCoding {
    /// The state file's bytes: `JSONWriter.prettyBytes(encode(s))`, byte for byte, with the two
    /// maps that hold a record per alarm (`handled`, `seen`) written straight from the alarms'
    /// records. The agent saves its state before every ring; with a thousand alarms, building and
    /// writing their JSON tree was most of the time from the alarm's instant to its notification.
    /// `memo`: the alarms' entries as the last file had them, written again as they were when
    /// their record is the same (`AgentStateStore` keeps one).
    /// `records`: the generation of the records file whose alarms' entries the file's own
    /// `handled` and `seen` add to (`AgentStateRecords`); nil for a file that holds them all.
    public static func fileBytes(_ s: AgentState, reusing memo: AgentStateFileMemo? = nil, records: Int? = nil) -> [UInt8] {
        guard let memo else {
            var parts = AgentStateFileMemo.Parts()
            return fileBytes(s, records, &parts)
        }
        return memo.parts.withLock { fileBytes(s, records, &$0) }
    }

    private static func fileBytes(_ s: AgentState, _ records: Int?, _ parts: inout AgentStateFileMemo.Parts) -> [UInt8] {
        let tracks = parts.sorted(s.alarms.tracks)
        var out: [UInt8] = []
        out.reserveCapacity(1024 + 160 * tracks.count)
        literal("{\n  \"schemaVersion\": ", &out)
        out.append(contentsOf: String(schemaVersion).utf8)
        if let records { member(AgentStateRecords.key, .int(records), into: &out) }
        literal(",\n  \"handled\": ", &out)
        writeHandled(tracks, into: &out, &parts)
        member("snoozes", snoozes(tracks), into: &out)
        if let p = s.pausedUntil { member("pausedUntil", .string(ISO8601.utcString(p)), into: &out) }
        if let y = s.calendarWarnedYear { member("calendarWarnedYear", .int(y), into: &out) }
        if tracks.contains(where: { $0.value.seen != nil }) {
            literal(",\n  \"seen\": ", &out)
            writeSeen(tracks, into: &out, &parts)
        }
        member("habitReminders", HabitReminderStateCoding.encode(s.habitReminders), into: &out)
        if let ringing = ringing(tracks) { member("ringing", ringing, into: &out) }
        if let n = notifications(s) { member("notifications", n, into: &out) }
        literal("\n}\n", &out)
        return out
    }

    private static func literal(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `,\n  "name": value` at the top level.
    private static func member(_ name: String, _ value: JSONValue, into out: inout [UInt8]) {
        literal(",\n  ", &out)
        JSONWriter.appendString(name, to: &out)
        literal(": ", &out)
        JSONWriter.appendPretty(value, to: &out, indent: 1)
    }

    private static func writeHandled(
        _ tracks: [(key: String, value: AlarmTrack)], into out: inout [UInt8], _ parts: inout AgentStateFileMemo.Parts
    ) {
        var any = false
        for (k, (id, t)) in tracks.enumerated() {
            guard let handled = t.handled else { continue }
            literal(any ? ",\n    " : "{\n    ", &out)
            any = true
            out += parts.handled(k, handled) {
                var entry: [UInt8] = []
                JSONWriter.appendString(id, to: &entry)
                literal(": \"", &entry)
                ISO8601.appendUTC(handled, to: &entry)
                entry.append(UInt8(ascii: "\""))
                return entry
            }
        }
        literal(any ? "\n  }" : "{}", &out)
    }

    /// Called with at least one alarm's version recorded.
    private static func writeSeen(
        _ tracks: [(key: String, value: AlarmTrack)], into out: inout [UInt8], _ parts: inout AgentStateFileMemo.Parts
    ) {
        var any = false
        for (k, (id, t)) in tracks.enumerated() {
            guard let seen = t.seen else { continue }
            literal(any ? ",\n    " : "{\n    ", &out)
            any = true
            out += parts.seen(k, seen) { seenEntry(id, seen) }
        }
        literal("\n  }", &out)
    }

    /// `"id": {"modified": …}` of one alarm's version taken in.
    private static func seenEntry(_ id: String, _ seen: SeenVersion) -> [UInt8] {
        var out: [UInt8] = []
        JSONWriter.appendString(id, to: &out)
        literal(": {\n      \"modified\": \"", &out)
        ISO8601.appendUTC(seen.modified, to: &out)
        literal("\",\n      \"zone\": ", &out)
        JSONWriter.appendString(seen.zone, to: &out)
        literal(",\n      \"since\": \"", &out)
        ISO8601.appendUTC(seen.since, to: &out)
        out.append(UInt8(ascii: "\""))
        if let calendar = seen.calendar {
            literal(",\n      \"calendar\": \"", &out)
            out.append(contentsOf: String(calendar, radix: 16).utf8)
            out.append(UInt8(ascii: "\""))
        }
        literal("\n    }", &out)
        return out
    }
}
