// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport
import Testing

/// The store under damage, concurrency and SIGKILL, through the real binary.
@Suite(
    .serialized, .timeLimit(.minutes(3)),
    .enabled(if: CLIRig.binaryExists, "agent-cli must be built next to the test binary (or set MOSCOWTIME_BIN_DIR)"))
struct StoreRobustnessTests {
    @Test(arguments: [
        ("{ \"alarms\": [ ", "not valid JSON"),
        (#"{"alarms": [{"id": "zz"}]}"#, "alarms[0]"),
        (#"{"schemaVersion": 7, "alarms": []}"#, "written by a newer MoscowTime (schema 7"),
    ])
    func damagedStoreExitsOneAndIsLeftAlone(text: String, names: String) {
        let rig = CLIRig()
        rig.writeStore(text)
        for args in [
            ["list"], ["list", "--json"], ["next"], ["show", "abcd"], ["add", "7:30"], ["timer", "5m"],
            ["rm", "abcd"], ["settings", "snooze", "5"], ["settings"], ["now"], ["edit", "abcd", "--time", "8:00"],
        ] {
            let r = rig.run(args)
            #expect(r.status == 1, "\(args): \(r)")
            #expect(r.err.contains(rig.storePath), "\(args): \(r.err)")
            #expect(r.err.contains(names), "\(args): \(r.err)")
            #expect(r.err.filter { $0 == "\n" }.count == 1)
            #expect(r.out.isEmpty)
            #expect(rig.storeBytes() == Array(text.utf8), "\(args) modified a damaged store")
        }
        #expect(!CLIRig.exists(rig.storePath + ".bak"))
        // Invalid input is still reported as such (2) before the store is read.
        #expect(rig.run("add", "25:61").status == 2)
    }

    @Test func fiftyConcurrentAdds() throws {
        let rig = CLIRig()
        var pids: [pid_t] = []
        for k in 0..<50 {
            let pid = try #require(rig.start(["add", "\(k % 24):\(k % 6)0", "--label", "Параллельно \(k)"]))
            pids.append(pid)
        }
        var failures = 0
        for pid in pids {
            let s = CLIRig.wait(pid)
            if !(s.exited && s.code == 0) { failures += 1 }
        }
        #expect(failures == 0)
        let doc = try rig.load()  // valid JSON and a valid document
        #expect(doc.alarms.count == 50)
        #expect(Set(doc.alarms.map(\.id)).count == 50)
        #expect(Set(doc.alarms.map(\.label)) == Set((0..<50).map { "Параллельно \($0)" }))
        let json = try JSONParser.parse(rig.storeBytes() ?? [])
        #expect(json["alarms"]?.arrayValue?.count == 50)
        // Nothing temporary is left behind.
        #expect(CLIRig.entries(rig.dataDirectory) == ["store.json", "store.json.bak", "store.json.lock"])
    }

    /// Starts `add`/`timer` on a large store and SIGKILLs it after a random short delay, many times.
    /// After every kill the store parses and holds either the old or the new number of alarms; a
    /// temporary file left by a killed writer never breaks later writes.
    @Test(.tags(.slow), .fullTierOnly) func killDuringWrite() throws {
        let rig = CLIRig()
        rig.writeStore(StoreText.large(5000))
        var count = try rig.load().alarms.count
        #expect(count == 5000)

        // How long one uninterrupted write takes on this machine (the quickest of three), to spread
        // the kills over it.
        var span = Double.infinity
        for k in 0..<3 {
            let t0 = CLIRig.milliseconds()
            #expect(rig.run("add", "7:30", "--label", "timing \(k)").status == 0)
            span = min(span, CLIRig.milliseconds() - t0)
            count += 1
        }
        span = max(20, span)

        var rng = SystemRandomNumberGenerator()
        var killedBeforeCommit = 0
        var killedAfterCommit = 0
        var exitedNormally = 0
        var leftTemporaryFile = 0
        let kills = 24
        var aim = 0.95
        for k in 0..<kills {
            let args = k % 2 == 0 ? ["add", "6:15", "--label", "kill \(k)"] : ["timer", "\(k + 1)m", "kill \(k)"]
            let pid = try #require(rig.start(args))
            // A third spread over the process's lifetime (reading, deciding); the rest homes in on
            // its end, where the temporary file is written, synced and renamed into place: later
            // after a kill that came too early, earlier after one that came too late.
            let slot = k < kills / 3 ? 0.2 + 0.7 * Double(k) / Double(kills / 3) : aim
            CLIRig.sleep(milliseconds: (slot + Double.random(in: -0.01...0.01, using: &rng)) * span)
            kill(pid, SIGKILL)
            let status = CLIRig.wait(pid)
            let doc: StoreDocument
            do { doc = try rig.load() } catch {
                Issue.record("store unreadable after kill \(k): \(error)")
                return
            }
            #expect(
                doc.alarms.count == count || doc.alarms.count == count + 1,
                "kill \(k): \(doc.alarms.count) alarms, expected \(count) or \(count + 1)")
            if !status.exited {
                if doc.alarms.count == count { killedBeforeCommit += 1 } else { killedAfterCommit += 1 }
            } else {
                exitedNormally += 1
            }
            if k >= kills / 3 { aim = max(0.5, aim + (!status.exited && doc.alarms.count == count ? 0.04 : -0.06)) }
            if CLIRig.entries(rig.dataDirectory).contains(where: { $0.contains(".tmp-") }) { leftTemporaryFile += 1 }
            count = doc.alarms.count
            // The backup, when present, is a complete document too.
            if let bak = CLIRig.read(rig.storePath + ".bak") {
                #expect((try? DocumentCoding.decode(try JSONParser.parse(bak))) != nil, "kill \(k): damaged backup")
            }
        }
        // The kills did land while the processes ran (not all after they finished).
        #expect(killedBeforeCommit + killedAfterCommit > 0, "no kill hit a running process (span \(span) ms)")

        // Later writes work, whatever was left behind.
        let after = rig.run("add", "8:45", "--label", "after the kills")
        #expect(after.status == 0, "\(after)")
        #expect(try rig.load().alarms.count == count + 1)
        #expect(rig.run("rm", "after the kills").status == 0)
        #expect(try rig.load().alarms.count == count)
        print(
            "kill-during-write: span \(Int(span)) ms; killed before commit \(killedBeforeCommit), after commit \(killedAfterCommit), finished \(exitedNormally), temp files seen \(leftTemporaryFile)"
        )
    }
}
