// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import MoscowTimeCore

/// Runs the built `agent-cli` (next to this test binary) in a private XDG directory, with "now"
/// pinned by MOSCOWTIME_NOW, and captures its output and exit status.
final class HabitCLISandbox {
    struct Result {
        let status: Int32
        let out: String
        let err: String
    }

    let root: String
    var now = "2026-11-21T09:00:00Z" // Saturday 12:00 in Moscow

    init() {
        var template = Array("/tmp/habit-cli-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { _ = Self.spawn(["/bin/rm", "-rf", root], env: [:], in: "/tmp") }

    var storePath: String { root + "/data/moscowtime/store.json" }

    static let binary: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[0..<max(0, n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/agent-cli"
    }()

    @discardableResult
    func run(_ args: String..., env extra: [String: String] = [:]) -> Result {
        var env = ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state",
                   "MOSCOWTIME_NOW": now, "LANG": "C", "PATH": "/usr/bin:/bin"]
        env.merge(extra) { _, new in new }
        return Self.spawn([Self.binary] + args, env: env, in: root)
    }

    func storeBytes() -> [UInt8]? { Self.read(storePath) }

    func write(_ relative: String, _ text: String) {
        let path = root + "/" + relative
        let dir = String(path[..<path.lastIndex(of: "/")!])
        _ = Self.spawn(["/bin/mkdir", "-p", dir], env: [:], in: root)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The JSON a command printed.
    func json(_ args: String...) throws -> JSONValue {
        let r = Self.spawn([Self.binary] + args, env: ["HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state",
                                                        "MOSCOWTIME_NOW": now, "LANG": "C"], in: root)
        return try JSONParser.parse(r.out)
    }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static func spawn(_ argv: [String], env: [String: String], in dir: String) -> Result {
        let out = dir + "/.stdout-\(UInt32.random(in: 0 ... .max))", err = out + "-err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in cArgs + cEnv { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv) == 0 else {
            return Result(status: -1, out: "", err: "cannot start \(argv[0])")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        defer { unlink(out); unlink(err) }
        return Result(status: (status >> 8) & 0xFF,
                      out: String(decoding: read(out) ?? [], as: UTF8.self),
                      err: String(decoding: read(err) ?? [], as: UTF8.self))
    }
}
