// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

/// Asks the installed `moscowtime-wake --check` whether this machine can be woken from suspend
/// (capability present, RTC alarm supported); for `agent-cli status`. The reason is worded by its
/// code where it is shown (`WakeReasonWording`); the text kept with it is the helper's own detail.
enum WakeCheck {
    static func run(environment: [String: String]) -> WakeHelper.Capability {
        guard let helper = WakeHelper.path(environment: environment, executableDirectory: ResourceLocator.executableDirectory()) else {
            return .unavailable(
                code: "not-installed",
                reason: N_("the wake helper moscowtime-wake is not installed (make install or the package sets it up)"))
        }
        guard let result = Subprocess.run([helper, "--check"], stderr: .discard) else {
            return .unavailable(code: "spawn", reason: helper)
        }
        let line = result.output.split(separator: "\n").first.map(String.init) ?? ""
        return WakeHelper.capability(fromCheckOutput: line)
    }
}
