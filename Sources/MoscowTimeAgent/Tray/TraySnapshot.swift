// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What the tray shows, taken from the scheduler at one instant: what rings, what comes next, the
/// pause, and today's open habits. Pure data, so the texts and the menu are plain functions of it.
struct TraySnapshot {
    struct Alarm: Equatable {
        let id: String
        let label: String
    }
    struct Upcoming: Equatable {
        let id: String
        let label: String
        let at: Instant
        let snoozed: Bool
    }
    /// The next reminder of a calendar set to remind (issue 38).
    struct CalendarNext: Equatable {
        let at: Instant
        let summary: String
        let calendar: String
    }
    struct HabitDue: Equatable {
        let id: String
        let name: String
        let progress: String?
    }

    let now: Instant
    let zone: Zone
    let language: Language
    /// Sorted by id (as ListRinging).
    let ringing: [Alarm]
    /// The next few rings, soonest first.
    let upcoming: [Upcoming]
    /// Set while a pause is in force.
    let pausedUntil: Instant?
    /// Habits due today with nothing met or skipped logged yet, in the document's order.
    let habitsDue: [HabitDue]
    /// Whether the user has any active habit at all (to tell "all done" from "no habits").
    let hasHabits: Bool
    /// The year whose official calendar is missing while an alarm follows working days.
    let calendarMissingYear: Int?
    /// The next calendar reminder, beside the alarms.
    let calendarNext: CalendarNext?

    static let upcomingCount = 5

    init(
        scheduler s: AgentScheduler, now: Instant, upcomingCount: Int = TraySnapshot.upcomingCount,
        calendarNext: CalendarNext? = nil
    ) {
        self.now = now
        self.calendarNext = calendarNext
        zone = s.zone
        language = Language.resolve(setting: s.document.settings.language)
        ringing = s.ringing.values.sorted { $0.alarmID < $1.alarmID }.map { Alarm(id: $0.alarmID, label: $0.label) }
        upcoming = UpcomingTriggers.list(s.document, state: s.state, zone: s.zone, now: now, count: upcomingCount)
            .map { Upcoming(id: $0.alarm.id, label: $0.alarm.label, at: $0.at, snoozed: $0.snoozedFrom != nil) }
        pausedUntil = s.state.pausedUntil.flatMap { $0 > now ? $0 : nil }
        let today = s.zone.local(now).date
        let active = s.document.habits.filter { !$0.archived }
        hasHabits = !active.isEmpty
        calendarMissingYear = s.document.missingCalendarYear(today: today)
        habitsDue = active.filter { $0.isOpen(on: today) }
            .map { HabitDue(id: $0.id, name: $0.name, progress: HabitText.progress($0, on: today)) }
    }

    var today: CivilDate { zone.local(now).date }

    /// Rings later today (in the configured zone), soonest first.
    var upcomingToday: [Upcoming] { upcoming.filter { zone.local($0.at).date == today } }

    /// The next local midnight: today's habits and "today" change then.
    var nextMidnight: Instant { zone.instant(today.adding(days: 1), TimeOfDay(hour: 0, minute: 0)!) }
}
