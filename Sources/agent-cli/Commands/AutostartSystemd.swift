// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// `systemctl --user`, run as a child process. `MOSCOWTIME_SYSTEMCTL` names another program with the
/// same interface (the tests use a fake that records its calls).
struct SystemdUser {
    let systemctl: String
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
        systemctl = environment["MOSCOWTIME_SYSTEMCTL"].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
    }

    typealias Result = Subprocess.Result

    /// Runs `systemctl --user ARGS`; nil when systemctl cannot be started at all.
    func run(_ args: [String]) -> Result? { Subprocess.run([systemctl, "--user"] + args) }

    /// Whether a systemd user manager runs for us (`is-system-running` answers running, degraded,
    /// starting or initializing; it says `offline` when there is none).
    var isAvailable: Bool {
        guard let r = run(["is-system-running"]) else { return false }
        let state = r.output.split(separator: "\n").first.map(String.init) ?? ""
        return ["running", "degraded", "starting", "initializing"].contains(state)
    }

    struct UnitInfo {
        /// The unit file systemd uses; empty when there is none.
        let fragmentPath: String
        /// enabled, disabled, static, masked, linked…; empty when the unit is unknown.
        let state: String
    }

    func info(_ unit: String) -> UnitInfo {
        let out = run(["show", "--property=FragmentPath", "--property=UnitFileState", unit])?.output ?? ""
        var fragment = ""
        var state = ""
        for line in out.split(separator: "\n") {
            if line.hasPrefix("FragmentPath=") { fragment = String(line.dropFirst("FragmentPath=".count)) }
            if line.hasPrefix("UnitFileState=") { state = String(line.dropFirst("UnitFileState=".count)) }
        }
        return UnitInfo(fragmentPath: fragment, state: state)
    }

    /// Runs a changing command; a failure becomes a CLIFailure carrying systemctl's own words.
    func change(_ args: [String]) throws {
        guard let r = run(args) else {
            throw CLIFailure("cannot run {systemctl}", ["systemctl": "\(systemctl)"], status: .failure)
        }
        guard r.status == 0 else {
            let said = r.output.split(separator: "\n").first.map(String.init) ?? t("exit status {status}", ["status": "\(r.status)"])
            throw CLIFailure(
                "systemctl --user {value} failed: {said}", ["value": "\(args.joined(separator: " "))", "said": "\(said)"], status: .failure)
        }
    }
}
