// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing
import GLibSupport

/// The typed connection and GError mapping against a private dbus-daemon.
@Suite("BusConnection", .serialized)
struct BusConnectionTests {
    @Test func callsTheDaemonAndMapsRemoteErrors() throws {
        let daemon = try PrivateBus()
        defer { daemon.stop() }
        let bus = try BusConnection.open(address: daemon.address)
        #expect(bus.uniqueName.hasPrefix(":"))
        #expect(bus.nameHasOwner(BusConnection.daemonName) == true)
        #expect(bus.nameHasOwner("org.moscowtime.Nobody") == false)
        #expect(bus.nameOwner(bus.uniqueName) == bus.uniqueName)
        #expect(bus.activatableNames().contains(BusConnection.daemonName))
        let error = #expect(throws: GLibError.self) {
            try bus.call(destination: "org.moscowtime.Nobody", path: "/", interface: "org.moscowtime.Nobody", method: "X")
        }
        #expect(error?.remoteName == "org.freedesktop.DBus.Error.NameHasNoOwner", "no auto-start by default")
        #expect(error?.message.contains("org.freedesktop.DBus.Error") == false, "the remote name is stripped from the message")
        let wrongShape = #expect(throws: GLibError.self) {
            try bus.callDaemon("GetId", replyType: "(u)")
        }
        #expect(wrongShape?.remoteName == nil, "a reply of the wrong type is refused locally")
    }

    @Test func noBusAtAnAddressIsAnError() {
        #expect(throws: GLibError.self) { try BusConnection.open(address: "unix:path=/nonexistent/moscowtime-bus") }
    }
}

/// A dbus-daemon with its own socket, for this suite only.
private struct PrivateBus {
    let address: String
    let pid: pid_t
    let directory: String

    init() throws {
        var template = Array("/tmp/moscowtime-glib-XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template) else { throw GLibError(message: "mkdtemp failed") }
        directory = String(cString: dir)
        address = "unix:path=\(directory)/bus"
        let arguments = ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)"]
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The test thread may block signals; the daemon must not inherit that, or SIGTERM never ends it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t(), defaults = sigset_t()
        sigemptyset(&emptyMask)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        guard posix_spawnp(&pid, "dbus-daemon", nil, &attributes, &argv, environ) == 0 else {
            throw GLibError(message: "cannot start dbus-daemon")
        }
        self.pid = pid
        // The socket appears once the daemon listens.
        for _ in 0..<500 where access("\(directory)/bus", F_OK) != 0 { usleep(10_000) }
    }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink("\(directory)/bus")
        rmdir(directory)
    }
}
