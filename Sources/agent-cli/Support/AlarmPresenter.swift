// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

/// Turns alarms and triggers into table rows and stable JSON for `list`, `show` and `next`.
struct AlarmPresenter {
    let zone: Zone
    let t: Localizer
    let now: Instant
    let state: AgentState
    /// The working days alarms follow (`StoreDocument.workingCalendar`) and the setting they come from.
    let calendar: WorkingCalendar
    /// Alarms the last sync held (`HeldAlarms`): they ring as set here, their server copy is left alone.
    var held: Set<String> = []

    /// The agent's own rule for the next ring. Only the past depends on the store's write time,
    /// so none is needed for what comes after now.
    var rule: NextRing { NextRing(writtenAt: nil, pausedUntil: state.pausedUntil, zone: zone, calendar: calendar, now: now) }

    /// The next ring of one alarm, counting a pending snooze (`rule`: made once for a whole table).
    func nextRing(_ a: Alarm, by rule: NextRing? = nil) -> Instant? { (rule ?? self.rule).next(a, state.alarms[a.id])?.at }

    /// "Weekdays", "Working days (production calendar)", "Once on 2026-12-31"…
    func summary(_ a: Alarm) -> String { ScheduleText.summary(a.schedule, t, zone: zone, holidays: calendar.country) }

    func whenText(_ at: Instant) -> String { DateText.shortDateTime(zone.local(at), t.language) }

    /// The `list` table as UTF-8 bytes (10 000 rows are written without building one big String).
    func table(_ alarms: [Alarm]) -> [UInt8] {
        var table = TextTable(header: [t("ID"), t("TIME"), t("REPEAT"), t("STATE"), t("NEXT"), t("LABEL")])
        let short = AlarmID.shortForms(alarms.map(\.id))
        let on = t("on")
        let off = t("off")
        let snoozed = ", " + t("snoozed")  // looked up once, not per row
        let rule = self.rule
        for (a, id) in zip(alarms, short) {
            let next = nextRing(a, by: rule).map(whenText) ?? "—"
            var state = !a.enabled ? off : (a.skippedDays.isEmpty && a.offUntil == nil ? on : skipText(a))
            if self.state.snoozes[a.id] != nil { state += snoozed }
            if let ramp = a.rampSeconds { state += ", " + t("ramp {value}", ["value": RampDuration.format(ramp)]) }
            if held.contains(a.id) { state += ", " + t("not synced (see agent-cli status)") }
            table.add([
                id, time(a),
                summary(a), state, next, a.label,
            ])
        }
        return table.renderUTF8()
    }

    /// The TIME column: the alarm's time, followed by its zone when it keeps one of its own
    /// (`Alarm.zone`: 07:30 Europe/Moscow on a machine set to Berlin).
    func time(_ a: Alarm) -> String {
        let text = ScheduleText.time(a.schedule, zone: zone)
        guard let own = a.zone, own != zone.identifier else { return text }
        return text + " " + own
    }

    /// The days ahead the alarm skips (past ones change nothing).
    func skippedAhead(_ a: Alarm) -> [CivilDate] { a.skippedDays.filter { $0 >= zone.local(now).date }.sorted() }

    /// "off until Tue 01.12" or "on, skips 2" (`list`'s STATE, `show`).
    func skipText(_ a: Alarm) -> String {
        let today = zone.local(now).date
        if let o = a.offUntil, o > today { return t("off until {date}", ["date": "\(DateText.shortWeekday(o.weekday, t.language)) \(o)"]) }
        let n = skippedAhead(a).count
        return n == 0 ? t("on") : t.plural("on, skips {n} ring", "on, skips {n} rings", count: n, ["n": String(n)])
    }

    func json(_ a: Alarm) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(a.id)), ("label", .string(a.label)), ("enabled", .bool(a.enabled)),
            ("schedule", DocumentCoding.encodeSchedule(a.schedule)),
            ("summary", .string(summary(a))),
            ("snoozeMinutes", a.snoozeMinutes.map(JSONValue.int) ?? .null),
            ("sound", .optional(a.sound)),
            ("wake", a.wake.map(JSONValue.bool) ?? .null),
            ("rampSeconds", a.rampSeconds.map(JSONValue.int) ?? .null),
            ("zone", .optional(a.zone)),
            ("next", .optional(nextRing(a).map { ISO8601.string($0, in: zone) })),
            ("snoozedUntil", .optional(state.snoozes[a.id].map { ISO8601.string($0.until, in: zone) })),
            ("skipped", .array(skippedAhead(a).map { .string($0.description) })),
            ("offUntil", .optional(a.offUntil.flatMap { $0 > zone.local(now).date ? $0.description : nil })),
            ("created", .string(ISO8601.string(a.created, in: zone))),
            ("modified", .string(ISO8601.string(a.modified, in: zone))),
            ("held", .bool(held.contains(a.id))),
        ]
        if case .timer(_, let d) = a.schedule { members.append(("durationSeconds", .int(Int(d)))) }
        return .object(members)
    }

    func json(_ trigger: Trigger) -> JSONValue {
        .object([
            ("id", .string(trigger.alarm.id)),
            ("label", .string(trigger.alarm.label)),
            ("at", .string(ISO8601.string(trigger.at, in: zone))),
            ("zone", .string(zone.identifier)),
            ("snoozed", .bool(trigger.snoozedFrom != nil)),
            ("due", .string(ISO8601.string(trigger.snoozedFrom ?? trigger.at, in: zone))),
        ])
    }
}
