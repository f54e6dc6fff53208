// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// The process's GLib main loop on the default main context. Every adapter in this module delivers
/// its callbacks from here, on the main thread.
@MainActor
public final class MainLoop {
    private let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    isolated deinit {
        g_main_loop_unref(loop)
    }

    /// Blocks until `quit()`. Call on the main thread.
    public func run() {
        g_main_loop_run(loop)
    }

    public func quit() {
        g_main_loop_quit(loop)
    }

    public var isRunning: Bool { g_main_loop_is_running(loop) != 0 }
}
