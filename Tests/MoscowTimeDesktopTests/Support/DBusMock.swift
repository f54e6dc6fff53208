// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import Glibc
import TestSupport

/// python-dbusmock running one of its templates on the shared test bus. dbusmock only works under
/// /usr/bin/python3 (not a python first on PATH). Signals must be emitted by the mock itself
/// (org.freedesktop.DBus.Mock.EmitSignal): clients ignore them from any other connection.
@MainActor
final class DBusMock {
    let busName: String
    let objectPath: String
    private let process: ChildProcess
    let logPath: String

    /// Starts `template` and waits until it owns `busName`.
    init(template: String, busName: String, objectPath: String, parameters: String? = nil) throws {
        let bus = TestBus.shared
        self.busName = busName
        self.objectPath = objectPath
        logPath = "\(bus.directory)/\(template)-\(monotonicMilliseconds()).log"
        var arguments = ["/usr/bin/python3", "-m", "dbusmock", "--template", template]
        if let parameters { arguments += ["-p", parameters] }
        process = try ChildProcess(
            arguments, environment: childEnvironment(), stdout: .file(logPath),
            stderr: .file(logPath + ".err"))
        guard bus.waitForName(busName, present: true) else {
            process.terminate()
            throw ChildProcess.SpawnError(
                description: "dbusmock \(template) did not appear: "
                    + String(decoding: readFileBytes(logPath + ".err"), as: UTF8.self))
        }
        drainMainContext()
    }

    /// Stops the mock and waits until its name is gone from the bus.
    func stop() {
        process.terminate()
        TestBus.shared.waitForName(busName, present: false, timeoutMs: 5000)
        drainMainContext()
    }

    isolated deinit {
        process.terminate()
    }

    @discardableResult
    func callMock(_ method: String, _ arguments: [Variant], replyType: String? = nil) throws -> VariantReader {
        try TestBus.shared.call(
            destination: busName, path: objectPath, interface: "org.freedesktop.DBus.Mock",
            method: method, arguments, replyType: replyType)
    }

    /// org.freedesktop.DBus.Mock.EmitSignal(interface, name, signature, args).
    func emitSignal(interface: String, name: String, signature: String, _ values: [Variant]) throws {
        try callMock(
            "EmitSignal",
            [
                .string(interface), .string(name), .string(signature),
                .array(elementType: "v", values.map(Variant.boxed)),
            ])
    }

    /// The arguments of every recorded call of `method` (GetMethodCalls returns a(tav)), unboxed.
    func methodCalls(_ method: String) throws -> [[VariantReader]] {
        let calls = try callMock("GetMethodCalls", [.string(method)], replyType: "(a(tav))").child(0)
        return (0..<calls.count).map { index in
            let arguments = calls.child(index).child(1)
            return (0..<arguments.count).map { arguments.child($0).unboxed }
        }
    }

    func clearCalls() throws {
        try callMock("ClearCalls", [])
    }
}
