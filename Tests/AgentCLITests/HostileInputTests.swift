// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import TestSupport
import Testing

/// Hostile files and a fuzz of the command line. The properties: the exit status is one of the
/// documented ones (0, 1, 2, 3), no crash (signal) and no hang, errors are one safe line, and a
/// refused command leaves the store byte-for-byte as it was.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: CLIRig.binaryExists, "agent-cli must be built next to the test binary (or set MOSCOWTIME_BIN_DIR)"))
struct HostileInputTests {
    /// Runs agent-cli under `timeout -s KILL`: a hang shows as exit 137 instead of stalling the suite.
    static func run(_ rig: CLIRig, _ args: [String], seconds: Int = 10) -> CLIRig.Result {
        let out = rig.root + "/.fz-\(UInt32.random(in: 0 ... .max))"
        let err = out + "-err"
        defer {
            unlink(out)
            unlink(err)
        }
        guard
            let pid = CLIRig.spawn(
                ["/usr/bin/timeout", "-s", "KILL", String(seconds), CLIRig.binary] + args,
                env: rig.environment, stdout: out, stderr: err)
        else {
            return CLIRig.Result(status: -1, out: "", err: "cannot start")
        }
        let status = CLIRig.wait(pid)
        return CLIRig.Result(
            status: status.exited ? status.code : 128 + status.code,
            out: String(decoding: CLIRig.read(out) ?? [], as: UTF8.self),
            err: String(decoding: CLIRig.read(err) ?? [], as: UTF8.self))
    }

    @Test(arguments: ["store.json", "store.json.lock"])
    func aFIFOAmongTheDataFilesIsRefusedAtOnce(name: String) throws {
        let rig = CLIRig()
        #expect(rig.run("add", "7:30").status == 0)
        let path = rig.dataDirectory + "/" + name
        let before = CLIRig.read(rig.storePath)
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        for args in [["add", "8:00"], ["timer", "5m"]] + (name == "store.json" ? [["list"], ["next"]] : []) {
            let r = Self.run(rig, args, seconds: 5)
            #expect(r.status == 1, "\(args): \(r)")
            #expect(r.err.contains("named pipe (FIFO)") && r.err.split(separator: "\n").count == 1, "\(r)")
        }
        if name != "store.json" { #expect(CLIRig.read(rig.storePath) == before) }
    }

    @Test func soundFilesThatWouldHangOrBloatTheAgentAreRefused() throws {
        let rig = CLIRig()
        let fifo = rig.root + "/a.oga"
        let big = rig.root + "/big.oga"
        #expect(mkfifo(fifo, 0o600) == 0)
        CLIRig.write(big, [0])
        #expect(truncate(big, 2 << 30) == 0)
        for (path, says) in [
            (fifo, "named pipe (FIFO)"), (big, "2147483648 bytes"), ("/dev/zero", "character device"), (rig.root, "folder"),
        ] {
            let r = Self.run(rig, ["timer", "2s", "T", "--sound", path], seconds: 5)
            #expect(r.status == 2 && r.err.contains(says) && r.out.isEmpty, "\(path): \(r)")
        }
        #expect(!CLIRig.exists(rig.storePath))
        let ok = rig.root + "/ok.oga"
        // An Ogg page whose first packet is Vorbis's identification header (what the check reads).
        CLIRig.write(
            ok,
            Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 30] + Array("\u{01}vorbis".utf8) + [UInt8](repeating: 0, count: 23))
        #expect(Self.run(rig, ["timer", "2s", "T", "--sound", ok]).status == 0)
    }

    /// Pieces hostile arguments are made of: control and escape characters, bidi overrides, huge and
    /// negative numbers, overlong text, paths to special files.
    static let hostile: [String] = [
        "", " ", "\u{1b}[2J", "\u{1b}]0;owned\u{7}", "a\nb", "\r", "\t", "\u{9b}31m", "\u{202e}txt", "\u{7f}",
        "9223372036854775807", "-9223372036854775808", "18446744073709551616", "999999h", "99999999999999999999m",
        "1e308", "NaN", "-1", "0", "00:00", "23:59", "24:00", "99:99", "7:30", "2026-02-29", "9999-12-31", "0000-01-01",
        String(repeating: "я", count: 5000), String(repeating: "9", count: 400), "/dev/zero", "/dev/stdin", "/proc/self/mem",
        "/", "/etc/shadow", "../../etc/passwd", "%s%n%x", "{id}{label}", "\"", "'", "\\", "--", "-", "--help", "ёЁ🙂",
        "mon-sun", "пн-вс", "weekdays", "tomorrow", "1h", "90s", "7d", "abcd", "*", "?",
        "/tmp/\u{1b}[2J\u{7}\r\u{9b}.ics", "http://exa\u{1b}]0;owned\u{7}mple.org/dav/", "https://\u{202e}evil/\r",
    ]
    static let verbs: [[String]] = [
        ["add"], ["timer"], ["edit", "abcd0001"], ["rm"], ["enable"], ["disable"], ["show"], ["list"], ["next", "--count"],
        ["settings"], ["settings", "snooze"], ["settings", "zone"], ["settings", "late-window"], ["pause", "--for"],
        ["pause", "--until"], ["snooze", "--minutes"], ["stop"], ["habit", "add"], ["habit", "done"], ["habit", "stats"],
        ["habit", "import"], ["template", "apply"], ["template", "show"], ["now"], ["autostart", "status", "--method"],
        ["import"], ["import", "--dry-run"], ["sync", "setup"],
    ]
    static let options = [
        "--days", "--once", "--every", "--from", "--label", "--snooze", "--sound", "--time", "--count",
        "--minutes", "--amount", "--remind", "--target", "--at", "--json", "--date",
    ]

    @Test(.timeLimit(.minutes(5)), .tags(.slow), .fullTierOnly)
    func fuzzedCommandsExitAsDocumentedAndNeverChangeDataWhenRefused() throws {
        let rig = CLIRig()
        rig.writeStore(
            StoreText.document([
                StoreText.alarm(id: "abcd0001", label: "Первый", schedule: StoreText.weekly("07:30")),
                StoreText.alarm(id: "abcd0002", label: "Второй", schedule: StoreText.timer(at: "2026-11-21T12:10:00Z", seconds: 600)),
            ]))
        var rng = SplitMix(seed: 0x5EED_CAFE)
        var counts = [Int32: Int]()
        for _ in 0..<200 {
            var args = Self.verbs[Int(rng.next() % UInt64(Self.verbs.count))]
            for _ in 0..<Int(rng.next() % 4) {
                if rng.next() % 3 == 0 { args.append(Self.options[Int(rng.next() % UInt64(Self.options.count))]) }
                args.append(Self.hostile[Int(rng.next() % UInt64(Self.hostile.count))])
            }
            let before = rig.storeBytes()
            let r = Self.run(rig, args)
            counts[r.status, default: 0] += 1
            #expect([0, 1, 2, 3].contains(r.status), "\(args.map(TerminalText.oneLine)): \(r)")
            // Whatever the outcome, text from the arguments never drives the terminal.
            #expect(
                !(r.out + r.err).unicodeScalars.contains { $0 != "\n" && $0 != "\t" && TerminalText.needsEscape($0) },
                "raw control character: \(args.map(TerminalText.oneLine)): \(TerminalText.oneLine(r.out + r.err))")
            if r.status != 0 {
                #expect(rig.storeBytes() == before, "refused, yet the store changed: \(args.map(TerminalText.oneLine))")
                let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(
                    lines.count == 2 && lines[0].hasPrefix("agent-cli: ") && lines[1].isEmpty,
                    "not one line: \(args.map(TerminalText.oneLine)): \(TerminalText.oneLine(r.err))")
                #expect(
                    !r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0 == "\r" },
                    "raw escape in: \(TerminalText.oneLine(r.err))")
            }
        }
        // The commands that quote outside text back, each with each hostile piece: no raw control character.
        for verb in [["import"], ["import", "--dry-run"], ["sync", "setup"], ["settings", "zone"], ["habit", "import"]] {
            for piece in Self.hostile.filter({ $0.unicodeScalars.contains(where: TerminalText.needsEscape) }) {
                let r = Self.run(rig, verb + [piece])
                #expect(
                    !(r.out + r.err).unicodeScalars.contains { $0 != "\n" && $0 != "\t" && TerminalText.needsEscape($0) },
                    "raw control character: \((verb + [piece]).map(TerminalText.oneLine)): \(TerminalText.oneLine(r.out + r.err))")
            }
        }
        // The fuzz reached both outcomes. Its time is bounded by the suite's time limit and by
        // `timeout -s KILL` per command (about 20 s on the project's 2-core machine under load).
        #expect((counts[2] ?? 0) > 40 && (counts[0] ?? 0) > 5, "\(counts)")
    }
}
