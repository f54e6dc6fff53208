// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeDesktop

/// The agent's side of the wake helper: one child, one line per change, answers on the main loop.
/// The real helper runs here with `--clock realtime` (no privilege needed).
@Suite("WakeAlarm", .serialized, .timeLimit(.minutes(5)))
@MainActor
struct WakeAlarmTests {
    /// `moscowtime-wake` beside this test binary (`swift build` builds every product).
    nonisolated static let helper: String = {
        if let dir = getenv("MOSCOWTIME_BIN_DIR").map({ String(cString: $0) }), !dir.isEmpty { return dir + "/moscowtime-wake" }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[0..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/moscowtime-wake"
    }()

    func now() -> Int64 { Int64(time(nil)) }

    @Test(.enabled(if: access(WakeAlarmTests.helper, X_OK) == 0, "moscowtime-wake not built"))
    func armsReArmsClearsAndHearsTheTimerFire() {
        let wake = WakeAlarm(helperPath: Self.helper, arguments: ["--clock", "realtime"])
        #expect(wake.availability == .available)
        let later = now() + 3600
        wake.wake(atUnixSeconds: later)
        wake.wake(atUnixSeconds: later)  // unchanged: nothing sent
        #expect(spinMainLoop(seconds: 3) { wake.answers.count >= 1 })
        #expect(wake.answers == ["ok armed \(later)"])
        let soon = now() + 2
        wake.wake(atUnixSeconds: soon)
        #expect(spinMainLoop(seconds: 6) { wake.answers.contains("fired \(soon)") }, "\(wake.answers)")
        #expect(wake.answers == ["ok armed \(later)", "ok armed \(soon)", "fired \(soon)"])
        #expect(wake.armedAt == nil)
        wake.wake(atUnixSeconds: later)
        wake.wake(atUnixSeconds: nil)
        #expect(spinMainLoop(seconds: 3) { wake.answers.count >= 5 })
        #expect(wake.answers.suffix(2) == ["ok armed \(later)", "ok cleared"])
    }

    @Test func saysWhyWhenItCannotWake() throws {
        #expect(
            WakeAlarm(helperPath: nil).availability
                == .unavailable(code: "not-installed", reason: "the wake helper moscowtime-wake is not installed"))
        #expect(
            WakeAlarm(helperPath: "/bin/false").availability
                == .unavailable(code: "no-answer", reason: "the wake helper gave no usable answer"))
        var template = Array("/tmp/mt-wake-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer {
            unlink(dir + "/helper")
            rmdir(dir)
        }
        let script = "#!/bin/sh\necho 'error no-rtc this machine has no real-time clock the kernel can wake from'\nexit 1\n"
        let fd = open(dir + "/helper", O_WRONLY | O_CREAT, 0o755)
        _ = script.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        let wake = WakeAlarm(helperPath: dir + "/helper")
        #expect(wake.availability == .unavailable(code: "no-rtc", reason: "this machine has no real-time clock the kernel can wake from"))
        wake.wake(atUnixSeconds: now() + 60)  // ignored, no crash, no SIGPIPE
        #expect(wake.armedAt == nil)
    }
}
