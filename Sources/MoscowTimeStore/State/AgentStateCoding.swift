// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// JSON form of `AgentState`. The file keeps the alarm states in two maps, as since schema 1:
/// `handled` (each alarm's latest handled occurrence) and `snoozes` (alarms in `.snoozed`). Added
/// later, still schema 1 (older agents ignore them, and files without them load as before):
/// `ringing` (alarms in `.ringing`, so that a ring cut short by a crash rings on),
/// `notifications` (`RingNotifications`) and `seen` (each alarm's version taken in and since when,
/// see `NextRing`). A damaged entry in any is dropped, never fatal (a version not recorded is
/// taken in again, from the store's last write).
///
/// Decoding salvages: each part (every handled occurrence, every snooze, the pause, the habit
/// reminders) is read on its own, and a bad part — damaged, or an instant out of range — is dropped
/// and reported while the rest is kept. Above all the handled-occurrence record survives a bad
/// pause or snooze, so an alarm already stopped never rings a second time.
public enum AgentStateCoding {
    public static let schemaVersion = 1

    public static func encode(_ s: AgentState) -> JSONValue {
        let tracks = sortedTracks(s)
        var members: [(String, JSONValue)] = [("schemaVersion", .int(schemaVersion))]
        members.append(("handled", .object(tracks.compactMap { id, t in t.handled.map { (id, .string(ISO8601.utcString($0))) } })))
        members.append(("snoozes", snoozes(tracks)))
        if let p = s.pausedUntil { members.append(("pausedUntil", .string(ISO8601.utcString(p)))) }
        if let y = s.calendarWarnedYear { members.append(("calendarWarnedYear", .int(y))) }
        let seen = tracks.compactMap { id, t in t.seen.map { (id, $0) } }
        if !seen.isEmpty {
            members.append(("seen", .object(seen.map { ($0, encodeSeen($1)) })))
        }
        members.append(("habitReminders", HabitReminderStateCoding.encode(s.habitReminders)))
        if let ringing = ringing(tracks) { members.append(("ringing", ringing)) }
        if let n = notifications(s) { members.append(("notifications", n)) }
        return .object(members)
    }

    /// Every alarm's record, by id: one sort for every map of the file, of the ids alone (moving
    /// the records while sorting cost three times as much).
    static func sortedTracks(_ s: AgentState) -> [(key: String, value: AlarmTrack)] {
        let tracks = s.alarms.tracks
        return tracks.keys.sorted().map { ($0, tracks[$0]!) }
    }

    static func snoozes(_ tracks: [(key: String, value: AlarmTrack)]) -> JSONValue {
        .object(
            tracks.compactMap { id, t in
                t.snooze.map {
                    (
                        id,
                        .object([
                            ("until", .string(ISO8601.utcString($0.until))), ("due", .string(ISO8601.utcString($0.due))),
                            ("count", .int($0.count)),
                        ])
                    )
                }
            })
    }

    static func encodeSeen(_ v: SeenVersion) -> JSONValue {
        .object(
            [
                ("modified", .string(ISO8601.utcString(v.modified))), ("zone", .string(v.zone)),
                ("since", .string(ISO8601.utcString(v.since))),
            ] + (v.calendar.map { [("calendar", .string(String($0, radix: 16)))] } ?? []))
    }

    /// Nil when nothing rings.
    static func ringing(_ tracks: [(key: String, value: AlarmTrack)]) -> JSONValue? {
        let ringing = tracks.compactMap { id, t in t.ringing.map { (id, encodeRing($0)) } }
        return ringing.isEmpty ? nil : .object(ringing)
    }

    /// Nil when none is on screen.
    static func notifications(_ s: AgentState) -> JSONValue? {
        guard !s.ringNotifications.isEmpty else { return nil }
        let n = s.ringNotifications
        func ids(_ d: [String: UInt32]) -> JSONValue { .object(d.sorted { $0.key < $1.key }.map { ($0.key, .int(Int($0.value))) }) }
        return .object([("server", .string(n.server)), ("ids", ids(n.ids)), ("reminders", ids(n.reminders))])
    }

    /// The state, salvaged part by part (see the type's comment); throws only when the document is
    /// not an object or comes from a newer schema.
    public static func decode(_ json: JSONValue) throws(DocumentDecodingError) -> AgentState {
        try decodeSalvaging(json).state
    }

    /// The salvaged state and one line per part that was set aside.
    public static func decodeSalvaging(_ json: JSONValue) throws(DocumentDecodingError) -> (state: AgentState, problems: [String]) {
        try decodeSalvaging(JSONDocument(json))
    }

    /// The generation of the records file a state file names (`AgentStateRecords`); nil in a file
    /// that holds every record itself.
    static func recordsGeneration(_ document: JSONDocument) -> Int? {
        document.value[AgentStateRecords.key]?.intValue.flatMap { $0 > 0 ? $0 : nil }
    }

    /// `decodeSalvaging` of a document as parsed: its parts are walked as trees, made once here.
    static func decodeSalvaging(_ document: JSONDocument) throws(DocumentDecodingError) -> (state: AgentState, problems: [String]) {
        let r = try FieldReader(document, path: "")
        let json = document.value
        if let v = json["schemaVersion"]?.intValue, v > schemaVersion {
            throw DocumentDecodingError(
                path: "schemaVersion", reason: Message("written by a newer version ({version})", ["version": "\(v)"]))
        }
        var s = AgentState()
        var problems: [String] = []
        decodeAlarmTracks(json, into: &s, problems: &problems)
        if r.has("pausedUntil") {
            do { s.pausedUntil = try r.instant("pausedUntil") } catch { problems.append(error.description) }
        }
        if let h = json["habitReminders"] {
            do { s.habitReminders = try HabitReminderStateCoding.decode(h, path: "habitReminders") } catch {
                problems.append(error.description)
            }
        }
        if r.has("calendarWarnedYear") {
            do { s.calendarWarnedYear = try r.int("calendarWarnedYear", in: CalendarYear.years) } catch {
                problems.append(error.description)
            }
        }
        decodeRinging(json, into: &s)
        decodeSeen(json, into: &s)
        return (s, problems)
    }

    /// The occurrences handled and the snoozes: each unreadable entry set aside and said.
    private static func decodeAlarmTracks(_ json: JSONValue, into s: inout AgentState, problems: inout [String]) {
        func sane(_ v: JSONValue) -> Instant? {
            guard let t = v.stringValue.flatMap(ISO8601.parse), Limits.instantSeconds.contains(t.secondsSinceEpoch) else { return nil }
            return t
        }
        if let handled = json["handled"], !handled.isNull {
            if case .object(let members) = handled {
                for (id, v) in members {
                    if let t = sane(v) {
                        s.alarms.markHandled(id, at: t)
                    } else {
                        problems.append("handled.\(id): expected an instant in 2000–2199")
                    }
                }
            } else {
                problems.append("handled: expected an object")
            }
        }
        if let snoozes = json["snoozes"], !snoozes.isNull {
            if case .object(let members) = snoozes {
                for (id, v) in members {
                    do {
                        let sr = try FieldReader(v, path: "snoozes.\(id)")
                        s.alarms.setSnooze(
                            id,
                            Snooze(
                                until: try sr.instant("until"), due: try sr.instant("due"),
                                count: try sr.optionalInt("count", in: 1...10_000) ?? 1))
                    } catch { problems.append(error.description) }
                }
            } else {
                problems.append("snoozes: expected an object")
            }
        }
    }

    /// Which version of each alarm was seen since when; an unreadable entry is dropped.
    private static func decodeSeen(_ json: JSONValue, into s: inout AgentState) {
        if case .object(let members)? = json["seen"] {
            for (id, v) in members {
                guard let r = try? FieldReader(v, path: "seen.\(id)"),
                    let version = try? SeenVersion(
                        modified: r.instant("modified"), zone: r.string("zone"),
                        since: r.instant("since"), calendar: r.optionalString("calendar").flatMap { UInt64($0, radix: 16) })
                else { continue }
                s.alarms.markSeen(id, version)
            }
        }
    }

    private static func encodeRing(_ r: RingingAlarm) -> JSONValue {
        .object([
            ("label", .string(r.label)), ("due", .string(ISO8601.utcString(r.due))),
            ("startedAt", .string(ISO8601.utcString(r.startedAt))), ("endsAt", .string(ISO8601.utcString(r.endsAt))),
            ("late", .bool(r.isLate)), ("snoozeCount", .int(r.snoozeCount)), ("snoozeMinutes", .int(r.snoozeMinutes)),
            ("sound", .string(r.sound)), ("rampSeconds", .int(r.rampSeconds)),
        ])
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
                        sound: r.string("sound"),
                        rampSeconds: r.optionalInt("rampSeconds", in: Limits.rampSeconds) ?? 0),
                    ring.startedAt <= ring.endsAt, ring.endsAt - ring.startedAt <= Int64(Limits.ringMinutes.upperBound) * 60
                else { continue }
                s.alarms.setRinging(id, ring)
            }
        }
        if let n = json["notifications"] {
            func ids(_ key: String) -> [String: UInt32] {
                guard case .object(let members)? = n[key] else { return [:] }
                var out: [String: UInt32] = [:]
                for (id, v) in members {
                    if let i = v.intValue, i > 0, i <= Int(UInt32.max) { out[id] = UInt32(i) }
                }
                return out
            }
            s.ringNotifications = RingNotifications(server: n["server"]?.stringValue ?? "", ids: ids("ids"), reminders: ids("reminders"))
        }
    }
}
