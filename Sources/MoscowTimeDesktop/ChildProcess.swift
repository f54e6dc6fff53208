// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// Runs a program without waiting for it (GSubprocess): the main loop keeps turning, and `done`
/// gets how it ended and its standard error once it ends. Standard output is discarded (`capture`
/// keeps it). The returned handle can signal it meanwhile (nil when it could not be started).
@MainActor
public final class ChildProcess {
    /// How a child ended: its exit status, or the signal that killed it.
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        public var succeeded: Bool { self == .exited(0) }
    }

    private let process: OpaquePointer

    private init(_ process: OpaquePointer) {
        self.process = process
        g_object_ref(UnsafeMutableRawPointer(process))
    }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(process)) }

    /// Sends `signal` to the child and to every process it started (its process group), unless it
    /// has already ended.
    public func sendToGroup(_ signal: Int32) {
        guard let id = g_subprocess_get_identifier(process), let pid = Int32(String(cString: id)), pid > 0 else { return }
        kill(-pid, signal)
    }

    /// Starts `argv` in a process group of its own (so `sendToGroup` also reaches what it runs).
    @discardableResult
    public static func run(_ argv: [String], done: @escaping @MainActor (_ ending: Ending, _ stderr: String) -> Void) -> ChildProcess? {
        spawn(argv, keepOutput: false) { ending, _, stderr in done(ending, stderr) }
    }

    /// As `run`, and `done` also gets the child's standard output.
    @discardableResult
    public static func capture(
        _ argv: [String], done: @escaping @MainActor (_ ending: Ending, _ stdout: String, _ stderr: String) -> Void
    ) -> ChildProcess? {
        spawn(argv, keepOutput: true, done: done)
    }

    private static func spawn(
        _ argv: [String], keepOutput: Bool, done: @escaping @MainActor (Ending, String, String) -> Void
    ) -> ChildProcess? {
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var error: UnsafeMutablePointer<GError>?
        let out = keepOutput ? G_SUBPROCESS_FLAGS_STDOUT_PIPE : G_SUBPROCESS_FLAGS_STDOUT_SILENCE
        let flags = GSubprocessFlags(rawValue: out.rawValue | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue)
        let launcher = g_subprocess_launcher_new(flags)
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        g_subprocess_launcher_set_child_setup(launcher, { _ in _ = setpgid(0, 0) }, nil, nil)
        let process = cArgs.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buf.count) {
                g_subprocess_launcher_spawnv(launcher, $0, &error)
            }
        }
        guard let process else {
            let message = error == nil ? "cannot start \(argv.first ?? "")" : GLibError(taking: error).message
            MainLoopSource.idle { done(.exited(127), "", message) }
            return nil
        }
        let box = ChildDone(done)
        g_subprocess_communicate_utf8_async(process, nil, nil, childFinished, Unmanaged.passRetained(box).toOpaque())
        return ChildProcess(process)
    }
}

final class ChildDone: @unchecked Sendable {
    let body: @MainActor (ChildProcess.Ending, String, String) -> Void
    init(_ body: @escaping @MainActor (ChildProcess.Ending, String, String) -> Void) { self.body = body }
}

private func childFinished(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: gpointer?) {
    guard let data, let source else { return }
    let box = Unmanaged<ChildDone>.fromOpaque(data).takeRetainedValue()
    let process = OpaquePointer(source)
    var out: UnsafeMutablePointer<gchar>?
    var err: UnsafeMutablePointer<gchar>?
    var error: UnsafeMutablePointer<GError>?
    _ = g_subprocess_communicate_utf8_finish(process, result, &out, &err, &error)
    let output = consumeGString(out) ?? ""
    let failure = error.map { GLibError(taking: $0).message }
    let text = consumeGString(err) ?? failure ?? ""
    let ending: ChildProcess.Ending =
        g_subprocess_get_if_exited(process) != 0
        ? .exited(g_subprocess_get_exit_status(process))
        : g_subprocess_get_if_signaled(process) != 0 ? .killed(signal: g_subprocess_get_term_sig(process)) : .exited(128)
    g_object_unref(source)
    MainActor.assumeIsolated { box.body(ending, output, text) }
}
