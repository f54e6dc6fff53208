// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Turns a template into alarms and habits in the user's document: all of them, or none.
public struct TemplateApplication: Sendable {
    public let template: Template
    public let language: Language
    public let zone: Zone
    public let now: Instant
    /// `--at HH:MM`: the template's first clock time moves there and every other time keeps its
    /// distance from it; countdowns (`after`) start at the next HH:MM instead of now.
    public let at: TimeOfDay?

    public init(template: Template, language: Language, zone: Zone, now: Instant, at: TimeOfDay? = nil) {
        self.template = template
        self.language = language
        self.zone = zone
        self.now = now
        self.at = at
    }

    /// Something in the document already carries a name the template would create (in either
    /// language): applying would make a duplicate.
    public struct Clash: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case alarm, habit }
        public let kind: Kind
        public let name: String
        public let existingID: String
    }

    public func clashes(with doc: StoreDocument) -> [Clash] {
        var result: [Clash] = []
        for spec in template.alarms {
            if let a = doc.alarms.first(where: { spec.label.both.contains($0.label) }) {
                result.append(Clash(kind: .alarm, name: a.label, existingID: a.id))
            }
        }
        for spec in template.habits {
            if let h = doc.habits.first(where: { spec.name.both.contains($0.name) }) {
                result.append(Clash(kind: .habit, name: h.name, existingID: h.id))
            }
        }
        return result
    }

    /// Minutes `--at` moves every clock time by.
    var shiftMinutes: Int {
        guard let at, let anchor = template.anchorTime else { return 0 }
        return at.hour * 60 + at.minute - anchor.hour * 60 - anchor.minute
    }

    func shifted(_ t: TimeOfDay) -> TimeOfDay {
        let m = ((t.hour * 60 + t.minute + shiftMinutes) % 1440 + 1440) % 1440
        return TimeOfDay(hour: m / 60, minute: m % 60)!
    }

    /// The start of countdowns: now, or the next `--at` (today if still ahead, else tomorrow).
    var countdownStart: Instant {
        guard let at else { return now }
        let today = zone.local(now).date
        let start = zone.instant(today, at)
        return start > now ? start : zone.instant(today.adding(days: 1), at)
    }

    /// The alarms and habits the template describes, with fresh ids not used in `doc`.
    public func build(for doc: StoreDocument) -> (alarms: [Alarm], habits: [Habit]) {
        var alarmIDs = Set(doc.alarms.map(\.id))
        var habitIDs = Set(doc.habits.map(\.id))
        let today = zone.local(now).date
        var alarms: [Alarm] = []
        for spec in template.alarms {
            let schedule: Schedule
            switch spec.when {
            case .days(let days, let t): schedule = days.schedule(time: shifted(t))
            case .everyNDays(let n, let t): schedule = .everyNDays(interval: n, start: today, time: shifted(t))
            case .after(let seconds):
                if at == nil {
                    schedule = .timer(fireAt: now + seconds, duration: seconds)
                } else {
                    let local = zone.local(countdownStart + seconds)
                    schedule = .once(date: local.date, time: local.timeOfDay)
                }
            }
            let id = AlarmID.make(avoiding: alarmIDs)
            alarmIDs.insert(id)
            alarms.append(
                Alarm(
                    id: id, label: spec.label.text(language), schedule: schedule,
                    snoozeMinutes: spec.snoozeMinutes, sound: spec.sound, created: now))
        }
        var habits: [Habit] = []
        for spec in template.habits {
            let id = AlarmID.make(avoiding: habitIDs)
            habitIDs.insert(id)
            let kind: HabitKind =
                spec.goal.map {
                    .numeric(HabitGoal(unit: $0.unit.text(language), target: $0.target, direction: $0.direction))
                } ?? .yesNo
            habits.append(
                Habit(
                    id: id, name: spec.name.text(language), description: spec.description?.text(language),
                    frequency: spec.frequency, reminders: spec.reminders.map(shifted), start: today,
                    kind: kind, created: now))
        }
        return (alarms, habits)
    }

    /// Adds the template's alarms and habits to `doc`; returns them. Throws, changing nothing,
    /// when a name clashes (the caller reports `clashes(with:)`).
    public func apply(to doc: inout StoreDocument) throws(TemplateClashError) -> (alarms: [Alarm], habits: [Habit]) {
        let found = clashes(with: doc)
        guard found.isEmpty else { throw TemplateClashError(clashes: found) }
        let made = build(for: doc)
        doc.alarms += made.alarms
        doc.habits += made.habits
        return made
    }
}

public struct TemplateClashError: Error, Equatable {
    public let clashes: [TemplateApplication.Clash]
}
