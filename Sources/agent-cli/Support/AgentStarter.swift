// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import CGLib
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

/// After a change that should ring, makes sure an agent runs to ring it — the way the desktop would
/// start it: D-Bus activation through the installed activation file, else (a build tree, an
/// unpacked tarball) the `moscowtime-agent` beside this `agent-cli`. It says so in one line on
/// stderr (stdout stays the command's result, e.g. its JSON). With no session bus the change is
/// still saved and the exit status stays 0; a warning says nothing rings until the agent runs.
enum AgentStarter {
    /// Set to 1 to never start the agent (test harnesses that start their own agent).
    static let optOutVariable = "MOSCOWTIME_NO_AGENT_START"
    /// How long to wait for a started agent to own its name.
    static let waitMilliseconds: UInt32 = 5_000

    static func ensureRunning(_ ctx: CLIContext, _ t: Localizer) {
        if ctx.environment[optOutVariable] == "1" { return }
        let client: AgentClient
        do { client = try AgentClient() } catch {
            var why = "\(error)"
            if case .noSessionBus(let reason) = error { why = reason }
            Output.error(
                t(
                    "the change is saved, but nothing rings until the agent runs: there is no session bus here ({why}); start moscowtime-agent inside your desktop session, or enable it there with agent-cli autostart enable",
                    ["why": TerminalText.oneLine(why)]))
            return
        }
        if client.isRunning() { return }
        // Activation can fail although an agent is installed (say, its systemd unit is masked by
        // `autostart disable`): then the agent beside agent-cli is started directly.
        var activationFailure: String?
        switch client.activate() {
        case .alreadyRunning: return
        case .started:
            Output.error(t("started the agent (through its D-Bus activation file) so that this rings"))
            return
        case .failed(let why):
            activationFailure = why
        case .noActivationFile:
            break
        }
        guard let dir = ResourceLocator.executableDirectory(), access(dir + "/moscowtime-agent", X_OK) == 0 else {
            if let activationFailure {
                Output.error(
                    t(
                        "the change is saved, but the agent could not be started ({why}); start it with moscowtime-agent &",
                        ["why": TerminalText.oneLine(activationFailure)]))
            } else {
                Output.error(
                    t(
                        "the change is saved, but no agent runs and none is installed to start; start moscowtime-agent, or install the package"
                    ))
            }
            return
        }
        let agent = dir + "/moscowtime-agent"
        if spawnDetached(agent), client.waitForAgent(milliseconds: waitMilliseconds) {
            Output.error(t("started the agent ({path}) so that this rings", ["path": agent]))
        } else {
            Output.error(t("the change is saved, but the agent did not start ({path}); start it with moscowtime-agent &", ["path": agent]))
        }
    }

    /// Starts `path` as a daemon through GLib's spawn: in its own session (setsid), with stdio on
    /// /dev/null and every other descriptor closed, in `/` (as D-Bus activation starts it), and
    /// not our child (GLib forks twice). It outlives this command, and a caller capturing our
    /// output, or a pipe a panel script handed us, is not held open for the agent's lifetime.
    private static func spawnDetached(_ path: String) -> Bool {
        let flags = GSpawnFlags(
            G_SPAWN_STDIN_FROM_DEV_NULL.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
        var argv: [UnsafeMutablePointer<gchar>?] = [g_strdup(path), nil]
        defer { g_free(argv[0]) }
        return g_spawn_async("/", &argv, nil, flags, { _ in _ = setsid() }, nil, nil, nil) != 0
    }
}
