// SPDX-License-Identifier: GPL-3.0-or-later
/// JSON form of `AgentState`. The file keeps the alarm states in two maps, as since schema 1:
/// `handled` (each alarm's latest handled occurrence) and `snoozes` (alarms in `.snoozed`). Added
/// later, still schema 1 (older agents ignore them, and files without them load as before):
/// `ringing` (alarms in `.ringing`, so that a ring cut short by a crash rings on) and
/// `notifications` (`RingNotifications`). A damaged entry in either is dropped, never fatal.
public enum AgentStateCoding {
    public static let schemaVersion = 1

    public static func encode(_ s: AgentState) -> JSONValue {
        var members: [(String, JSONValue)] = [("schemaVersion", .int(schemaVersion))]
        let book = s.alarms
        members.append(("handled", .object(book.handled.sorted { $0.key < $1.key }.map { ($0.key, .string(ISO8601.utcString($0.value))) })))
        members.append(("snoozes", .object(book.snoozes.sorted { $0.key < $1.key }.map {
            ($0.key, .object([("until", .string(ISO8601.utcString($0.value.until))),
                              ("due", .string(ISO8601.utcString($0.value.due))),
                              ("count", .int($0.value.count))]))
        })))
        if let p = s.pausedUntil { members.append(("pausedUntil", .string(ISO8601.utcString(p)))) }
        members.append(("habitReminders", HabitReminderStateCoding.encode(s.habitReminders)))
        if !book.ringing.isEmpty {
            members.append(("ringing", .object(book.ringing.sorted { $0.key < $1.key }.map { ($0.key, encodeRing($0.value)) })))
        }
        if !s.ringNotifications.isEmpty {
            members.append(("notifications", .object([
                ("server", .string(s.ringNotifications.server)),
                ("ids", .object(s.ringNotifications.ids.sorted { $0.key < $1.key }.map { ($0.key, .int(Int($0.value))) }))])))
        }
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
        decodeRinging(json, into: &s)
        return s
    }

    private static func encodeRing(_ r: RingingAlarm) -> JSONValue {
        .object([("label", .string(r.label)), ("due", .string(ISO8601.utcString(r.due))),
                 ("startedAt", .string(ISO8601.utcString(r.startedAt))), ("endsAt", .string(ISO8601.utcString(r.endsAt))),
                 ("late", .bool(r.isLate)), ("snoozeCount", .int(r.snoozeCount)), ("snoozeMinutes", .int(r.snoozeMinutes)),
                 ("sound", .string(r.sound)), ("oneTime", .bool(r.isOneTime))])
    }

    /// `ringing` and `notifications`: each entry on its own; a damaged one is left out (the ring
    /// then counts as handled, as before these fields existed).
    private static func decodeRinging(_ json: JSONValue, into s: inout AgentState) {
        if case .object(let members)? = json["ringing"] {
            for (id, v) in members {
                guard let r = try? FieldReader(v, path: "ringing.\(id)"),
                      let ring = try? RingingAlarm(
                        alarmID: id, label: r.string("label"), due: r.instant("due"), startedAt: r.instant("startedAt"),
                        endsAt: r.instant("endsAt"), isLate: r.bool("late", default: false),
                        snoozeCount: r.optionalInt("snoozeCount", in: 0...10_000) ?? 0,
                        snoozeMinutes: r.int("snoozeMinutes", in: Limits.snoozeMinutes),
                        sound: r.string("sound"), isOneTime: r.bool("oneTime", default: false)),
                      ring.startedAt <= ring.endsAt, ring.endsAt - ring.startedAt <= Int64(Limits.ringMinutes.upperBound) * 60
                else { continue }
                s.alarms.setRinging(id, ring)
            }
        }
        if let n = json["notifications"], case .object(let ids)? = n["ids"] {
            var out = RingNotifications(server: n["server"]?.stringValue ?? "")
            for (id, v) in ids {
                if let i = v.intValue, i > 0, i <= Int(UInt32.max) { out.ids[id] = UInt32(i) }
            }
            s.ringNotifications = out
        }
    }
}
