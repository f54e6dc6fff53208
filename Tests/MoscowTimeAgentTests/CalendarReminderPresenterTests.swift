// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// A calendar reminder's notification against an in-memory server: its Snooze waits the
/// `reminder-snooze` minutes, one closed by the user is a Dismiss, one expired or closed by the
/// server is not, and a late close of an earlier showing is not taken for the one on screen.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CalendarReminderPresenterTests {
    @MainActor
    struct Rig {
        let server = FakeNotificationServer()
        let presenter: CalendarReminderPresenter
        var dismissed: [String] { dismissals.value }
        let dismissals = Box()

        init() {
            presenter = CalendarReminderPresenter(
                notifier: server, sound: FakeSoundPlayer(), soundKeys: SoundKeys(), factory: NotificationFactory(server: server))
            presenter.onDismiss = { [dismissals] ring in dismissals.value.append(ring.reminder.summary) }
        }
    }

    final class Box { var value: [String] = [] }

    func ring(_ summary: String, at: String = "2026-11-30T06:45:00Z") -> CalendarRing {
        CalendarRing(
            .object([
                ("at", .string(at)), ("calendar", .string("Home")), ("uid", .string(summary + "@test")),
                ("summary", .string(summary)), ("start", .string("2026-11-30T07:00:00Z")), ("end", .string("2026-11-30T07:30:00Z")),
            ]))!
    }

    var settings: Settings {
        var s = Settings()
        s.reminderSnoozeMinutes = 7
        return s
    }

    @Test func snoozeWaitsTheRemindersOwnMinutes() throws {
        let r = Rig()
        r.presenter.show(ring("Dentist"), settings: settings)
        let body = try #require(r.server.onScreen.first).content.body
        #expect(body.hasSuffix("Snooze: 7 min"))
    }

    @Test func closedByTheUserIsADismissExpiredOrClosedByTheServerIsNot() throws {
        let r = Rig()
        for name in ["Swiped", "Expired", "Closed"] { r.presenter.show(ring(name), settings: settings) }
        r.server.shown[1].serverCloses(.expired)
        r.server.shown[2].serverCloses(.closedByCall)
        #expect(r.dismissed.isEmpty)
        r.server.shown[0].serverCloses(.dismissed)
        #expect(r.dismissed == ["Swiped"])
    }

    @Test func aLateCloseOfAnEarlierShowingIsNotTheOneOnScreen() throws {
        let r = Rig()
        r.presenter.show(ring("Dentist"), settings: settings)
        r.presenter.show(ring("Dentist", at: "2026-11-30T06:50:00Z"), settings: settings)  // its repetition
        #expect(r.server.shown.count == 2 && r.server.shown[0].closedByUs)
        r.server.shown[0].serverCloses(.dismissed)
        #expect(r.dismissed.isEmpty)
        r.server.shown[1].serverCloses(.dismissed)
        #expect(r.dismissed == ["Dentist"])
    }

    /// Some servers (lxqt-notificationd) leave a notification open after its button: the agent
    /// closes it, as it does an alarm's after Stop, and that close is not taken for a Dismiss.
    @Test(arguments: ["snooze", "dismiss", "done"])
    func eachButtonClosesItsNotification(action: String) throws {
        let r = Rig()
        var answered: [String] = []
        r.presenter.onSnooze = { answered.append("snooze " + $0.reminder.summary) }
        r.presenter.onDone = { answered.append("done " + $0.reminder.summary) }
        r.presenter.onDismiss = { answered.append("dismiss " + $0.reminder.summary) }
        r.presenter.show(ring("Dentist"), settings: settings)
        r.presenter.show(ring("Standup"), settings: settings)
        try #require(r.server.shown.count == 2)
        r.server.shown[0].press(action)
        #expect(!r.server.shown[0].isShowing && r.server.shown[0].closedByUs)
        #expect(r.server.shown[1].isShowing, "only the answered one is closed")
        #expect(answered == ["\(action) Dentist"], "one answer, not a Dismiss too for the close")
    }

    @Test func aMissedOneSaysWhenItWasDue() throws {
        let r = Rig()
        r.presenter.show(ring("Dentist"), settings: settings, missedAsOf: ISO8601.parse("2026-11-30T08:00:00Z")!)
        let body = try #require(r.server.onScreen.first).content.body
        #expect(body.hasPrefix("Missed at 09:45\n"))
    }
}
