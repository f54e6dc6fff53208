// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeDesktop

@Suite("UnixSignalWatcher", .serialized)
@MainActor
struct UnixSignalWatcherTests {
    /// Under `swift test` the main actor runs on a libdispatch worker thread (dispatch_main() ends the
    /// process's main thread), and those threads block most signals; a process-directed signal could
    /// then stay pending forever. So deliver it to this thread with the signal briefly unblocked —
    /// GLib's handler runs here, and the watcher's callback later from the main loop, as in the agent.
    private func deliver(_ signal: Int32) {
        var unblock = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, &previous)
        raise(signal)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    @Test func deliversSignalsOnTheMainLoop() {
        var hangups = 0
        var terms = 0
        let hup = UnixSignalWatcher(signal: SIGHUP) { hangups += 1 }
        let term = UnixSignalWatcher(signal: SIGTERM) { terms += 1 }
        deliver(SIGHUP)
        #expect(hangups == 0, "not run in signal context, only from the main loop")
        #expect(spinMainLoop(seconds: 1) { hangups == 1 })
        deliver(SIGTERM)
        #expect(spinMainLoop(seconds: 1) { terms == 1 })
        #expect(hangups == 1)
        withExtendedLifetime((hup, term)) {}
    }

    @Test func stopsWatchingWhenReleased() {
        var hangups = 0
        var watcher: UnixSignalWatcher? = UnixSignalWatcher(signal: SIGUSR1) { hangups += 1 }
        deliver(SIGUSR1)
        #expect(spinMainLoop(seconds: 1) { hangups == 1 })
        withExtendedLifetime(watcher) {}
        watcher = nil
        // A second watcher keeps GLib's handler installed, so the signal does not kill the test.
        var other = 0
        let keeper = UnixSignalWatcher(signal: SIGUSR1) { other += 1 }
        deliver(SIGUSR1)
        #expect(spinMainLoop(seconds: 1) { other == 1 })
        #expect(hangups == 1)
        withExtendedLifetime(keeper) {}
    }
}
