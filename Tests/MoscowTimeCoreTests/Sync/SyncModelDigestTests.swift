// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// `SyncModelDigest` tells versions apart by every field: sync takes an unchanged digest for an
/// unchanged item and does not send it.
@Suite struct SyncModelDigestTests {
    typealias F = CoreFixtures

    @Test("the digests read every stored property of an alarm and of a habit's day")
    func fieldsCounted() {
        // A property added to Alarm or HabitEntry must be added to SyncModelDigest, then counted there.
        let alarm = F.alarm("0000aaaa", .workdays(time: F.time(7, 0)))
        #expect(Mirror(reflecting: alarm).children.count == SyncModelDigest.alarmFields)
        #expect(Mirror(reflecting: HabitEntry.done(F.day(2026, 11, 1))).children.count == SyncModelDigest.entryFields)
    }

    @Test("every change of an alarm changes its digest")
    func alarmFields() {
        let day = F.day(2026, 11, 20)
        var a = F.alarm("0000aaaa", .weekly(days: [.monday, .friday], time: F.time(6, 45)), label: "Подъём", snooze: 5)
        a.skippedDays = [day]
        func digest(_ a: Alarm) -> String { SyncModelDigest.of(.present(a), salt: "s") }
        var variants: [Alarm] = []
        func with(_ change: (inout Alarm) -> Void) {
            var b = a
            change(&b)
            variants.append(b)
        }
        with { $0.id = "0000aaab" }
        with { $0.label = "Подъём!" }
        with { $0.enabled = false }
        with { $0.schedule = .weekly(days: [.monday, .saturday], time: F.time(6, 45)) }
        with { $0.schedule = .weekly(days: [.monday, .friday], time: F.time(6, 46)) }
        with { $0.schedule = .weekly(days: [.monday, .friday], time: F.time(6, 45), from: day) }
        with { $0.schedule = .workdays(time: F.time(6, 45)) }
        with { $0.schedule = .workdays(time: F.time(6, 45), from: day) }
        with { $0.schedule = .once(date: day, time: F.time(6, 45)) }
        with { $0.schedule = .everyNDays(interval: 2, start: day, time: F.time(6, 45)) }
        with { $0.schedule = .everyNDays(interval: 3, start: day, time: F.time(6, 45)) }
        with { $0.schedule = .timer(fireAt: F.at("2026-11-20T07:00:00Z"), duration: 300) }
        with { $0.schedule = .timer(fireAt: F.at("2026-11-20T07:00:00Z"), duration: 301) }
        with { $0.snoozeMinutes = nil }
        with { $0.snoozeMinutes = 6 }
        with { $0.sound = "bell" }
        with { $0.sound = "" }
        with { $0.wake = true }
        with { $0.wake = false }
        with { $0.skippedDays = [] }
        with { $0.skippedDays.insert(day.adding(days: 1)) }
        with { $0.skippedDays = [day.adding(days: 1)] }
        with { $0.offUntil = day }
        with { $0.rampSeconds = 30 }
        with { $0.created = F.at("2026-01-01T00:00:01Z") }
        with { $0.modified = F.at("2026-11-20T00:00:00Z") }
        let digests = variants.map(digest) + [SyncModelDigest.of(AlarmVersion.deleted(id: a.id, at: a.modified), salt: "s")]
        #expect(Set(digests).count == digests.count)
        #expect(!digests.contains(digest(a)))
        var same = a
        same.skippedDays = Set([day])
        #expect(digest(same) == digest(a))
        #expect(SyncModelDigest.of(.present(a), salt: "t") != digest(a))
    }
}
