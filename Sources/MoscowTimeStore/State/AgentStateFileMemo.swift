// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Synchronization

/// The per-alarm parts of the state file as last written (`AgentStateCoding.fileBytes`): the alarm
/// ids in order and each alarm's `handled` and `seen` entries as bytes. A ring changes one alarm's
/// record, and the state is saved before its notification: with a thousand alarms, sorting their
/// ids and encoding their instants again was most of that save.
public final class AgentStateFileMemo: Sendable {
    struct Parts {
        /// The ids of the tracks last written, sorted.
        var ids: [String] = []
        var handled: [String: (at: Instant, bytes: [UInt8])] = [:]
        var seen: [String: (version: SeenVersion, bytes: [UInt8])] = [:]

        /// The tracks by id, sorted, reusing the last order while the ids are the same.
        mutating func sorted(_ tracks: [String: AlarmTrack]) -> [(key: String, value: AlarmTrack)] {
            if ids.count != tracks.count || !ids.allSatisfy({ tracks[$0] != nil }) {
                ids = tracks.keys.sorted()
                handled = handled.filter { tracks[$0.key] != nil }
                seen = seen.filter { tracks[$0.key] != nil }
            }
            return ids.map { ($0, tracks[$0]!) }
        }

        /// `"id": "instant"`, as written last time when the instant is the same.
        mutating func handled(_ id: String, _ at: Instant, _ encode: () -> [UInt8]) -> [UInt8] {
            if let last = handled[id], last.at == at { return last.bytes }
            let bytes = encode()
            handled[id] = (at, bytes)
            return bytes
        }

        /// `"id": {…}`, as written last time when the version is the same.
        mutating func seen(_ id: String, _ version: SeenVersion, _ encode: () -> [UInt8]) -> [UInt8] {
            if let last = seen[id], last.version == version { return last.bytes }
            let bytes = encode()
            seen[id] = (version, bytes)
            return bytes
        }
    }

    let parts = Mutex(Parts())

    public init() {}
}
