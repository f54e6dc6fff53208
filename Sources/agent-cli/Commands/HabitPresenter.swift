// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore

/// Turns habits into table rows, text and stable JSON for the `habit` commands.
struct HabitPresenter {
    let zone: Zone
    let t: Localizer
    let now: Instant
    /// The calendar day of `now` in `zone`: what "today" means for every habit.
    let today: CivilDate

    init(zone: Zone, t: Localizer, now: Instant) {
        self.zone = zone; self.t = t; self.now = now
        today = zone.local(now).date
    }

    /// Today's column: progress for numeric habits, else done / skipped / due / —.
    func todayText(_ h: Habit) -> String {
        let e = h.entry(on: today)
        if e?.status == .skipped { return t("skipped") }
        if let p = HabitText.progress(h, on: today), e != nil || h.isDue(on: today) { return p }
        if e?.status == .done { return t("done") }
        return h.isDue(on: today) ? t("due") : "—"
    }

    func todayState(_ h: Habit) -> String {
        switch h.outcome(on: today) {
        case .met: return "done"
        case .skipped: return "skipped"
        case .unmet: return h.isUnsettled(.unmet) ? "open" : "missed"
        case .empty: return h.isDue(on: today) ? "open" : "notDue"
        }
    }

    func table(_ habits: [Habit]) -> String {
        var table = TextTable(header: [t("ID"), t("NAME"), t("FREQUENCY"), t("REMIND"), t("TODAY"), t("STREAK")])
        let ids = habits.map(\.id)
        for h in habits {
            let s = HabitStreaks(HabitTimeline(h, today: today))
            var name = h.name
            if h.archived { name += " (" + t("archived") + ")" }
            table.add([AlarmID.shortForm(h.id, among: ids), name, frequencyText(h), HabitText.reminders(h.reminders),
                       h.archived ? "—" : todayText(h), HabitText.streak(s.current, s.unit, t.language)])
        }
        return table.render()
    }

    func frequencyText(_ h: Habit) -> String {
        let f = HabitText.frequency(h.frequency, t)
        return HabitText.goal(h.kind).map { "\(f), \($0)" } ?? f
    }

    func json(_ h: Habit) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("id", .string(h.id)), ("name", .string(h.name)), ("description", .optional(h.description)),
            ("frequency", HabitCoding.encode(h.frequency)), ("summary", .string(HabitText.frequency(h.frequency, t))),
            ("reminders", .array(h.reminders.map { .string($0.description) })),
            ("numeric", h.kind.goal.map { g in .object([("unit", .string(g.unit)), ("target", .number(g.target)),
                                                        ("goal", .string(g.direction.rawValue))]) } ?? .null),
            ("start", .string(h.start.description)), ("archived", .bool(h.archived)),
            ("today", .object([("date", .string(today.description)), ("due", .bool(h.isDue(on: today))),
                               ("state", .string(todayState(h))),
                               ("amount", h.entry(on: today)?.amount.map(JSONValue.number) ?? .null)])),
            ("created", .string(ISO8601.string(h.created, in: zone))),
            ("modified", .string(ISO8601.string(h.modified, in: zone))),
        ]
        m.append(("currentStreak", .int(HabitStreaks(HabitTimeline(h, today: today)).current)))
        return .object(m)
    }

    func json(_ e: HabitEntry) -> JSONValue {
        .object([("date", .string(e.date.description)), ("state", .string(e.status == .done ? "done" : "skipped")),
                 ("amount", e.amount.map(JSONValue.number) ?? .null), ("note", .optional(e.note))])
    }

    func json(_ h: Habit, _ s: HabitStatistics) -> JSONValue {
        func rate(_ r: Double?) -> JSONValue { r.map { .number(rounded($0)) } ?? .null }
        return .object([
            ("id", .string(h.id)), ("name", .string(h.name)),
            ("currentStreak", .int(s.streaks.current)), ("longestStreak", .int(s.streaks.longest)),
            ("streakUnit", .string(s.streaks.unit.rawValue)),
            ("rate7", rate(s.rate7)), ("rate30", rate(s.rate30)), ("rate365", rate(s.rate365)),
            ("score", .number(rounded(s.score))),
            ("totalCompletions", .int(s.totalCompletions)),
            ("totalAmount", s.totalAmount.map { .number(HabitAmount.rounded($0)) } ?? .null),
        ])
    }

    /// Four decimals: stable output without float noise.
    func rounded(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }

    func statsTable(_ rows: [(Habit, HabitStatistics)]) -> String {
        var table = TextTable(header: [t("NAME"), t("STREAK"), t("BEST"), "7D", "30D", "365D", t("SCORE"), t("TOTAL")])
        for (h, s) in rows {
            table.add([h.name, HabitText.streak(s.streaks.current, s.streaks.unit, t.language),
                       HabitText.streak(s.streaks.longest, s.streaks.unit, t.language),
                       HabitText.percent(s.rate7), HabitText.percent(s.rate30), HabitText.percent(s.rate365),
                       HabitText.percent(s.score), String(s.totalCompletions)])
        }
        return table.render()
    }

    /// `done`, `skipped`, `3 glasses`, plus the note.
    func entryText(_ h: Habit, _ e: HabitEntry) -> String {
        var s: String
        if e.status == .skipped {
            s = t("skipped")
        } else if let a = e.amount {
            s = HabitText.amount(a, unit: h.kind.goal?.unit ?? "")
        } else {
            s = t("done")
        }
        if let n = e.note { s += " — " + n }
        return s
    }
}
