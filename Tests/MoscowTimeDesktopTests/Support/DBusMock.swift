// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Glibc

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
        process = try ChildProcess(arguments, environment: childEnvironment(), stdout: .file(logPath),
                                   stderr: .file(logPath + ".err"))
        guard bus.waitForName(busName, present: true) else {
            process.terminate()
            throw ChildProcess.SpawnError(description: "dbusmock \(template) did not appear: "
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

    func callMock(_ method: String, _ arguments: [OpaquePointer?], replyType: String? = nil) throws -> OpaquePointer {
        try TestBus.shared.call(destination: busName, path: objectPath, interface: "org.freedesktop.DBus.Mock",
                                method: method, arguments: Variants.tuple(arguments), replyType: replyType)
    }

    /// org.freedesktop.DBus.Mock.EmitSignal(interface, name, signature, args).
    func emitSignal(interface: String, name: String, signature: String, _ values: [OpaquePointer?]) throws {
        let reply = try callMock("EmitSignal", [Variants.string(interface), Variants.string(name),
                                                Variants.string(signature), Variants.variantArray(values)])
        g_variant_unref(reply)
    }

    /// The argument tuples of every recorded call of `method` (GetMethodCalls returns a(tav)).
    func methodCalls(_ method: String) throws -> [[OpaquePointer]] {
        let reply = try callMock("GetMethodCalls", [Variants.string(method)], replyType: "(a(tav))")
        defer { g_variant_unref(reply) }
        let calls = Variants.child(reply, 0)
        defer { g_variant_unref(calls) }
        return (0..<Int(g_variant_n_children(calls))).map { index in
            let call = Variants.child(calls, index)
            defer { g_variant_unref(call) }
            let arguments = Variants.child(call, 1)
            defer { g_variant_unref(arguments) }
            return (0..<Int(g_variant_n_children(arguments))).map { argument in
                let boxed = Variants.child(arguments, argument)
                defer { g_variant_unref(boxed) }
                return Variants.unwrap(boxed)   // caller owns these references
            }
        }
    }

    func clearCalls() throws {
        g_variant_unref(try callMock("ClearCalls", []))
    }
}
