// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Runs a program without waiting for it (GSubprocess): the main loop keeps turning, and `done`
/// gets the exit status and standard error once it ends. Standard output is discarded.
@MainActor
public enum ChildProcess {
    public static func run(_ argv: [String], done: @escaping @MainActor (_ status: Int32, _ stderr: String) -> Void) {
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = GSubprocessFlags(rawValue: G_SUBPROCESS_FLAGS_STDOUT_SILENCE.rawValue | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue)
        let process = cArgs.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buf.count) {
                g_subprocess_newv($0, flags, &error)
            }
        }
        guard let process else {
            let message = error == nil ? "cannot start \(argv.first ?? "")" : GLibError(taking: error).message
            MainLoopSource.idle { done(127, message) }
            return
        }
        let box = ChildDone(done)
        g_subprocess_communicate_utf8_async(process, nil, nil, childFinished, Unmanaged.passRetained(box).toOpaque())
    }
}

final class ChildDone: @unchecked Sendable {
    let body: @MainActor (Int32, String) -> Void
    init(_ body: @escaping @MainActor (Int32, String) -> Void) { self.body = body }
}

private func childFinished(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: gpointer?) {
    guard let data, let source else { return }
    let box = Unmanaged<ChildDone>.fromOpaque(data).takeRetainedValue()
    let process = OpaquePointer(source)
    var err: UnsafeMutablePointer<gchar>?
    var error: UnsafeMutablePointer<GError>?
    _ = g_subprocess_communicate_utf8_finish(process, result, nil, &err, &error)
    let failure = error.map { GLibError(taking: $0).message }
    let text = consumeGString(err) ?? failure ?? ""
    let status = g_subprocess_get_if_exited(process) != 0 ? g_subprocess_get_exit_status(process) : 128
    g_object_unref(source)
    MainActor.assumeIsolated { box.body(status, text) }
}
