// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc
import Synchronization
import TestSupport

/// One private dbus-daemon for the whole test process, serving as both the session and the system
/// bus (DBUS_SESSION_BUS_ADDRESS and DBUS_SYSTEM_BUS_ADDRESS point at it). GIO keeps one session-bus
/// connection per process and reads the address only once, so the bus must outlive every test: it is
/// started on first use (before anything in the process touches D-Bus) and killed at exit.
///
/// Its configuration has no service directories: otherwise dbus-daemon would try to D-Bus-activate
/// the installed dunst whenever a test wants "no notification server".
@MainActor
final class TestBus {
    static let shared: TestBus = {
        do {
            return try TestBus()
        } catch {
            fatalError("cannot start the private test bus: \(error)")
        }
    }()

    let address: String
    let directory: String
    private let daemon: ChildProcess
    /// GIO's shared session connection, held for the process's life: GIO keeps it only weakly, and a
    /// freed one would come back with exit-on-close set again.
    private let sessionBus: BusConnection

    private init() throws {
        directory = makeTemporaryDirectory("moscowtime-bus")
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory)/bus</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        writeFile("\(directory)/bus.conf", config)
        daemon = try ChildProcess(
            [
                "dbus-daemon", "--nofork", "--nopidfile", "--config-file=\(directory)/bus.conf",
                "--print-address=1",
            ],
            environment: childEnvironment(), stdout: .pipe, stderr: .file("\(directory)/daemon.log"))
        // The address is printed once the socket listens: a readiness barrier.
        guard let line = daemon.readLine(timeoutMs: 10_000), !line.isEmpty else {
            daemon.terminate()
            throw ChildProcess.SpawnError(description: "dbus-daemon printed no address")
        }
        address = line
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        setenv("DBUS_SYSTEM_BUS_ADDRESS", address, 1)
        TestBus.daemonPID.store(daemon.pid, ordering: .relaxed)
        let cleanup = directory  // not self.directory: self is not fully initialized yet
        TestBus.directoryForCleanup.withLock { $0 = cleanup }
        atexit(killTestBusAtExit)

        // GIO's shared connection would raise SIGTERM in this process if the bus went away first.
        // Held in `sessionBus`: a temporary would be released (and GIO's weakly held singleton freed)
        // before the call, which then fails its G_IS_DBUS_CONNECTION check and sets nothing.
        do {
            sessionBus = try BusConnection.session()
            g_dbus_connection_set_exit_on_close(sessionBus.pointer, 0)
        } catch {
            throw ChildProcess.SpawnError(description: "cannot connect to the private bus: \(error)")
        }
    }

    /// Read by the atexit handler, which is not on any actor.
    nonisolated static let daemonPID = Atomic<Int32>(0)
    nonisolated static let directoryForCleanup = Mutex<String?>(nil)

    /// GIO's shared session connection.
    func connection() -> BusConnection {
        guard let bus = try? BusConnection.session() else { fatalError("no test bus") }
        return bus
    }

    /// A separate connection to the bus: another "process" as far as the bus is concerned.
    func privateConnection() -> BusConnection {
        guard let connection = try? BusConnection.open(address: address) else { fatalError("cannot open a private connection") }
        return connection
    }

    /// Synchronous method call; returns the reply or throws the D-Bus error.
    func call(
        destination: String, path: String, interface: String, method: String,
        _ arguments: [Variant] = [], replyType: String? = nil
    ) throws -> VariantReader {
        try connection().call(
            destination: destination, path: path, interface: interface, method: method, arguments,
            replyType: replyType, timeoutMilliseconds: 5000)
    }

    func nameOwner(_ name: String) -> String? { connection().nameOwner(name) }

    /// Waits (without the main loop) until `name` has an owner, or has none.
    @discardableResult
    func waitForName(_ name: String, present: Bool = true, timeoutMs: Int64 = 10_000) -> Bool {
        let deadline = monotonicMilliseconds() + timeoutMs
        repeat {
            if (nameOwner(name) != nil) == present { return true }
            usleep(20_000)
        } while monotonicMilliseconds() < deadline
        return false
    }

    func uniqueName() -> String { connection().uniqueName }
}

private func killTestBusAtExit() {
    let pid = TestBus.daemonPID.load(ordering: .relaxed)
    guard pid > 0 else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    if let directory = TestBus.directoryForCleanup.withLock({ $0 }) { removeTree(directory) }
}
