// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import Testing

/// `--wake/--no-wake` per alarm (default: on for alarms, off for timers) and the `wake` setting.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: CLIRig.binaryExists, "agent-cli must be built next to the test binary (or set MOSCOWTIME_BIN_DIR)"))
struct WakeCLITests {
    func wake(_ rig: CLIRig, _ id: String) throws -> Bool? {
        try rig.load().alarms.first { $0.id == id }?.wake
    }

    @Test func perAlarmChoiceAndDefaults() throws {
        let rig = CLIRig()
        let plain = try #require(try rig.json("add", "7:30", "--json")["id"]?.stringValue)
        let quiet = try #require(try rig.json("add", "8:30", "--no-wake", "--json")["id"]?.stringValue)
        let timer = try #require(try rig.json("timer", "25m", "--json")["id"]?.stringValue)
        let loud = try #require(try rig.json("timer", "25m", "--wake", "--json")["id"]?.stringValue)
        #expect(try wake(rig, plain) == nil && wake(rig, quiet) == false && wake(rig, timer) == nil && wake(rig, loud) == true)
        #expect(rig.run("show", plain).out.contains("wake:     on (default)"))
        #expect(rig.run("show", quiet).out.contains("wake:     off\n"))
        #expect(rig.run("show", timer).out.contains("wake:     off (default)"))
        // edit changes it; --use-defaults returns to the default
        #expect(rig.run("edit", quiet, "--wake").status == 0)
        #expect(try wake(rig, quiet) == true)
        #expect(rig.run("edit", quiet, "--use-defaults").status == 0)
        #expect(try wake(rig, quiet) == nil)
        // the setting flips the default for alarms, not for timers
        #expect(rig.run("settings", "wake", "off").out == "wake = off\n")
        #expect(rig.run("show", plain).out.contains("wake:     off (default)"))
        #expect(rig.run("show", loud).out.contains("wake:     on\n"))
        #expect(rig.run("settings", "wake", "sometimes").status == 2)
        // the file says which schema holds these fields
        let text = String(decoding: rig.storeBytes() ?? [], as: UTF8.self)
        #expect(text.contains("\"schemaVersion\": \(StoreDocument.currentSchemaVersion)") && text.contains("\"wakeAlarms\": false"))
    }

    @Test func bothFlagsAtOnceAreRefused() {
        let rig = CLIRig()
        let r = rig.run("add", "7:30", "--wake", "--no-wake")
        #expect(r.status == 2 && !CLIRig.exists(rig.storePath), "\(r)")
    }
}
