// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// A one-shot timer on the wall clock (CLOCK_REALTIME), so that an alarm set for 07:00 rings at 07:00
/// even across suspend and clock steps — unlike `g_timeout_add`, which runs on CLOCK_MONOTONIC and
/// stops counting while the machine sleeps.
///
/// One timerfd armed with `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`, watched by `g_unix_fd_add`.
/// The kernel reports a clock step (settimeofday, NTP step, resume from suspend) as `ECANCELED`
/// on read; that becomes `onClockChange`. Re-arming is the caller's job after both callbacks.
/// A disarmed timer costs no wake-ups, and also reports no clock changes.
@MainActor
public final class WallClockTimer {
    private let onFire: @MainActor () -> Void
    private let onClockChange: @MainActor () -> Void
    private let fd: Int32
    private var sourceID: UInt32 = 0

    /// The absolute deadline (Unix seconds) the timer is armed for, nil when disarmed or fired.
    public private(set) var armedDeadline: Int64?
    /// Nanoseconds part of the armed deadline.
    public private(set) var armedDeadlineNanoseconds: Int = 0

    public init(onFire: @escaping @MainActor () -> Void, onClockChange: @escaping @MainActor () -> Void) {
        self.onFire = onFire
        self.onClockChange = onClockChange
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        if fd < 0 {
            // Only fails for lack of file descriptors or memory; the agent cannot ring without it.
            Log.error("timerfd_create failed: \(String(cString: strerror(errno)))")
            return
        }
        let condition = GIOCondition(G_IO_IN.rawValue | G_IO_ERR.rawValue | G_IO_HUP.rawValue)
        sourceID = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, condition, wallClockTimerReady,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    isolated deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
        if fd >= 0 { close(fd) }
    }

    /// Arms the timer for an absolute wall-clock instant. Replaces any earlier deadline.
    /// A deadline in the past fires at once (on the next main-loop iteration).
    public func arm(atUnixSeconds seconds: Int64, nanoseconds: Int = 0) {
        guard fd >= 0 else { return }
        // Normalise, and keep clear of {0, 0}: an all-zero it_value would disarm instead of firing.
        var sec = seconds + Int64(nanoseconds / 1_000_000_000)
        var nsec = nanoseconds % 1_000_000_000
        if nsec < 0 {
            nsec += 1_000_000_000
            sec -= 1
        }
        if sec < 0 || (sec == 0 && nsec == 0) {
            sec = 0
            nsec = 1
        }
        var spec = itimerspec(
            it_interval: timespec(tv_sec: 0, tv_nsec: 0),
            it_value: timespec(tv_sec: Int(sec), tv_nsec: nsec))
        let flags = Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET)
        if timerfd_settime(fd, flags, &spec, nil) != 0 {
            Log.error("timerfd_settime(\(sec).\(nsec)) failed: \(String(cString: strerror(errno)))")
            armedDeadline = nil
            return
        }
        armedDeadline = seconds
        armedDeadlineNanoseconds = nanoseconds
    }

    public func disarm() {
        guard fd >= 0 else { return }
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
        drain()
        armedDeadline = nil
    }

    /// Drops an expiration that the kernel may already have queued, so a disarm really prevents firing.
    private func drain() {
        var ticks: UInt64 = 0
        _ = read(fd, &ticks, MemoryLayout<UInt64>.size)
    }

    fileprivate func handleReadable() {
        var ticks: UInt64 = 0
        let n = read(fd, &ticks, MemoryLayout<UInt64>.size)
        if n == MemoryLayout<UInt64>.size {
            armedDeadline = nil
            onFire()
        } else if n < 0 && errno == ECANCELED {
            // The clock was set. The timer stays armed for its old instant unless that instant has
            // already passed (then the expiry was swallowed with the cancellation): ask the kernel.
            var current = itimerspec()
            if timerfd_gettime(fd, &current) == 0, current.it_value.tv_sec == 0, current.it_value.tv_nsec == 0 {
                armedDeadline = nil
            }
            onClockChange()
        } else if n < 0 && (errno == EAGAIN || errno == EINTR) {
            // Spurious wake-up (e.g. disarmed between poll and read): nothing to do.
        } else {
            Log.error("timerfd read failed: \(n < 0 ? String(cString: strerror(errno)) : "short read")")
        }
    }
}

/// GUnixFDSourceFunc for the timerfd. GLib calls it on the main loop's thread.
private func wallClockTimerReady(_ fd: Int32, _ condition: GIOCondition, _ data: UnsafeMutableRawPointer?) -> gboolean {
    let ref = WeakRef<WallClockTimer>.from(data)  // resolve the box here: only Sendable values enter the closure
    MainActor.assumeIsolated {
        ref?.object?.handleReadable()
    }
    return 1  // G_SOURCE_CONTINUE: the fd stays watched for the timer's whole life
}
