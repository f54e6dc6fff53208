// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Synchronization

/// `ZoneNames.contains` remembered for the process: it opens the zone's file, and reading a
/// calendar folder of 5 000 files in one zone asked it 10 000 times (a sixth of `calendar-next`).
/// Like `Zone.shared`, a running process keeps what it found; a hostile calendar's made-up names
/// are remembered only up to `limit`.
enum DatabaseZoneNames {
    static let limit = 1_000
    private static let known = Mutex<[String: Bool]>([:])

    static func contains(_ name: String) -> Bool {
        if let verdict = known.withLock({ $0[name] }) { return verdict }
        let verdict = ZoneNames.contains(name)
        known.withLock { if $0.count < limit { $0[name] = verdict } }
        return verdict
    }
}
