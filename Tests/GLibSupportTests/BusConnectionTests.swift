// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc
import Testing

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

    /// The asynchronous call: the reply or the remote error arrives on the main loop, never inline.
    @MainActor @Test func asyncCallsAnswerOnTheMainLoop() throws {
        let daemon = try PrivateBus()
        defer { daemon.stop() }
        let bus = try BusConnection.open(address: daemon.address)
        var owner: Result<VariantReader, GLibError>?
        var missing: Result<VariantReader, GLibError>?
        var wrongShape: Result<VariantReader, GLibError>?
        bus.callAsync(
            destination: BusConnection.daemonName, path: "/org/freedesktop/DBus", interface: BusConnection.daemonName,
            method: "GetNameOwner", [.string(bus.uniqueName)], replyType: "(s)"
        ) { owner = $0 }
        bus.callAsync(destination: "org.moscowtime.Nobody", path: "/", interface: "org.moscowtime.Nobody", method: "X") { missing = $0 }
        bus.callAsync(
            destination: BusConnection.daemonName, path: "/org/freedesktop/DBus", interface: BusConnection.daemonName,
            method: "GetId", replyType: "(u)"
        ) { wrongShape = $0 }
        // Fire and forget: no completion, and the connection stays usable.
        bus.callAsync(
            destination: BusConnection.daemonName, path: "/org/freedesktop/DBus", interface: BusConnection.daemonName,
            method: "GetId")
        #expect(owner == nil && missing == nil && wrongShape == nil, "nothing is answered before the loop runs")
        let deadline = MainLoopClock.seconds() + 10
        while (owner == nil || missing == nil || wrongShape == nil) && MainLoopClock.seconds() < deadline {
            g_main_context_iteration(nil, 0)
            usleep(1_000)
        }
        #expect(try owner?.get().child(0).string == bus.uniqueName)
        if case .failure(let error)? = missing {
            #expect(error.remoteName == "org.freedesktop.DBus.Error.NameHasNoOwner", "no auto-start by default")
        } else {
            Issue.record("a call to a missing name must fail: \(String(describing: missing))")
        }
        if case .failure(let error)? = wrongShape {
            #expect(error.remoteName == nil)
        } else {
            Issue.record("a reply of the wrong type is refused")
        }
        #expect(bus.nameHasOwner(BusConnection.daemonName) == true)
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
        defer { for arg in argv { free(arg) } }
        // The test thread may block signals; the daemon must not inherit that, or SIGTERM never ends it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        var defaults = sigset_t()
        sigemptyset(&emptyMask)
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // Its stdio on /dev/null: a daemon left by a test that died must not hold the test run's
        // output open (a caller reading it to the end would wait for ever).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawnp(&pid, "dbus-daemon", &actions, &attributes, &argv, environ) == 0 else {
            throw GLibError(message: "cannot start dbus-daemon")
        }
        self.pid = pid
        // The socket file appears at bind(), a moment before listen(): wait until it accepts.
        for _ in 0..<500 where !Self.accepts("\(directory)/bus") { usleep(10_000) }
    }

    private static func accepts(_ socketPath: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink("\(directory)/bus")
        rmdir(directory)
    }
}

/// Seconds on the monotonic clock, for the test's own deadline.
private enum MainLoopClock {
    static func seconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
