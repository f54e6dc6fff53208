// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import Testing

/// Every kind of bad input: exit 2, one line on stderr that names the problem, nothing on stdout,
/// and the store byte-for-byte as it was (still absent when there was none).
@Suite(
    .timeLimit(.minutes(2)),
    .enabled(if: CLIRig.binaryExists, "agent-cli must be built next to the test binary (or set MOSCOWTIME_BIN_DIR)"))
struct BadInputTests {
    /// A store with alarms whose ids share prefixes (`abcd…`), a past one-time alarm and a timer.
    static let seeded = StoreText.document([
        StoreText.alarm(id: "abcd0001", label: "Первый", schedule: StoreText.weekly("07:30")),
        StoreText.alarm(id: "abcd0002", label: "Второй", schedule: StoreText.weekly("08:30", ["sat", "sun"])),
        StoreText.alarm(id: "5eed0003", label: "Прошлое", enabled: false, schedule: StoreText.once("2026-11-02", "09:00")),
        StoreText.alarm(id: "71e70004", label: "Таймер", schedule: StoreText.timer(at: "2026-11-21T12:10:00Z", seconds: 600)),
        StoreText.alarm(id: "d0b10005", label: "Дубль", schedule: StoreText.weekly("06:00")),
        StoreText.alarm(id: "d0b20006", label: "Дубль", schedule: StoreText.weekly("06:30")),
    ])

    struct Case: CustomTestStringConvertible, Sendable {
        let args: [String]
        /// Text the message must contain (it names the problem).
        let names: String
        /// Needs the seeded alarms to be meaningful.
        var needsStore = false
        var env: [String: String] = [:]
        var testDescription: String {
            args.map { $0.count > 40 ? "<\($0.count) chars>" : $0 }.joined(separator: " ") + (env.isEmpty ? "" : " \(env)")
        }
    }

    static let cases: [Case] = [
        // times
        Case(args: ["add", "25:61"], names: "invalid time \"25:61\""),
        Case(args: ["add", "7:5"], names: "invalid time \"7:5\""),
        Case(args: ["add", "24:00"], names: "invalid time"),
        // A sign is not part of a time: Int() would read "-0:30" as 00:30 and "+7:30" as 07:30.
        Case(args: ["add", "--", "-0:30"], names: "invalid time \"-0:30\": expected HH:MM"),
        Case(args: ["add", "+7:30"], names: "invalid time \"+7:30\": expected HH:MM"),
        Case(args: ["edit", "x", "--time", "+7:30"], names: "invalid time \"+7:30\""),
        Case(args: ["pause", "--until=-1:00"], names: "invalid time \"-1:00\""),
        Case(args: ["add", "seven"], names: "invalid time \"seven\""),
        Case(args: ["add"], names: "Missing expected argument '<time>'"),
        // days, dates, intervals
        Case(args: ["add", "7:30", "--days", "xyz"], names: "unknown day \"xyz\""),
        Case(args: ["add", "7:30", "--days", "пн,чудо"], names: "unknown day \"чудо\""),
        Case(args: ["add", "7:30", "--days", ""], names: "no days given"),
        Case(args: ["add", "7:30", "--once", "2020-01-01"], names: "is in the past"),
        Case(args: ["add", "7:30", "--once", "today"], names: "2026-11-21 07:30 (Europe/Moscow) is in the past"),
        Case(args: ["add", "7:30", "--once", "yesterday"], names: "is in the past"),
        Case(args: ["add", "7:30", "--once", "2026-02-30"], names: "invalid date \"2026-02-30\""),
        Case(args: ["add", "7:30", "--once", "31-12-2026"], names: "invalid date \"31-12-2026\""),
        Case(args: ["add", "7:30", "--once", "tomorrow", "--days", "mon"], names: "choose one of --days, --once and --every"),
        Case(args: ["add", "7:30", "--every", "2", "--days", "mon"], names: "choose one of --days, --once and --every"),
        Case(args: ["add", "7:30", "--every", "0"], names: "invalid --every 0"),
        Case(args: ["add", "7:30", "--every", "3651"], names: "invalid --every 3651"),
        Case(args: ["add", "7:30", "--every", "two"], names: "'two' is invalid for '--every"),
        // A negative number is a value out of range, not a missing one (issue 36).
        Case(args: ["add", "7:30", "--every", "-1"], names: "invalid --every -1: expected a number of days from 1 to 3650"),
        Case(args: ["add", "7:30", "--snooze", "-5"], names: "invalid --snooze -5: expected minutes from 1 to 120"),
        Case(args: ["snooze", "--minutes", "-1"], names: "invalid --minutes -1: expected 1 to 120"),
        Case(args: ["skip", "abcd0001", "--count", "-2"], names: "invalid --count -2: expected a number from 1 to 100", needsStore: true),
        Case(args: ["next", "--count", "-1"], names: "invalid --count -1: expected 1 to 1000"),
        Case(args: ["habit", "show", "x", "--entries", "-1"], names: "invalid --entries -1: expected 0 to 10000"),
        Case(args: ["habit", "done", "x", "--amount", "-1"], names: "invalid amount \"-1\": expected a number from 0 to 1000000"),
        Case(args: ["habit", "add", "Y", "--numeric", "--target", "-3"], names: "invalid target \"-3\""),
        Case(args: ["habit", "add", "Y", "--every", "-3"], names: "invalid --every \"-3\": expected a number of days from 1 to 365"),
        Case(args: ["habit", "add", "Y", "--per-week", "-1"], names: "invalid --per-week \"-1\": expected 1 to 7 days a week"),
        Case(args: ["habit", "add", "Y", "--times-in", "-1/5"], names: "invalid --times-in \"-1/5\""),
        // A habit's days are an alarm's days (issue 36): 9999-12-31 was exported as DTSTART:00000000.
        Case(
            args: ["habit", "add", "Y", "--start", "9999-12-31"],
            names: "invalid --start 9999-12-31: expected a date from 2000-01-01 to 2199-12-31"),
        Case(
            args: ["habit", "add", "Y", "--start", "0001-01-01"],
            names: "invalid --start 0001-01-01: expected a date from 2000-01-01 to 2199-12-31"),
        Case(args: ["habit", "edit", "x", "--start", "2200-01-01"], names: "invalid --start 2200-01-01"),
        Case(args: ["add", "7:30", "--from", "tomorrow"], names: "--from goes with --every"),
        Case(args: ["add", "7:30", "--every", "2", "--from", "someday"], names: "invalid date \"someday\""),
        // labels
        Case(args: ["add", "7:30", "--label", ""], names: "invalid label: it must not be empty"),
        Case(args: ["add", "7:30", "--label", "   "], names: "invalid label: it must not be empty"),
        Case(args: ["add", "7:30", "--label", String(repeating: "Я", count: 10_000)], names: "10000 characters long; at most 200"),
        Case(args: ["add", "7:30", "--label", "two\nlines"], names: "control characters"),
        Case(args: ["timer", "5m", ""], names: "invalid label"),
        Case(args: ["edit", "abcd0001", "--label", String(repeating: "x", count: 201)], names: "201 characters long", needsStore: true),
        // snooze and sound
        Case(args: ["add", "7:30", "--snooze", "0"], names: "invalid --snooze 0"),
        Case(args: ["add", "7:30", "--snooze", "121"], names: "invalid --snooze 121"),
        Case(args: ["add", "7:30", "--snooze", "soon"], names: "'soon' is invalid for '--snooze"),
        Case(args: ["timer", "5m", "--snooze", "-1"], names: "--snooze"),
        Case(args: ["add", "7:30", "--sound", "/no/such/file.oga"], names: "sound file \"/no/such/file.oga\" does not exist"),
        Case(args: ["add", "7:30", "--sound", "bad sound!"], names: "invalid sound"),
        Case(args: ["add", "7:30", "--sound", "/dev/zero"], names: "sound file \"/dev/zero\" cannot be used: it is a character device"),
        Case(args: ["timer", "5m", "--sound", "/tmp"], names: "sound file \"/tmp\" cannot be used: it is a folder, not a regular file"),
        // hostile text is quoted visibly on one line
        Case(args: ["timer", "5\u{1b}[2Jm"], names: "invalid duration \"5\\x1b[2Jm\""),
        Case(args: ["add", "7:30\nrm -rf"], names: "invalid time \"7:30\\nrm -rf\""),
        // a pause is at most 31 days (checked before the agent is reached)
        Case(args: ["pause", "--for", "999999h"], names: "a pause lasts at most 31 days"),
        Case(args: ["pause", "--for", "745h"], names: "a pause lasts at most 31 days"),
        // durations
        Case(args: ["timer", "5x"], names: "invalid duration \"5x\""),
        Case(args: ["timer", "0m"], names: "invalid duration \"0m\""),
        Case(
            args: ["timer", "-5m"],
            // not "-5m" read as an option
            names: "invalid duration \"-5m\": a timer counts forward from now; expected a positive duration such as 90s, 25m or 1h30m"),
        Case(args: ["timer", "h"], names: "invalid duration \"h\""),
        Case(args: ["timer", "200h"], names: "a timer runs from 1 second to 7 days"),
        Case(args: ["timer", ""], names: "invalid duration \"\""),
        Case(args: ["timer"], names: "Missing expected argument '<duration>'"),
        // alarm references
        Case(args: ["rm", "ffffffff"], names: "no alarm \"ffffffff\""),
        Case(args: ["rm", "abcd0001", "ffffffff"], names: "no alarm \"ffffffff\"", needsStore: true),
        Case(args: ["rm", "abcd"], names: "id prefix \"abcd\" is ambiguous (abcd0001, abcd0002)", needsStore: true),
        Case(args: ["rm", "Дубль"], names: "2 alarms are labelled \"Дубль\"", needsStore: true),
        Case(args: ["rm"], names: "Missing expected argument '<alarm> ...'"),
        Case(args: ["show", "abcd"], names: "is ambiguous", needsStore: true),
        Case(args: ["show", "nobody"], names: "no alarm \"nobody\""),
        Case(args: ["edit", "abcd", "--time", "8:00"], names: "is ambiguous", needsStore: true),
        Case(args: ["edit", "ffffffff", "--time", "8:00"], names: "no alarm \"ffffffff\""),
        Case(args: ["edit", "abcd0001"], names: "nothing to change"),
        Case(args: ["edit", "abcd0001", "--time", "7:5"], names: "invalid time \"7:5\""),
        Case(args: ["edit", "71e70004", "--time", "8:00"], names: "a timer has no time of day", needsStore: true),
        Case(args: ["edit", "abcd0001", "--once", "2026-11-01"], names: "is in the past", needsStore: true),
        Case(args: ["enable", "ffffffff"], names: "no alarm \"ffffffff\""),
        Case(args: ["enable", "5eed0003"], names: "which has passed", needsStore: true),
        Case(args: ["disable", "abcd"], names: "is ambiguous", needsStore: true),
        Case(args: ["disable"], names: "Missing expected argument '<alarm> ...'"),
        // next
        Case(args: ["next", "--count", "0"], names: "invalid --count 0"),
        Case(args: ["next", "--count", "1001"], names: "invalid --count 1001"),
        Case(args: ["next", "--count", "-3"], names: "--count"),
        Case(args: ["next", "--count", "many"], names: "'many' is invalid for '--count"),
        // settings
        Case(args: ["settings", "zone", "Mars/Olympus"], names: "unknown time zone \"Mars/Olympus\""),
        Case(args: ["settings", "zone", "UTC+3"], names: "unknown time zone \"UTC+3\""),
        Case(args: ["settings", "zone", "/etc/passwd"], names: "unknown time zone \"/etc/passwd\""),
        Case(args: ["settings", "zone", ""], names: "unknown time zone \"\""),
        Case(args: ["settings", "snooze", "0"], names: "invalid value \"0\" for snooze"),
        Case(args: ["settings", "ring-minutes", "many"], names: "invalid value \"many\" for ring-minutes"),
        Case(args: ["settings", "language", "de"], names: "invalid language \"de\""),
        Case(args: ["settings", "ramp", "11m"], names: "invalid ramp \"11m\": expected a duration from 0 (off) to 10m"),
        Case(args: ["settings", "ramp", "loud"], names: "invalid ramp \"loud\""),
        Case(args: ["add", "07:00", "--ramp", "601s"], names: "invalid ramp \"601s\""),
        Case(args: ["timer", "5m", "Tea", "--ramp", "1h"], names: "invalid ramp \"1h\""),
        Case(args: ["settings", "colour", "red"], names: "unknown setting \"colour\""),
        Case(args: ["settings", "colour"], names: "unknown setting \"colour\""),
        // habits: every value is a type, checked as it is parsed; the rules between options in validate()
        Case(args: ["habit", "done", "X", "--date", "someday"], names: "invalid date \"someday\": expected YYYY-MM-DD"),
        Case(args: ["habit", "skip", "X", "--date", "2026-02-30"], names: "invalid date \"2026-02-30\""),
        Case(args: ["habit", "undo", "X", "--date", "вчерашний"], names: "invalid date \"вчерашний\""),
        Case(args: ["habit", "stats", "--as-of", "later"], names: "invalid date \"later\""),
        Case(args: ["habit", "show", "X", "--as-of", "1.1.2026"], names: "invalid date \"1.1.2026\""),
        Case(args: ["habit", "add", "X", "--start", "soon"], names: "invalid date \"soon\""),
        Case(
            args: ["habit", "done", "X", "--amount", "3 glasses"],
            names: "invalid amount \"3 glasses\": expected a number from 0 to 1000000"),
        Case(args: ["habit", "done", "X", "--amount=-1"], names: "invalid amount \"-1\""),
        Case(args: ["habit", "add", "X", "--numeric", "--target", "0"], names: "invalid target \"0\": expected a number above 0"),
        Case(
            args: ["habit", "add", "X", "--numeric", "--target", "8", "--target-per", "week"],
            names: "invalid --target-per \"week\": expected day or period"),
        Case(args: ["habit", "add", "X", "--per-week", "8"], names: "invalid --per-week \"8\": expected 1 to 7 days a week"),
        Case(args: ["habit", "add", "X", "--per-month", "31"], names: "invalid --per-month \"31\""),
        Case(args: ["habit", "add", "X", "--every", "366"], names: "invalid --every \"366\""),
        Case(args: ["habit", "add", "X", "--times-in", "6/5"], names: "invalid --times-in \"6/5\": expected X/Y"),
        Case(args: ["habit", "add", "X", "--days", "funday"], names: "unknown day \"funday\""),
        Case(args: ["habit", "add", "X", "--daily", "--per-week", "2"], names: "choose one of --daily, --days"),
        Case(
            args: ["habit", "add", "X", "--numeric", "--target", "2", "--at-most", "--at-least"],
            names: "choose one of --at-most and --at-least"),
        Case(args: ["template", "apply", "pomodoro", "--at", "+7:30"], names: "invalid time \"+7:30\""),
        Case(args: ["snooze", "--minutes", "0"], names: "invalid --minutes 0: expected 1 to 120"),  // before the agent is asked
        // commands and options
        Case(args: ["frobnicate"], names: "frobnicate"),
        Case(args: ["--bogus"], names: "Unknown option '--bogus'"),
        Case(args: ["add", "7:30", "--bogus"], names: "Unknown option '--bogus'"),
        Case(args: ["list", "extra"], names: "Unexpected argument 'extra'"),
        Case(args: ["list"], names: "MOSCOWTIME_NOW=yesterday is not an ISO 8601 instant", env: ["MOSCOWTIME_NOW": "yesterday"]),
        Case(args: ["add", "7:30"], names: "MOSCOWTIME_NOW=", env: ["MOSCOWTIME_NOW": "2026-11-21 12:00"]),
    ]

    func check(_ c: Case, rig: CLIRig, seeded: Bool) {
        let before = rig.storeBytes()
        let r = rig.run(c.args, env: c.env)
        #expect(r.status == 2, "\(c.testDescription): \(r)")
        #expect(r.out.isEmpty, "\(c.testDescription): \(r)")
        #expect(r.err.hasPrefix("agent-cli: "), "\(c.testDescription): \(r)")
        #expect(r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1, "not a single line: \(r.err)")
        if seeded || !c.needsStore {
            #expect(r.err.contains(c.names), "\(c.testDescription): \(r.err)")
        }
        #expect(rig.storeBytes() == before, "\(c.testDescription) changed the store")
        if before == nil { #expect(!CLIRig.exists(rig.storePath)) }
    }

    @Test(arguments: cases)
    func refusedWithTheStoreUntouched(_ c: Case) {
        let rig = CLIRig()
        rig.writeStore(Self.seeded)
        check(c, rig: rig, seeded: true)
        // And again without any store: it stays absent.
        let empty = CLIRig()
        check(c, rig: empty, seeded: false)
    }

    /// Values are checked while the arguments are parsed, before the store is read: with a damaged
    /// store, a bad value still gets its own message and exit 2, not the store's exit 1.
    @Test(arguments: [
        (["habit", "done", "X", "--date", "someday"], "invalid date \"someday\""),
        (["habit", "done", "X", "--amount", "lots"], "invalid amount \"lots\""),
        (["add", "7:30", "--once", "someday"], "invalid date \"someday\""),
        (["add", "7:30", "--every", "0"], "invalid --every 0"),
        (["add", "7:30", "--snooze", "500"], "invalid --snooze 500"),
        (["settings", "zone", "right/Europe/Berlin"], "right/Europe/Berlin"),
        (["habit", "edit", "X", "--target-per", "week"], "invalid --target-per \"week\""),
        (["habit", "add", "X", "--remind", "25:00"], "invalid reminder time \"25:00\""),
        (["timer", "200h"], "a timer runs from 1 second to 7 days"),
    ])
    func valuesAreCheckedBeforeTheStoreIsRead(_ args: [String], _ names: String) {
        let rig = CLIRig()
        rig.writeStore("{ damaged")
        let r = rig.run(args)
        #expect(r.status == 2 && r.err.contains(names), "\(args): \(r)")
        #expect(rig.run(["list"]).status == 1)  // the store is indeed damaged
    }

    @Test func seededStoreIsValid() throws {
        let rig = CLIRig()
        rig.writeStore(Self.seeded)
        #expect(try rig.load().alarms.count == 6)
        #expect(rig.run("list").status == 0)
        #expect(rig.run("show", "abcd0").status == 2)  // still ambiguous at five digits
        #expect(rig.run("show", "abcd0001").status == 0)
    }

    /// Random junk arguments never crash: exit 0 or 2, and a failure leaves the store alone.
    @Test func randomArgumentsNeverCrashOrCorrupt() throws {
        let rig = CLIRig()
        rig.writeStore(Self.seeded)
        var rng = SystemRandomNumberGenerator()
        // The alarm commands (the agent-control ones answer 3 when no agent runs).
        let commands = ["add", "timer", "rm", "edit", "show", "next", "enable", "disable", "settings", "list"]
        let words = [
            "--days", "--once", "--every", "--label", "--snooze", "--count", "--json", "--time", "add",
            "7:30", "25:61", "пн", "abcd", "abcd0001", "tomorrow", "0", "-1", "99999999999", "", "💥", "zone", "snooze", "5m",
        ]
        for _ in 0..<40 {
            let args =
                [commands.randomElement(using: &rng)!]
                + (0..<Int.random(in: 0...4, using: &rng)).map { _ in words.randomElement(using: &rng)! }
            let before = rig.storeBytes()
            let r = rig.run(args)
            #expect(r.status == 0 || r.status == 2, "\(args): \(r)")
            if r.status == 2 {
                #expect(rig.storeBytes() == before, "\(args) failed but changed the store")
                #expect(r.err.filter { $0 == "\n" }.count == 1, "\(args): \(r.err)")
            }
            // Whatever happened, the store on disk still loads.
            #expect(throws: Never.self, "\(args) left a store that does not load") { _ = try rig.load() }
        }
    }
}
