// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Glibc
import TestEnvironmentSeed
import TestSupport

/// A helper program started by a test (dbus-daemon, python-dbusmock, pulseaudio, parec), without
/// Foundation: plain posix_spawn, so waiting for it never spins a run loop that could run other
/// main-actor work. Always `terminate()` it; it also dies with the test process if a test crashes:
/// setpriv sets PR_SET_PDEATHSIG, and the spawn happens on `SpawnerThread`, a thread that lives as
/// long as the process (the signal follows the *thread* that forked, and under `swift test` the main
/// actor runs on libdispatch workers that come and go).
final class ChildProcess {
    enum Output {
        case null
        case file(String)
        case pipe
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    let arguments: [String]
    private var pipeFD: Int32 = -1
    private(set) var exitStatus: Int32?

    init(_ arguments: [String], environment: [String: String], stdout: Output = .null, stderr: Output = .null) throws {
        self.arguments = arguments
        var command = arguments
        if access("/usr/bin/setpriv", X_OK) == 0 {
            command = ["/usr/bin/setpriv", "--pdeathsig", "TERM", "--"] + arguments
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe:
                if pipeEnds[0] < 0 {
                    // Close-on-exec from the start (pipe2), so that no child another test starts
                    // meanwhile inherits them (dup2 clears it on 1/2).
                    guard g_unix_open_pipe(&pipeEnds, FD_CLOEXEC, nil) != 0 else { throw SpawnError(description: "pipe failed") }
                }
                posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], fd)
            }
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        // The test process has GLib signal handlers and possibly blocked signals: give the child defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for arg in argv { free(arg) }
            for entry in envp { free(entry) }
        }
        var childPID: pid_t = 0
        let rc = SpawnerThread.shared.perform {
            posix_spawnp(&childPID, command[0], &actions, &attributes, argv, envp)
        }
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard rc == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(rc)))")
        }
        pid = childPID
        pipeFD = pipeEnds[0]
    }

    deinit {
        terminate()
        if pipeFD >= 0 { close(pipeFD) }
    }

    /// Reads one line from the piped output, waiting at most `timeoutMs`. Nil on timeout or EOF.
    func readLine(timeoutMs: Int32) -> String? {
        guard pipeFD >= 0 else { return nil }
        var bytes: [UInt8] = []
        let deadline = monotonicMilliseconds() + Int64(timeoutMs)
        while true {
            let left = deadline - monotonicMilliseconds()
            if left <= 0 { return nil }
            var descriptor = pollfd(fd: pipeFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return nil }
            var byte: UInt8 = 0
            let n = read(pipeFD, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitStatus = status
            return false
        }
        return true
    }

    /// Waits for the child to exit by itself; false on timeout (the child keeps running).
    @discardableResult
    func wait(timeoutMs: Int64) -> Bool {
        guard exitStatus == nil else { return true }
        let deadline = monotonicMilliseconds() + timeoutMs
        var status: Int32 = 0
        repeat {
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status
                return true
            }
            usleep(5_000)
        } while monotonicMilliseconds() < deadline
        return false
    }

    /// Sends `signal`, waits up to `graceMs` for the exit, then SIGKILLs. Always reaps.
    func terminate(signal: Int32 = SIGTERM, graceMs: Int64 = 3000) {
        guard exitStatus == nil else { return }
        kill(pid, signal)
        let deadline = monotonicMilliseconds() + graceMs
        var status: Int32 = 0
        while monotonicMilliseconds() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status
                return
            }
            usleep(5_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        exitStatus = status
    }
}

/// The environment a helper program gets: just enough to run, plus the test's private addresses.
func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment: [String: String] = [:]
    for key in [
        "PATH", "HOME", "LANG", "TMPDIR", "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS",
        "PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_COOKIE", "PULSE_CLIENTCONFIG",
    ] {
        // A placeholder (Tests/TestEnvironmentSeed) stands for "not set": the child does not get it.
        guard let value = getenv(key).map({ String(cString: $0) }),
            moscowtime_test_placeholder(key).map({ String(cString: $0) }) != value
        else { continue }
        environment[key] = value
    }
    environment["PATH"] = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for (key, value) in extra { environment[key] = value }
    return environment
}

/// A fresh directory under $TMPDIR (or /tmp).
func makeTemporaryDirectory(_ prefix: String) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: result)
}

/// rm -rf for the temporary directories the tests make (no symlinks followed).
func removeTree(_ path: String) {
    guard path.count > 5, path.hasPrefix("/") else { return }
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree("\(path)/\(name)") }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

func writeFile(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot write \(path)")
    _ = text.withCString { write(fd, $0, strlen($0)) }
    close(fd)
}

func readFileBytes(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        result.append(contentsOf: buffer[0..<n])
    }
    return result
}
