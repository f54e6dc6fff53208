// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// JSON form of `HabitReminderState`, for the agent's state file (the agent nests it under a key of
/// its choosing and passes that key as `path`, so errors name the exact field):
///
///     {"handled": {"3f9a0c12@08:00": "2026-11-21T05:00:00Z"},
///      "later": {"3f9a0c12": {"until": "2026-11-21T05:30:00Z", "due": "2026-11-21T05:00:00Z",
///                             "day": "2026-11-21", "time": "08:00"}},
///      "open": {"3f9a0c12": {"name": "Read", "day": "2026-11-21", "time": "08:00",
///                            "due": "2026-11-21T05:00:00Z", "late": false, "postponed": false}}}
public enum HabitReminderStateCoding {
    public static func encode(_ s: HabitReminderState) -> JSONValue {
        .object([
            ("handled", .object(s.handled.sorted { $0.key < $1.key }.map { ($0.key, .string(ISO8601.utcString($0.value))) })),
            (
                "later",
                .object(
                    s.later.sorted { $0.key < $1.key }.map {
                        (
                            $0.key,
                            .object([
                                ("until", .string(ISO8601.utcString($0.value.until))),
                                ("due", .string(ISO8601.utcString($0.value.due))),
                                ("day", .string($0.value.day.description)),
                                ("time", .string($0.value.time.description)),
                            ])
                        )
                    })
            ),
            (
                "open",
                .object(
                    s.open.sorted { $0.key < $1.key }.map { id, r in
                        var fields: [(String, JSONValue)] = [
                            ("name", .string(r.name)), ("day", .string(r.day.description)),
                            ("time", .string(r.time.description)), ("due", .string(ISO8601.utcString(r.due))),
                            ("late", .bool(r.isLate)), ("postponed", .bool(r.isPostponed)),
                        ]
                        if let p = r.progress { fields.append(("progress", .string(p))) }
                        return (id, .object(fields))
                    })
            ),
        ])
    }

    public static func decode(_ json: JSONValue, path: String = "") throws(DocumentDecodingError) -> HabitReminderState {
        let r = try FieldReader(json, path: path)
        var s = HabitReminderState()
        if r.has("handled") {
            guard case .object(let members)? = json["handled"] else { throw r.fail("handled", Message("expected an object")) }
            for (key, v) in members {
                guard let t = v.stringValue.flatMap(ISO8601.parse) else {
                    throw r.fail("handled.\(key)", Message("expected an instant like 2026-11-21T05:00:00Z"))
                }
                s.handled[key] = t
            }
        }
        if r.has("later") {
            let later = try r.object("later")
            guard case .object(let members) = later.value else { throw r.fail("later", Message("expected an object")) }
            for (id, v) in members {
                let lr = try FieldReader(v, path: later.path + "." + id)
                s.later[id] = HabitLater(
                    until: try lr.instant("until"), due: try lr.instant("due"),
                    day: try lr.date("day"), time: try lr.time("time"))
            }
        }
        if r.has("open") {
            let open = try r.object("open")
            guard case .object(let members) = open.value else { throw r.fail("open", Message("expected an object")) }
            for (id, v) in members {
                let o = try FieldReader(v, path: open.path + "." + id)
                s.open[id] = HabitReminder(
                    habitID: id, name: try o.string("name"), day: try o.date("day"), time: try o.time("time"),
                    due: try o.instant("due"), isLate: try o.bool("late", default: false),
                    isPostponed: try o.bool("postponed", default: false),
                    progress: o.has("progress") ? try o.string("progress") : nil)
            }
        }
        return s
    }
}
