// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

/// Turns habits into table rows, text and stable JSON for the `habit` commands.
struct HabitPresenter {
    let zone: Zone
    let t: Localizer
    let now: Instant
    /// The calendar day of `now` in `zone`: what "today" means for every habit.
    let today: CivilDate

    /// `asOf`: compute as of that day instead (`--as-of`).
    init(zone: Zone, t: Localizer, now: Instant, asOf: CivilDate? = nil) {
        self.zone = zone
        self.t = t
        self.now = now
        today = asOf ?? zone.local(now).date
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
            table.add([
                AlarmID.shortForm(h.id, among: ids), name, frequencyText(h), HabitText.reminders(h.reminders),
                h.archived ? "—" : todayText(h), HabitText.streak(s.current, s.unit, t),
            ])
        }
        return table.render()
    }

    func frequencyText(_ h: Habit) -> String {
        let f = HabitText.frequency(h.frequency, t)
        return HabitText.goal(h, t).map { "\(f), \($0)" } ?? f
    }

    func json(_ h: Habit) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("id", .string(h.id)), ("name", .string(h.name)), ("description", .optional(h.description)),
            ("frequency", HabitCoding.encode(h.frequency)), ("summary", .string(HabitText.frequency(h.frequency, t))),
            ("reminders", .array(h.reminders.map { .string($0.description) })),
            (
                "numeric",
                h.kind.goal.map { g in
                    .object([
                        ("unit", .string(g.unit)), ("target", .number(g.target)),
                        ("goal", .string(g.direction.rawValue)), ("per", .string(g.per.rawValue)),
                    ])
                } ?? .null
            ),
            ("start", .string(h.start.description)), ("archived", .bool(h.archived)),
            (
                "today",
                .object([
                    ("date", .string(today.description)), ("due", .bool(h.isDue(on: today))),
                    ("state", .string(todayState(h))),
                    ("amount", h.entry(on: today)?.amount.map(JSONValue.number) ?? .null),
                ])
            ),
            ("created", .string(ISO8601.string(h.created, in: zone))),
            ("modified", .string(ISO8601.string(h.modified, in: zone))),
        ]
        m.append(("currentStreak", .int(HabitStreaks(HabitTimeline(h, today: today)).current)))
        return .object(m)
    }

    func json(_ e: HabitEntry) -> JSONValue {
        .object([
            ("date", .string(e.date.description)),
            ("state", .string(e.status == .done ? "done" : e.status == .skipped ? "skipped" : "note")),
            ("amount", e.amount.map(JSONValue.number) ?? .null), ("note", .optional(e.note)),
        ])
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
            ("points", .int(s.points)),
            ("achievements", .array(h.achievements.filter { $0.earned <= today }.map(json))),
        ])
    }

    func json(_ a: HabitAchievement) -> JSONValue {
        .object([("key", .string(a.key)), ("title", .string(HabitText.achievement(a.kind, t))), ("earned", .string(a.earned.description))])
    }

    /// Total points and level over `rows` (JSON `summary` of `habit stats`).
    func pointsJSON(_ rows: [(Habit, HabitStatistics)]) -> JSONValue {
        let total = rows.reduce(0) { $0 + $1.1.points }
        let level = HabitPoints.level(points: total)
        return .object([
            ("date", .string(today.description)), ("points", .int(total)), ("level", .int(level)),
            ("nextLevelAt", .int(HabitPoints.threshold(level: level + 1))),
        ])
    }

    /// `Points: 1 240 · level 4 (next at 1 600)`.
    func pointsLine(_ rows: [(Habit, HabitStatistics)]) -> String {
        let total = rows.reduce(0) { $0 + $1.1.points }
        let level = HabitPoints.level(points: total)
        return t(
            "Points: {points} · level {level} (next at {next})",
            ["points": String(total), "level": String(level), "next": String(HabitPoints.threshold(level: level + 1))])
    }

    /// Four decimals: stable output without float noise.
    func rounded(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }

    func statsTable(_ rows: [(Habit, HabitStatistics)]) -> String {
        var table = TextTable(header: [t("NAME"), t("STREAK"), t("BEST"), "7D", "30D", "365D", t("SCORE"), t("TOTAL"), t("POINTS")])
        for (h, s) in rows {
            table.add([
                h.name, HabitText.streak(s.streaks.current, s.streaks.unit, t),
                HabitText.streak(s.streaks.longest, s.streaks.unit, t),
                HabitText.percent(s.rate7), HabitText.percent(s.rate30), HabitText.percent(s.rate365),
                HabitText.percent(s.score), String(s.totalCompletions), String(s.points),
            ])
        }
        return table.render() + pointsLine(rows) + "\n"
    }

    /// `done`, `skipped`, `3 glasses`, plus the note.
    func entryText(_ h: Habit, _ e: HabitEntry) -> String {
        var s: String
        if e.status == .skipped {
            s = t("skipped")
        } else if e.status == .noted {
            s = t("note")
        } else if let a = e.amount {
            s = HabitText.amount(a, unit: h.kind.goal?.unit ?? "")
        } else {
            s = t("done")
        }
        if let n = e.note { s += " — " + n }
        return s
    }
}
