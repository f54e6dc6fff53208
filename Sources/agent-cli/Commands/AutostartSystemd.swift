// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCore

/// `systemctl --user`, run as a child process. `MOSCOWTIME_SYSTEMCTL` names another program with the
/// same interface (the tests use a fake that records its calls).
struct SystemdUser {
    let systemctl: String
    let environment: [String: String]

    init(environment: [String: String]) {
        self.environment = environment
        systemctl = environment["MOSCOWTIME_SYSTEMCTL"].flatMap { $0.isEmpty ? nil : $0 } ?? "systemctl"
    }

    struct Result { let status: Int32; let output: String }

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
        var fragment = "", state = ""
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
            throw CLIFailure("systemctl --user {value} failed: {said}", ["value": "\(args.joined(separator: " "))", "said": "\(said)"], status: .failure)
        }
    }
}

/// posix_spawn with stdout and stderr captured together, stdin from /dev/null.
enum Subprocess {
    static func run(_ argv: [String]) -> SystemdUser.Result? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return SystemdUser.Result(status: exit, output: String(decoding: bytes, as: UTF8.self))
    }
}
