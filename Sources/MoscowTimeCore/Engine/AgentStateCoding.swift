// SPDX-License-Identifier: GPL-3.0-or-later
/// JSON form of `AgentState`. The file keeps the alarm states in two maps, as since schema 1:
/// `handled` (each alarm's latest handled occurrence) and `snoozes` (alarms in `.snoozed`). A ringing
/// alarm is written as ready (see `AlarmBook.persistent`).
public enum AgentStateCoding {
    public static let schemaVersion = 1

    public static func encode(_ s: AgentState) -> JSONValue {
        var members: [(String, JSONValue)] = [("schemaVersion", .int(schemaVersion))]
        let book = s.alarms.persistent
        members.append(("handled", .object(book.handled.sorted { $0.key < $1.key }.map { ($0.key, .string(ISO8601.utcString($0.value))) })))
        members.append(("snoozes", .object(book.snoozes.sorted { $0.key < $1.key }.map {
            ($0.key, .object([("until", .string(ISO8601.utcString($0.value.until))),
                              ("due", .string(ISO8601.utcString($0.value.due))),
                              ("count", .int($0.value.count))]))
        })))
        if let p = s.pausedUntil { members.append(("pausedUntil", .string(ISO8601.utcString(p)))) }
        members.append(("habitReminders", HabitReminderStateCoding.encode(s.habitReminders)))
        return .object(members)
    }

    public static func decode(_ json: JSONValue) throws(DocumentDecodingError) -> AgentState {
        let r = try FieldReader(json, path: "")
        if let v = json["schemaVersion"]?.intValue, v > schemaVersion {
            throw DocumentDecodingError(path: "schemaVersion", reason: "written by a newer version (\(v))")
        }
        var s = AgentState()
        if case .object(let members)? = json["handled"] {
            for (id, v) in members {
                guard let t = v.stringValue.flatMap(ISO8601.parse) else { throw r.fail("handled.\(id)", "expected an instant") }
                s.alarms.markHandled(id, at: t)
            }
        }
        if case .object(let members)? = json["snoozes"] {
            for (id, v) in members {
                let sr = try FieldReader(v, path: "snoozes.\(id)")
                s.alarms.setSnooze(id, Snooze(until: try sr.instant("until"), due: try sr.instant("due"),
                                              count: try sr.optionalInt("count", in: 1...10_000) ?? 1))
            }
        }
        if r.has("pausedUntil") { s.pausedUntil = try r.instant("pausedUntil") }
        if let h = json["habitReminders"] { s.habitReminders = try HabitReminderStateCoding.decode(h, path: "habitReminders") }
        return s
    }
}
