// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// What a calendar reminder's notification says: the event's time range in the user's zone, and
/// in its own zone only when that shows another clock; the location; the calendar; to-dos by their
/// due time; all-day events by their days.
@Suite("Calendar reminder text")
struct CalendarReminderTextTests {
    let ru = Localizer(.ru, catalogue: MessageCatalogue.embedded(.ru))
    let en = Localizer(.en)
    let moscow = Zone(identifier: "Europe/Moscow")!

    func reminder(
        kind: CalendarReminder.Kind = .event, start: CalendarReminder.Time?, end: CalendarReminder.Time?, zone: String?,
        location: String = ""
    ) -> CalendarReminder {
        CalendarReminder(
            uid: "u", recurrenceID: nil, alarm: 0, alarmUID: nil, repetition: 0, at: ISO8601.parse("2026-11-30T06:45:00Z")!,
            kind: kind, start: start, end: end, zone: zone, summary: "Dentist", location: location, acknowledged: false,
            snoozedUntil: nil)
    }

    func at(_ s: String) -> CalendarReminder.Time { .instant(ISO8601.parse(s)!) }

    @Test func anEventInAnotherZoneShowsBothClocks() {
        let r = reminder(start: at("2026-11-30T07:00:00Z"), end: at("2026-11-30T07:30:00Z"), zone: "Europe/Berlin", location: "Clinic")
        let words = CalendarReminderText(en, zone: moscow).reminder(r, calendar: "Home", snoozeMinutes: 5)
        #expect(words.summary == "Dentist")
        #expect(
            words.body.split(separator: "\n") == [
                "Mon 2026-11-30 10:00–10:30", "Mon 2026-11-30 08:00–08:30 (Europe/Berlin)", "Clinic", "Calendar: Home", "Snooze: 5 min",
            ])
        #expect(words.snoozeLabel == "Snooze" && words.dismissLabel == "Dismiss")
        let russian = CalendarReminderText(ru, zone: moscow).reminder(r, calendar: "Дом", snoozeMinutes: 5)
        #expect(russian.body.split(separator: "\n").first == "пн 30.11.2026 10:00–10:30")
        #expect(russian.body.contains("Календарь: Дом") && russian.dismissLabel == "Отклонить")
    }

    @Test func theSameClockElsewhereIsNotRepeated() {
        let r = reminder(start: at("2026-11-30T07:00:00Z"), end: at("2026-11-30T08:00:00Z"), zone: "Europe/Istanbul")
        let lines = CalendarReminderText(en, zone: moscow).reminder(r, calendar: "Home", snoozeMinutes: 10).body.split(separator: "\n")
        #expect(lines == ["Mon 2026-11-30 10:00–11:00", "Calendar: Home", "Snooze: 10 min"])
    }

    @Test func allDayEventsAndToDos() {
        let t = CalendarReminderText(en, zone: moscow)
        let day = CivilDate(iso: "2026-11-30")!
        #expect(
            t.when(reminder(start: .date(day), end: .date(day.adding(days: 1)), zone: nil), in: moscow)
                == "Monday, 30 November 2026, all day")
        #expect(
            t.when(reminder(start: .date(day), end: .date(day.adding(days: 3)), zone: nil), in: moscow) == "Mon 2026-11-30 – Wed 2026-12-02"
        )
        let todo = reminder(kind: .todo, start: nil, end: at("2026-11-30T15:00:00Z"), zone: nil)
        #expect(t.when(todo, in: moscow) == "due Mon 2026-11-30 18:00")
    }

    @Test func aMissedReminderSaysWhenItWasDue() {
        // Due 09:45 Moscow (06:45Z) on Monday 30 November.
        let r = reminder(start: at("2026-11-30T07:00:00Z"), end: at("2026-11-30T07:30:00Z"), zone: nil)
        let t = CalendarReminderText(en, zone: moscow)
        let lines = t.missed(r, calendar: "Home", snoozeMinutes: 5, now: ISO8601.parse("2026-11-30T09:00:00Z")!).body
            .split(separator: "\n")
        #expect(lines == ["Missed at 09:45", "Mon 2026-11-30 10:00–10:30", "Calendar: Home", "Snooze: 5 min"])
        let nextDay = ISO8601.parse("2026-11-30T21:30:00Z")!  // 00:30 on Tuesday in Moscow
        #expect(t.missed(r, calendar: "Home", snoozeMinutes: 5, now: nextDay).body.hasPrefix("Missed yesterday at 09:45\n"))
        let later = ISO8601.parse("2026-12-02T09:00:00Z")!
        #expect(t.missed(r, calendar: "Home", snoozeMinutes: 5, now: later).body.hasPrefix("Missed: Mon 2026-11-30 09:45\n"))
        let ru = CalendarReminderText(self.ru, zone: moscow)
        #expect(ru.missed(r, calendar: "Дом", snoozeMinutes: 5, now: nextDay).body.hasPrefix("Пропущено вчера в 09:45\n"))
        #expect(
            ru.missed(r, calendar: "Дом", snoozeMinutes: 5, now: ISO8601.parse("2026-11-30T09:00:00Z")!).body.hasPrefix(
                "Пропущено в 09:45\n"))
        #expect(ru.missed(r, calendar: "Дом", snoozeMinutes: 5, now: later).body.hasPrefix("Пропущено: пн 30.11.2026 09:45\n"))
    }
}
