// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCore

/// Asks the installed `moscowtime-wake --check` whether this machine can be woken from suspend
/// (capability present, RTC alarm supported); for `agent-cli status`.
enum WakeCheck {
    static func run(environment: [String: String]) -> WakeHelper.Capability {
        guard let helper = WakeHelper.path(environment: environment, executableDirectory: ResourceLocator.executableDirectory()) else {
            return .unavailable(code: "not-installed", reason: t("the wake helper moscowtime-wake is not installed (make install or the package sets it up)"))
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .unavailable(code: "no-answer", reason: FileSystemText.errno()) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(helper), strdup("--check"), nil]
        defer { for p in argv { free(p) } }
        let spawned = posix_spawn(&pid, helper, &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { return .unavailable(code: "no-answer", reason: t("cannot run {path}", ["path": helper])) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 512)
        while bytes.count < 4096 {
            let n = buf.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return WakeHelper.capability(fromCheckOutput: line)
    }
}

private enum FileSystemText {
    static func errno() -> String { String(cString: strerror(Glibc.errno)) }
}
