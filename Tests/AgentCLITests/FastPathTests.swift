// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import TestSupport
import Testing

/// agent-cli runs a few exact argument vectors without swift-argument-parser (`FastPath`): each of
/// them, and the vectors next to them, gives byte for byte the same output, errors, exit status and
/// store as the full parse (`MOSCOWTIME_CLI_FULL_PARSE=1`), in English and in Russian.
struct FastPathTests {
    static let full = ["MOSCOWTIME_CLI_FULL_PARSE": "1"]

    /// The fast vectors and their neighbours (which the full parse takes either way).
    static let vectors: [[String]] = [
        ["--version"], ["list"], ["list", "--json"], ["status"], ["status", "--json"], ["next"], ["next", "--json"],
        ["habit", "done", "Read"], ["habit", "done", "Вода 💧"], ["habit", "done", "Nope"], ["habit", "done", "help"],
        ["habit", "done", "re"], ["habit", "done", " Read"], ["habit", "done", "--help"], ["habit", "done", "-"],
        ["habit", "done", ""], ["habit", "done"], ["habit", "done", "Read", "--note", "x"], ["habit", "done", "--", "-x"],
        ["--version", "list"], ["list", "--version"], ["list", "--json", "--json"], ["list", "--jso"], ["list", "json"],
        ["list", "--help"], ["list", "-h"], ["list", "--"], ["next", "--count", "3"], ["next", "--json", "x"],
        ["status", "--json", "--json"], ["habit", "list"], ["help"], ["help", "list"], ["-h"], ["--help"], [],
        ["--generate-completion-script", "bash"], ["LIST"], ["list "], ["--Version"], ["-v"],
    ]

    /// A store with alarms and habits (one counted), so that each command has something to say.
    static func rig(language: String?) -> CLIRig {
        let rig = CLIRig()
        #expect(rig.run("add", "07:30", "--label", "Подъём", "--days", "mon-fri").status == 0)
        #expect(rig.run("add", "22:00", "--label", "Сон").status == 0)
        #expect(rig.run("habit", "add", "Read").status == 0)
        #expect(rig.run("habit", "add", "Вода 💧", "--numeric", "--unit", "стаканов", "--target", "8").status == 0)
        #expect(rig.run("habit", "add", "Rest").status == 0)
        if let language { #expect(rig.run("settings", "language", language).status == 0) }
        return rig
    }

    @Test(
        "the fast vectors and their neighbours: the same as the full parse", .tags(.slow), .fullTierOnly,
        arguments: [
            ("C", nil), ("ru_RU.UTF-8", nil), ("C", "ru"),
        ] as [(String, String?)])
    func sameAsFullParse(lang: String, language: String?) throws {
        let rig = Self.rig(language: language)
        rig.lang = lang
        for args in Self.vectors {
            let before = try #require(rig.storeBytes())
            let fast = rig.run(args)
            let fastStore = rig.storeBytes()
            rig.writeStore(String(decoding: before, as: UTF8.self))
            let full = rig.run(args, env: Self.full)
            #expect(fast.status == full.status, "\(args)")
            #expect(fast.out == full.out, "\(args)")
            #expect(fast.err == full.err, "\(args)")
            #expect(fastStore == rig.storeBytes(), "\(args)")
        }
    }

    @Test("the fast vectors do what they say")
    func fastVectorsWork() throws {
        let rig = Self.rig(language: nil)
        #expect(rig.run("--version").out.utf8.count > 1)
        #expect(rig.run("list").out.contains("Подъём"))
        #expect(try rig.json("list", "--json").arrayValue?.count == 2)
        #expect(try rig.json("next", "--json").arrayValue?.count == 5)
        let done = rig.run("habit", "done", "Вода 💧")
        #expect(done.status == 0 && done.out.hasPrefix("Вода 💧, 2026-11-21: "), "\(done)")
        #expect(try rig.load().habits.first { $0.name == "Вода 💧" }?.entry(on: CivilDate(year: 2026, month: 11, day: 21)!) != nil)
        let missing = rig.run("habit", "done", "Nope")
        #expect(missing.status != 0 && missing.err.hasPrefix("agent-cli: "), "\(missing)")
        #expect(rig.run("status").status == 3)
    }
}
