// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The state file saved before each ring reuses the alarms' entries of the last save
/// (`AgentStateFileMemo`). Property: over random sequences of states — alarms handled, versions
/// taken in, alarms added and forgotten, ids that need escaping — each file is byte for byte the
/// one written without the memo.
struct AgentStateFileMemoTests {
    typealias F = CoreFixtures

    @Test(arguments: 0..<20) func eachFileAsWrittenAfresh(seed: UInt64) {
        var rng = SplitMix(seed: 0x57A7_0000 + seed)
        let memo = AgentStateFileMemo()
        var s = AgentState()
        let base = F.at("2026-11-21T00:00:00Z")
        let ids = (0..<30).map { k in k % 7 == 0 ? "a\"\\ж\(k)" : "0000\(1000 + k)" }
        for step in 0..<60 {
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let id = ids.randomElement(using: &rng)!
                let at = base + Int64.random(in: 0...(30 * 86_400), using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: s.alarms.markHandled(id, at: at)
                case 1:
                    let zone = ["Europe/Moscow", "Asia/Tokyo"].randomElement(using: &rng)!
                    let calendar: UInt64? = Bool.random(using: &rng) ? UInt64.random(in: 0...UInt64.max, using: &rng) : nil
                    s.alarms.markSeen(id, SeenVersion(modified: at - 60, zone: zone, since: at, calendar: calendar))
                case 2: s.alarms.forget(id)
                default: s.alarms.setSnooze(id, Snooze(until: at + 600, due: at, count: 1))
                }
            }
            let memoized = AgentStateCoding.fileBytes(s, reusing: memo)
            #expect(memoized == AgentStateCoding.fileBytes(s), "seed \(seed) step \(step)")
        }
    }
}
