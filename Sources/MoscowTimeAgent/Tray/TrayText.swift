// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeDesktop
import MoscowTimeDomain

/// The words of the tray icon, its menu and the "today" notification, in the user's language.
struct TrayText {
    let t: Localizer
    let s: TraySnapshot

    init(_ snapshot: TraySnapshot) {
        s = snapshot
        t = Localizer(snapshot.language)
    }

    /// `Mon 07:30` (`пн 07:30`) within the coming week, else with the date: `Mon 2026-12-07 07:30`.
    func when(_ at: Instant) -> String {
        let l = s.zone.local(at)
        if at - s.now < 6 * 86_400 { return "\(DateText.shortWeekday(l.date.weekday, t.language)) \(l.shortClockText)" }
        return DateText.shortDateTime(l, t.language)
    }

    func clock(_ at: Instant) -> String { s.zone.local(at).shortClockText }

    /// `Mon 07:30 Подъём`, `Mon 07:42 Подъём (snoozed)`.
    func upcomingLine(_ u: TraySnapshot.Upcoming) -> String {
        "\(when(u.at)) \(u.label)" + (u.snoozed ? " (\(t("snoozed")))" : "")
    }

    func habitLine(_ h: TraySnapshot.HabitDue) -> String {
        h.name + (h.progress.map { " (\($0))" } ?? "")
    }

    /// The one line that matters most now: what rings, else the pause, else the next ring.
    var headline: String {
        if let r = s.ringing.first {
            return s.ringing.count == 1
                ? t("Ringing: {label}", ["label": r.label])
                : t("Ringing: {labels}", ["labels": s.ringing.map(\.label).joined(separator: ", ")])
        }
        if let p = s.pausedUntil { return t("Paused until {time}", ["time": when(p)]) }
        return nextLine
    }

    /// `Next: Mon 07:30 — Подъём`, or that nothing is scheduled.
    var nextLine: String {
        guard let n = s.upcoming.first else { return t("No upcoming alarms.") }
        return t("Next: {when} — {label}", ["when": when(n.at), "label": n.label])
    }

    /// `Calendar: Mon 10:45 Dentist — Home` («Календарь: пн 10:45 Dentist — Home»).
    var calendarLine: String? {
        s.calendarNext.map { c in
            t("Calendar: {when} {summary} — {calendar}", ["when": when(c.at), "summary": c.summary, "calendar": c.calendar])
        }
    }

    var habitsLine: String? {
        guard s.hasHabits else { return nil }
        if s.habitsDue.isEmpty { return t("All habits are done for today.") }
        return t("Habits due today: {names}", ["names": s.habitsDue.map(habitLine).joined(separator: ", ")])
    }

    var appearance: StatusNotifierAppearance {
        let status: StatusNotifierAppearance.Status = s.ringing.isEmpty ? .active : .needsAttention
        let icon =
            !s.ringing.isEmpty
            ? AgentIdentity.ringingIconName
            : s.pausedUntil != nil ? AgentIdentity.pausedIconName : AgentIdentity.iconName
        // The tooltip: the headline, then the next ring (when the headline is something else), the
        // zone the times are in, and today's habits.
        var lines: [String] = []
        if !s.ringing.isEmpty || s.pausedUntil != nil { lines.append(nextLine) }
        if let c = calendarLine { lines.append(c) }
        lines.append(t("Times in {zone}", ["zone": s.zone.identifier]))
        if let h = habitsLine { lines.append(h) }
        return StatusNotifierAppearance(
            title: AgentIdentity.appName, status: status, iconName: icon,
            attentionIconName: AgentIdentity.ringingIconName, toolTipIconName: icon,
            toolTipTitle: headline, toolTipText: lines.joined(separator: "\n"))
    }

    /// The "today" notification (the icon's left click).
    var summary: (summary: String, body: String) {
        let title = t("Today, {date}", ["date": DateText.weekdayAndDate(s.today, t.language)])
        var lines: [String] = []
        for r in s.ringing { lines.append(t("Ringing: {label}", ["label": r.label])) }
        if let p = s.pausedUntil { lines.append(t("Paused until {time}", ["time": when(p)])) }
        let today = s.upcomingToday
        if today.isEmpty {
            lines.append(t("No more alarms today."))
            if s.upcoming.first != nil { lines.append(nextLine) }
        } else {
            lines.append(t("Alarms today: {list}", ["list": today.map { "\(clock($0.at)) \($0.label)" }.joined(separator: ", ")]))
        }
        if let h = habitsLine { lines.append(h) }
        return (title, lines.joined(separator: "\n"))
    }

    // Menu labels
    func snooze(_ label: String) -> String { t("Snooze \"{label}\"", ["label": label]) }
    func stop(_ label: String) -> String { t("Stop \"{label}\"", ["label": label]) }
    var snoozeAll: String { t("Snooze all") }
    var stopAll: String { t("Stop all") }
    func done(_ h: TraySnapshot.HabitDue) -> String { t("Done: {habit}", ["habit": habitLine(h)]) }
    var pauseHour: String { t("Pause for 1 hour") }
    /// «Пропустить следующий: пн 07:30 Подъём».
    func skipNext(_ u: TraySnapshot.Upcoming) -> String { t("Skip the next one: {ring}", ["ring": upcomingLine(u)]) }
    func calendarMissing(_ year: Int) -> String { t("Production calendar for {year} not known yet", ["year": String(year)]) }
    func resume(_ until: Instant) -> String { t("Resume (paused until {time})", ["time": when(until)]) }
    var quit: String { t("Quit") }
}
