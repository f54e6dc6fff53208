// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Testing

@testable import MoscowTimeDesktop

/// Against python-dbusmock's notification_daemon on the private test bus.
@Suite("Notifier", .serialized)
@MainActor
struct NotifierTests {
    static let capabilities = #"{"capabilities": "body actions persistence"}"#

    private func startServer() throws -> DBusMock {
        try DBusMock(
            template: "notification_daemon", busName: "org.freedesktop.Notifications",
            objectPath: "/org/freedesktop/Notifications", parameters: Self.capabilities)
    }

    private func alarmContent(_ summary: String = "Wake up") -> NotificationContent {
        NotificationContent(
            summary: summary, body: "Standup <b>& coffee</b>", iconName: "alarm-clock",
            urgency: .critical, category: "x-moscowtime.alarm", desktopEntry: "moscowtime-agent",
            suppressSound: true, resident: true, transient: false, expireTimeoutMs: 0,
            actions: [
                NotificationAction(id: "snooze", label: "Snooze 5 min"),
                NotificationAction(id: "dismiss", label: "Dismiss"),
                .default(label: "Open"),
            ])
    }

    @Test func reportsTheServerAndItsCapabilities() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        #expect(notifier.isServerAvailable)
        #expect(notifier.capabilities() == ["body", "actions", "persistence"])
        let info = try #require(notifier.serverInfo())
        #expect(info.name == "mock-notify")
        #expect(info.spec == "1.1")
    }

    @Test func showSendsSummaryBodyHintsAndActions() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        let handle = try notifier.show(alarmContent(), onAction: { _ in }, onClosed: { _ in })
        #expect(handle.serverID == 1)
        #expect(handle.isShowing)

        let calls = try server.methodCalls("Notify")
        try #require(calls.count == 1)
        let args = calls[0]
        try #require(args.count == 8)
        #expect(string(args[0]) == "MoscowTime Test")
        #expect(args[1].value == .uint32(0), "first show replaces nothing")
        #expect(string(args[3]) == "Wake up")
        #expect(string(args[4]) == "Standup <b>& coffee</b>", "text goes through unchanged")
        let actions = strings(args[5])
        #expect(actions.count == 6)
        #expect(pairs(actions)["snooze"] == "Snooze 5 min")
        #expect(pairs(actions)["dismiss"] == "Dismiss")
        #expect(pairs(actions)["default"] == "Open")
        let hints = args[6]
        #expect(hints.lookup("urgency")?.value == .byte(2))
        #expect(hint(hints, "category") == "'x-moscowtime.alarm'")
        #expect(hint(hints, "desktop-entry") == "'moscowtime-agent'")
        #expect(hints.lookup("suppress-sound")?.value == .bool(true))
        #expect(hints.lookup("resident")?.value == .bool(true))
        #expect(hint(hints, "transient") == nil, "false booleans are left out")
        // libnotify 0.8.1 sends the icon as app_icon; newer versions as the image-path hint.
        #expect(string(args[2]) == "alarm-clock" || hint(hints, "image-path") == "'alarm-clock'")
        #expect(args[7].value == .int32(0), "0 = never expires")
        withExtendedLifetime(handle) {}
    }

    @Test func anImageFileGoesAsAFileURIInTheImagePathHint() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        var content = alarmContent()
        content.imagePath = "/opt/моё приложение/icons/org.moscowtime.Agent-ringing.svg"
        let handle = try notifier.show(content, onAction: { _ in }, onClosed: { _ in })
        let calls = try server.methodCalls("Notify")
        try #require(calls.count == 1)
        // RFC 3986 escaping of the space and the Cyrillic bytes, as the spec's file:// URI asks.
        #expect(
            hint(calls[0][6], "image-path")
                == "'file:///opt/%D0%BC%D0%BE%D1%91%20%D0%BF%D1%80%D0%B8%D0%BB%D0%BE%D0%B6%D0%B5%D0%BD%D0%B8%D0%B5/icons/org.moscowtime.Agent-ringing.svg'"
        )
        withExtendedLifetime(handle) {}
    }

    @Test func actionsAndCloseComeBackOnTheMainLoop() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        var actions: [String] = []
        var closes: [NotificationCloseReason] = []
        // The handle is not kept: the notifier must keep it alive while it is on screen.
        let id = try notifier.show(
            alarmContent(), onAction: { actions.append($0) },
            onClosed: { closes.append($0) }
        ).serverID
        #expect(id > 0)
        #expect(notifier.liveHandles.count == 1)

        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(id), .string("snooze")])
        #expect(spinMainLoop(seconds: 2) { actions == ["snooze"] })

        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(id), .string("default")])
        #expect(spinMainLoop(seconds: 2) { actions == ["snooze", "default"] }, "a click on the body")

        // Signals for another notification id are not ours.
        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(id + 100), .string("dismiss")])
        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "NotificationClosed", signature: "uu",
            [.uint32(id), .uint32(2)])
        #expect(spinMainLoop(seconds: 2) { closes == [.dismissed] })
        #expect(actions == ["snooze", "default"])
        #expect(notifier.liveHandles.isEmpty)
    }

    @Test func updateReplacesTheSameNotification() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        var actions: [String] = []
        let handle = try notifier.show(alarmContent(), onAction: { actions.append($0) }, onClosed: { _ in })
        let id = handle.serverID
        var snoozed = alarmContent("Snoozed until 07:05")
        snoozed.urgency = .normal
        snoozed.actions = [NotificationAction(id: "stop", label: "Stop")]
        try handle.update(snoozed)
        #expect(handle.serverID == id)
        #expect(handle.content == snoozed)

        let calls = try server.methodCalls("Notify")
        try #require(calls.count == 2)
        #expect(calls[1][1].value == .uint32(id), "replaces_id")
        #expect(string(calls[1][3]) == "Snoozed until 07:05")
        #expect(strings(calls[1][5]) == ["stop", "Stop"], "old actions are gone")
        #expect(calls[1][6].lookup("urgency")?.value == .byte(1))

        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(id), .string("stop")])
        #expect(spinMainLoop(seconds: 2) { actions == ["stop"] })
    }

    @Test func closeAsksTheServer() throws {
        let server = try startServer()
        defer { server.stop() }
        let notifier = Notifier(appName: "MoscowTime Test")
        var closes: [NotificationCloseReason] = []
        let handle = try notifier.show(alarmContent(), onAction: { _ in }, onClosed: { closes.append($0) })
        handle.close()
        #expect(spinMainLoop(seconds: 2) { closes.count == 1 })
        #expect(!handle.isShowing)
        #expect(notifier.liveHandles.isEmpty)
        let calls = try server.methodCalls("CloseNotification")
        #expect(calls.count == 1)
        spinMainLoop(seconds: 0.2)
        #expect(closes.count == 1, "exactly one onClosed per show")
    }

    @Test func followsAServerRestart() throws {
        var server = try startServer()
        let notifier = Notifier(appName: "MoscowTime Test")
        var appeared = 0
        var vanished = 0
        notifier.onServerAppeared = { appeared += 1 }
        notifier.onServerVanished = { vanished += 1 }
        #expect(spinMainLoop(seconds: 2) { appeared == 1 }, "the initial state is reported")

        var actions: [String] = []
        let handle = try notifier.show(alarmContent(), onAction: { actions.append($0) }, onClosed: { _ in })
        #expect(handle.serverID == 1)

        server.stop()
        #expect(spinMainLoop(seconds: 2) { vanished == 1 })
        #expect(handle.serverID == 0, "the old id means nothing to a new server")
        #expect(notifier.liveHandles.count == 1, "still held, so the caller can show it again")

        server = try startServer()
        defer { server.stop() }
        #expect(spinMainLoop(seconds: 2) { appeared == 2 })
        // A notification of someone else takes id 1 on the new server; it must not reach us.
        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(1), .string("snooze")])
        spinMainLoop(seconds: 0.3)
        #expect(actions.isEmpty)

        try handle.update(alarmContent("Wake up (again)"))
        let calls = try server.methodCalls("Notify")
        #expect(calls.count == 1)
        #expect(calls[0][1].value == .uint32(0), "shown as a new notification")
        try server.emitSignal(
            interface: "org.freedesktop.Notifications", name: "ActionInvoked", signature: "us",
            [.uint32(handle.serverID), .string("snooze")])
        #expect(spinMainLoop(seconds: 2) { actions == ["snooze"] })
    }

    @Test func withoutAServerShowThrows() throws {
        _ = TestBus.shared
        #expect(TestBus.shared.nameOwner("org.freedesktop.Notifications") == nil)
        let notifier = Notifier(appName: "MoscowTime Test")
        var vanished = 0
        notifier.onServerVanished = { vanished += 1 }
        #expect(!notifier.isServerAvailable)
        #expect(notifier.capabilities().isEmpty)
        #expect(notifier.serverInfo() == nil)
        var closed = 0
        let error = #expect(throws: NotifierError.self) {
            try notifier.show(NotificationContent(summary: "Nobody listens"), onAction: { _ in }, onClosed: { _ in closed += 1 })
        }
        #expect(error?.message.contains("org.freedesktop.Notifications") == true, "\(error?.message ?? "")")
        #expect(notifier.liveHandles.isEmpty)
        #expect(spinMainLoop(seconds: 1) { vanished == 1 })
        #expect(closed == 0)
    }

    // MARK: - reading GVariants

    private func string(_ value: VariantReader) -> String? { value.string }

    private func strings(_ array: VariantReader) -> [String] { array.strings }

    private func pairs(_ flat: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for i in stride(from: 0, to: flat.count - 1, by: 2) { result[flat[i]] = flat[i + 1] }
        return result
    }

    /// A hint's value in GVariant text form, or nil when absent.
    private func hint(_ hints: VariantReader, _ key: String) -> String? {
        hints.lookup(key)?.description
    }
}
