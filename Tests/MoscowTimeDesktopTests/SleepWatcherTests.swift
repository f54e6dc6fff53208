// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Testing

@testable import MoscowTimeDesktop

/// python-dbusmock's logind template on the private test bus, which the test process also exports as
/// DBUS_SYSTEM_BUS_ADDRESS.
@Suite("SleepWatcher", .serialized)
@MainActor
struct SleepWatcherTests {
    @Test func deliversPrepareForSleep() throws {
        let logind = try DBusMock(
            template: "logind", busName: "org.freedesktop.login1",
            objectPath: "/org/freedesktop/login1")
        defer { logind.stop() }
        var events: [Bool] = []
        // The production initializer: the address comes from DBUS_SYSTEM_BUS_ADDRESS.
        let watcher = SleepWatcher { events.append($0) }
        #expect(watcher.busAddress == TestBus.shared.address)
        #expect(spinMainLoop(seconds: 3) { watcher.isSubscribed && watcher.logindPresent == true })
        #expect(watcher.problem == nil)

        try logind.emitSignal(
            interface: "org.freedesktop.login1.Manager", name: "PrepareForSleep", signature: "b",
            [.bool(true)])
        #expect(spinMainLoop(seconds: 2) { events == [true] })
        try logind.emitSignal(
            interface: "org.freedesktop.login1.Manager", name: "PrepareForSleep", signature: "b",
            [.bool(false)])
        #expect(spinMainLoop(seconds: 2) { events == [true, false] })
    }

    /// The delay inhibitor: held while running, released only after the handler ran, taken again on resume.
    @Test func holdsASleepDelayInhibitorReleasedAfterTheHandler() throws {
        let logind = try DBusMock(
            template: "logind", busName: "org.freedesktop.login1",
            objectPath: "/org/freedesktop/login1")
        defer { logind.stop() }
        func inhibitors() -> [String] {
            guard
                let reply = try? TestBus.shared.call(
                    destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
                    interface: "org.freedesktop.login1.Manager", method: "ListInhibitors",
                    replyType: "(a(ssssuu))")
            else { return ["?"] }
            let list = reply.child(0)
            return (0..<list.count).map { i in
                let row = list.child(i)
                return (0..<4).map { row.child($0).string ?? "?" }.joined(separator: "|")
            }
        }
        var heldDuringHandler: [Bool] = []
        var watcher: SleepWatcher!
        watcher = SleepWatcher(busAddress: TestBus.shared.address) { _ in
            heldDuringHandler.append(watcher.holdsInhibitor && inhibitors().count == 1)
        }
        #expect(spinMainLoop(seconds: 3) { watcher.holdsInhibitor })
        #expect(inhibitors() == ["sleep|MoscowTime Agent|Silence a ringing alarm and save its state before sleep|delay"])

        try logind.emitSignal(
            interface: "org.freedesktop.login1.Manager", name: "PrepareForSleep", signature: "b",
            [.bool(true)])
        #expect(spinMainLoop(seconds: 2) { heldDuringHandler.count == 1 })
        #expect(heldDuringHandler == [true], "still held while the handler silences and saves")
        #expect(!watcher.holdsInhibitor)
        #expect(spinMainLoop(seconds: 2) { inhibitors().isEmpty }, "released: logind may suspend")

        try logind.emitSignal(
            interface: "org.freedesktop.login1.Manager", name: "PrepareForSleep", signature: "b",
            [.bool(false)])
        #expect(spinMainLoop(seconds: 3) { watcher.holdsInhibitor && inhibitors().count == 1 }, "taken again on resume")
        watcher = nil
        #expect(spinMainLoop(seconds: 2) { inhibitors().isEmpty }, "released with the watcher")
    }

    @Test func ignoresTheSignalFromAnyoneButLogind() throws {
        let logind = try DBusMock(
            template: "logind", busName: "org.freedesktop.login1",
            objectPath: "/org/freedesktop/login1")
        defer { logind.stop() }
        var events: [Bool] = []
        let watcher = SleepWatcher(busAddress: TestBus.shared.address) { events.append($0) }
        #expect(spinMainLoop(seconds: 3) { watcher.isSubscribed && watcher.logindPresent == true })
        // Same signal, emitted by a different connection: not logind, so not trusted.
        let impostor = TestBus.shared.privateConnection()
        defer { g_dbus_connection_close_sync(impostor.pointer, nil, nil) }
        impostor.emit(
            path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
            signal: "PrepareForSleep", .tuple([.bool(true)]))
        g_dbus_connection_flush_sync(impostor.pointer, nil, nil)
        spinMainLoop(seconds: 0.5)
        #expect(events.isEmpty)
    }

    @Test func withoutLogindItWarnsAndWaits() {
        _ = TestBus.shared
        #expect(TestBus.shared.nameOwner("org.freedesktop.login1") == nil)
        var events: [Bool] = []
        let watcher = SleepWatcher(busAddress: TestBus.shared.address) { events.append($0) }
        #expect(spinMainLoop(seconds: 3) { watcher.logindPresent == false })
        #expect(watcher.isSubscribed)
        #expect(watcher.problem?.contains("logind is not running") == true)
        #expect(events.isEmpty)
    }

    @Test func withoutASystemBusItWarnsAndDoesNothing() {
        var events: [Bool] = []
        let watcher = SleepWatcher(busAddress: "unix:path=/nonexistent/moscowtime/system_bus_socket") { events.append($0) }
        #expect(spinMainLoop(seconds: 3) { watcher.problem != nil })
        #expect(watcher.problem?.hasPrefix("no system bus") == true, "\(watcher.problem ?? "")")
        #expect(!watcher.isSubscribed)
        #expect(events.isEmpty)
    }

    @Test func releasingTheWatcherBeforeItConnectsIsSafe() {
        var watcher: SleepWatcher? = SleepWatcher(busAddress: TestBus.shared.address) { _ in }
        withExtendedLifetime(watcher) {}
        watcher = nil
        spinMainLoop(seconds: 0.3)  // the cancelled connect completes with nobody to tell
    }
}
