// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import TestSupport
import Testing

@testable import MoscowTimeDesktop

/// On the private test bus. The "other instance" is a second connection of this process
/// (g_bus_own_name_on_connection on a private GDBusConnection): to the bus it is another client,
/// which is all single-instance ownership is about.
@Suite("BusNameOwner", .serialized)
@MainActor
struct BusNameOwnerTests {
    private func uniqueBusName(_ tag: String) -> String {
        "org.moscowtime.Test.\(tag)\(monotonicMilliseconds())"
    }

    @Test func acquiresAFreeName() {
        let bus = TestBus.shared
        let name = uniqueBusName("Free")
        var acquired: BusConnection?
        var busAcquired = false
        var lost = 0
        let owner = BusNameOwner(name: name, replace: false, onAcquired: { acquired = $0 }, onLost: { lost += 1 })
        owner.onBusAcquired = { _ in busAcquired = true }
        #expect(spinMainLoop(seconds: 2) { acquired != nil })
        #expect(busAcquired, "objects can be registered before the name is taken")
        #expect(owner.isOwner)
        #expect(lost == 0)
        #expect(bus.nameOwner(name) == bus.uniqueName())
        if let acquired {
            #expect(acquired.uniqueName == bus.uniqueName())
        }
        owner.releaseName()
        #expect(bus.waitForName(name, present: false))
    }

    @Test func aSecondInstanceWithoutReplaceLoses() {
        let bus = TestBus.shared
        let name = uniqueBusName("Second")
        let other = OtherInstance(name: name, replace: false)
        #expect(spinMainLoop(seconds: 2) { other.acquired })

        var acquired = false
        var lost = 0
        let owner = BusNameOwner(name: name, replace: false, onAcquired: { _ in acquired = true }, onLost: { lost += 1 })
        #expect(spinMainLoop(seconds: 2) { lost > 0 })
        spinMainLoop(seconds: 0.2)
        #expect(lost == 1)
        #expect(!acquired)
        #expect(!owner.isOwner)
        #expect(!other.lost, "the first instance keeps the name")
        #expect(bus.nameOwner(name) == other.uniqueName)
    }

    @Test func replaceTakesOverAndTheFirstOwnerLoses() {
        let bus = TestBus.shared
        let name = uniqueBusName("Replace")
        // The first instance is ours: it allows replacement.
        var firstAcquired = false
        var firstLost = 0
        let first = BusNameOwner(
            name: name, replace: false, onAcquired: { _ in firstAcquired = true },
            onLost: { firstLost += 1 })
        #expect(spinMainLoop(seconds: 2) { firstAcquired })

        // Another instance started with --replace.
        let other = OtherInstance(name: name, replace: true)
        #expect(spinMainLoop(seconds: 2) { other.acquired && firstLost == 1 })
        #expect(!first.isOwner)
        #expect(bus.nameOwner(name) == other.uniqueName)
    }

    @Test func ourReplaceTakesOverFromAnotherInstance() {
        let bus = TestBus.shared
        let name = uniqueBusName("Ours")
        let other = OtherInstance(name: name, replace: false)
        #expect(spinMainLoop(seconds: 2) { other.acquired })

        var acquired = false
        var lost = 0
        let owner = BusNameOwner(name: name, replace: true, onAcquired: { _ in acquired = true }, onLost: { lost += 1 })
        #expect(spinMainLoop(seconds: 2) { acquired && other.lost })
        #expect(lost == 0)
        #expect(owner.isOwner)
        #expect(bus.nameOwner(name) == bus.uniqueName())
    }
}

/// Another client owning a name with the agent's flags, on its own connection.
@MainActor
final class OtherInstance {
    private let connection: BusConnection
    private var ownerID: UInt32 = 0
    let uniqueName: String
    var acquired = false
    var lost = false

    init(name: String, replace: Bool) {
        connection = TestBus.shared.privateConnection()
        uniqueName = connection.uniqueName
        var flags = G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE.rawValue | G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT.rawValue
        if replace { flags |= G_BUS_NAME_OWNER_FLAGS_REPLACE.rawValue }
        ownerID = g_bus_own_name_on_connection(
            connection.pointer, name, GBusNameOwnerFlags(flags), otherAcquired, otherLost,
            Unmanaged.passRetained(OtherInstanceRef(self)).toOpaque(),
            otherRelease)
    }

    isolated deinit {
        g_bus_unown_name(ownerID)
        g_dbus_connection_close_sync(connection.pointer, nil, nil)
    }
}

/// Weak box for the C callbacks. @unchecked Sendable: only the main actor's thread touches it.
final class OtherInstanceRef: @unchecked Sendable {
    weak var instance: OtherInstance?
    init(_ instance: OtherInstance) { self.instance = instance }
}

private func otherAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    let ref = Unmanaged<OtherInstanceRef>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { ref.instance?.acquired = true }
}

private func otherLost(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    let ref = Unmanaged<OtherInstanceRef>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { ref.instance?.lost = true }
}

private func otherRelease(_ data: UnsafeMutableRawPointer?) {
    if let data { Unmanaged<OtherInstanceRef>.fromOpaque(data).release() }
}
