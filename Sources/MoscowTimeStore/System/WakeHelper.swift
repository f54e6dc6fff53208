// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Where the `moscowtime-wake` helper is and what its one-line answers mean. The helper holds
/// CAP_WAKE_ALARM and arms one CLOCK_REALTIME_ALARM timer (Sources/moscowtime-wake/main.c); the
/// agent runs it as a child and writes `arm <unix seconds>` / `clear` on its stdin.
public enum WakeHelper {
    public static let name = "moscowtime-wake"
    /// Tests point this at a helper of their choice.
    public static let overrideVariable = "MOSCOWTIME_WAKE_HELPER"

    /// The override when set, else `ResourceLocator.helperProgram`. Nil when none is executable.
    public static func path(environment env: [String: String], executableDirectory exe: String?) -> String? {
        if let v = env[overrideVariable], !v.isEmpty { return access(v, X_OK) == 0 ? v : nil }
        return ResourceLocator.helperProgram(name, executableDirectory: exe)
    }

    /// Whether this machine can be woken, from the helper's answer to `--check`.
    public enum Capability: Equatable, Sendable {
        case available
        /// `code` is the helper's reason code (no-capability, no-rtc, timerfd, not-installed…).
        case unavailable(code: String, reason: String)
    }

    /// Parses the first line the helper printed (`ok realtime-alarm`, `error no-rtc …`).
    public static func capability(fromCheckOutput line: String) -> Capability {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        if words.first == "ok" { return .available }
        if words.first == "error", words.count >= 2 {
            return .unavailable(code: words[1], reason: words.count > 2 ? words[2] : words[1])
        }
        return .unavailable(
            code: "no-answer", reason: "the wake helper gave no usable answer" + (line.isEmpty ? "" : " (\(TerminalText.oneLine(line)))"))
    }

    /// The line the agent writes for a plan: arm its instant, or clear when there is none.
    public static func command(for plan: WakePlan?) -> String {
        guard let plan else { return "clear\n" }
        return "arm \(plan.wakeAt.secondsSinceEpoch)\n"
    }
}
