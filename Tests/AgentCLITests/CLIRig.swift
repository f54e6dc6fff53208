// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport
import Testing

/// Runs the built `agent-cli` in a private XDG tree with "now" pinned (MOSCOWTIME_NOW), and reads
/// the store it leaves behind.
///
/// The binary: `$MOSCOWTIME_BIN_DIR/agent-cli` when set (scripts/test sets it), else `agent-cli`
/// beside this test binary (`<scratch>/debug/`), which `swift test` builds with every other product
/// before it runs the tests.
final class CLIRig: @unchecked Sendable {
    struct Result: CustomStringConvertible {
        let status: Int32
        let out: String
        let err: String
        var description: String { "exit \(status)\nstdout: \(out)\nstderr: \(err)" }
    }

    let root: String
    var now: String  // default Saturday 2026-11-21, 15:00 in Moscow
    var lang = "C"

    /// `now`: the pinned instant, an ISO 8601 UTC string.
    init(now: String = "2026-11-21T12:00:00Z") {
        self.now = now
        var template = Array("/tmp/mt-cli-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { Self.removeTree(root) }

    var dataDirectory: String { root + "/data/moscowtime" }
    var storePath: String { dataDirectory + "/store.json" }
    var paths: StorePaths { StorePaths(dataDirectory: dataDirectory, stateDirectory: root + "/state/moscowtime") }

    static let binary: String = {
        if let dir = getenv("MOSCOWTIME_BIN_DIR").map({ String(cString: $0) }), !dir.isEmpty { return dir + "/agent-cli" }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[0..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/agent-cli"
    }()

    static var binaryExists: Bool { access(binary, X_OK) == 0 }

    var environment: [String: String] {
        var env = [
            "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state",
            "MOSCOWTIME_NOW": now, "LANG": lang, "PATH": "/usr/bin:/bin",
            // No agent is started after changes here (test_agent_start.py covers that).
            "MOSCOWTIME_NO_AGENT_START": "1",
        ]
        // Where the message catalogues are, if the test run was told.
        for key in ["MOSCOWTIME_LOCALEDIR", "MOSCOWTIME_DATADIR"] {
            if let v = getenv(key) { env[key] = String(cString: v) }
        }
        return env
    }

    @discardableResult
    func run(_ args: String..., env extra: [String: String] = [:]) -> Result { run(args, env: extra) }

    func run(_ args: [String], env extra: [String: String] = [:]) -> Result {
        var env = environment
        env.merge(extra) { _, new in new }
        let out = root + "/.out-\(UInt32.random(in: 0 ... .max))"
        let err = out + "-err"
        defer {
            unlink(out)
            unlink(err)
        }
        guard let pid = Self.spawn([Self.binary] + args, env: env, stdout: out, stderr: err) else {
            return Result(status: -1, out: "", err: "cannot start \(Self.binary)")
        }
        let status = Self.wait(pid, "agent-cli \(args.joined(separator: " "))")
        return Result(
            status: status.exited ? status.code : 128 + status.code,
            out: String(decoding: Self.read(out) ?? [], as: UTF8.self),
            err: String(decoding: Self.read(err) ?? [], as: UTF8.self))
    }

    /// Starts agent-cli without waiting (output discarded); for the concurrency and kill tests.
    func start(_ args: [String]) -> pid_t? {
        Self.spawn([Self.binary] + args, env: environment, stdout: "/dev/null", stderr: "/dev/null")
    }

    /// The JSON a successful command printed.
    func json(_ args: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let r = run(args)
        #expect(r.status == 0, "\(args): \(r)", sourceLocation: sourceLocation)
        return try JSONParser.parse(r.out)
    }

    func storeBytes() -> [UInt8]? { Self.read(storePath) }

    func writeStore(_ text: String) { Self.write(storePath, Array(text.utf8)) }

    /// Writes `text` to `relative` under the rig's root, creating its folders.
    func writeFile(_ relative: String, _ text: String) {
        let path = root + "/" + relative
        _ = Self.runProgram(["/bin/mkdir", "-p", String(path[..<path.lastIndex(of: "/")!])], in: root)
        Self.write(path, Array(text.utf8))
    }

    /// Runs another program (python3, mkdir…) to completion in `directory`, with `env` only.
    static func runProgram(_ argv: [String], env: [String: String] = ["PATH": "/usr/bin:/bin"], in directory: String) -> Result {
        let out = directory + "/.out-\(UInt32.random(in: 0 ... .max))"
        let err = out + "-err"
        defer {
            unlink(out)
            unlink(err)
        }
        guard let pid = spawn(argv, env: env, stdout: out, stderr: err) else {
            return Result(status: -1, out: "", err: "cannot start \(argv[0])")
        }
        let status = wait(pid, argv.joined(separator: " "))
        return Result(
            status: status.exited ? status.code : 128 + status.code,
            out: String(decoding: read(out) ?? [], as: UTF8.self),
            err: String(decoding: read(err) ?? [], as: UTF8.self))
    }

    func load() throws -> StoreDocument { try DocumentStore(paths: paths).load() }

    // MARK: process and file helpers

    struct WaitStatus {
        let exited: Bool
        let code: Int32
    }

    static func spawn(_ argv: [String], env: [String: String], stdout: String, stderr: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else { return nil }
        return pid
    }

    /// How long a program the tests start may run: a hang fails its test, named, instead of
    /// holding the whole run.
    static let waitLimitMilliseconds: Int64 = 120_000

    /// Reaps `pid`; one still running after `waitLimitMilliseconds` is killed and fails the test.
    static func wait(_ pid: pid_t, _ what: @autoclosure () -> String = "a program") -> WaitStatus {
        var status: Int32 = 0
        let deadline = monotonicMilliseconds() + waitLimitMilliseconds
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid || (r < 0 && errno != EINTR) { break }
            if monotonicMilliseconds() > deadline {
                Issue.record("\(what()) (pid \(pid)) still running after \(waitLimitMilliseconds / 1000) s; killed")
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(1_000)
        }
        let signal = status & 0x7F
        return signal == 0 ? WaitStatus(exited: true, code: (status >> 8) & 0xFF) : WaitStatus(exited: false, code: signal)
    }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static func write(_ path: String, _ bytes: [UInt8]) {
        var current = ""
        for part in path.split(separator: "/").dropLast() {
            current += "/" + part
            mkdir(current, 0o700)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot write \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func removeTree(_ path: String) {
        guard let dir = opendir(path) else {
            unlink(path)
            return
        }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var st = stat()
            if lstat(child, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
        }
        closedir(dir)
        rmdir(path)
    }

    /// Monotonic milliseconds.
    static func milliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }

    static func sleep(milliseconds ms: Double) {
        var ts = timespec(tv_sec: Int(ms / 1000), tv_nsec: Int(ms.truncatingRemainder(dividingBy: 1000) * 1e6))
        var rest = timespec()
        while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
    }
}

/// Store documents written directly, for states the CLI cannot create (chosen ids, past alarms).
enum StoreText {
    static func alarm(id: String, label: String = "Alarm", enabled: Bool = true, schedule: String) -> String {
        #"{"id": "\#(id)", "label": "\#(label)", "enabled": \#(enabled), "schedule": \#(schedule), "created": "2026-11-01T00:00:00Z", "modified": "2026-11-01T00:00:00Z"}"#
    }

    static func weekly(_ time: String, _ days: [String] = ["mon", "tue", "wed", "thu", "fri"]) -> String {
        #"{"kind": "weekly", "time": "\#(time)", "days": [\#(days.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
    }

    static func once(_ date: String, _ time: String) -> String { #"{"kind": "once", "time": "\#(time)", "date": "\#(date)"}"# }

    static func timer(at: String, seconds: Int) -> String { #"{"kind": "timer", "at": "\#(at)", "durationSeconds": \#(seconds)}"# }

    static func document(_ alarms: [String], zone: String = "Europe/Moscow") -> String {
        "{\n\"schemaVersion\": 1,\n\"settings\": {\"zone\": \"\(zone)\"},\n\"alarms\": [\n" + alarms.joined(separator: ",\n") + "\n]\n}\n"
    }

    /// `count` alarms of every kind, for the large-store tests.
    static func large(_ count: Int) -> String {
        var alarms: [String] = []
        alarms.reserveCapacity(count)
        for k in 0..<count {
            let hex = String(UInt32(truncatingIfNeeded: k &* 2_654_435_761), radix: 16)
            let id = String(repeating: "0", count: 8 - hex.count) + hex
            let time = "\(k % 14 + 10):\(k % 6)\(k % 10)"
            let schedule: String
            switch k % 4 {
            case 0: schedule = weekly(time)
            case 1: schedule = weekly(time, ["sat", "sun"])
            case 2: schedule = #"{"kind": "every", "time": "\#(time)", "intervalDays": \#(k % 9 + 1), "start": "2026-11-01"}"#
            default: schedule = once("2027-0\(k % 9 + 1)-1\(k % 10)", time)
            }
            alarms.append(alarm(id: id, label: "Будильник №\(k) ☕", schedule: schedule))
        }
        return document(alarms)
    }
}
