// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Glibc

/// Iterates the default GLib main context (as `g_main_loop_run` would) until `condition` holds or
/// `seconds` pass. The bound is a g_timeout source, so a quiet loop still wakes up to give up.
/// Returns the final value of `condition`.
@MainActor
@discardableResult
func spinMainLoop(seconds: Double, until condition: () -> Bool = { false }) -> Bool {
    let guardBox = SpinGuard()
    let sourceID = g_timeout_add_full(
        G_PRIORITY_DEFAULT, UInt32(seconds * 1000), spinGuardFired,
        Unmanaged.passRetained(guardBox).toOpaque(), spinGuardRelease)
    while !condition() && !guardBox.fired {
        g_main_context_iteration(nil, 1)
    }
    if !guardBox.fired { g_source_remove(sourceID) }
    return condition()
}

/// Runs the loop for the full time (to see that something does NOT happen, or happens only once).
@MainActor
func spinMainLoop(seconds: Double) {
    spinMainLoop(seconds: seconds, until: { false })
}

/// Dispatches everything already pending in the default main context, without blocking.
///
/// Used after a synchronous bus call that observed a name change: the NameOwnerChanged signal came in
/// before that call's reply on the same connection, so GDBus has already queued its dispatch here.
/// Draining it brings GIO's proxies and name watchers (libnotify's too) up to date, as a running
/// main loop would.
@MainActor
func drainMainContext() {
    var rounds = 0
    while g_main_context_pending(nil) != 0 && rounds < 1000 {
        g_main_context_iteration(nil, 0)
        rounds += 1
    }
}

/// Flag set by the timeout. @unchecked Sendable: only the main thread touches it.
final class SpinGuard: @unchecked Sendable {
    var fired = false
}

private func spinGuardFired(_ data: UnsafeMutableRawPointer?) -> gboolean {
    if let data { Unmanaged<SpinGuard>.fromOpaque(data).takeUnretainedValue().fired = true }
    return 0
}

private func spinGuardRelease(_ data: UnsafeMutableRawPointer?) {
    if let data { Unmanaged<SpinGuard>.fromOpaque(data).release() }
}

/// Current wall-clock time as (seconds, nanoseconds).
func wallClockNow() -> (seconds: Int64, nanoseconds: Int) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return (Int64(now.tv_sec), now.tv_nsec)
}

func wallClockNanoseconds() -> Int64 {
    let now = wallClockNow()
    return now.seconds * 1_000_000_000 + Int64(now.nanoseconds)
}
