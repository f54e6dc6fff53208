// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Synchronization

/// The per-alarm parts of the state file as last written (`AgentStateCoding.fileBytes`): the alarm
/// ids in order and each alarm's `handled` and `seen` entries as bytes. A ring changes one alarm's
/// record, and the state is saved before its notification: with a thousand alarms, sorting their
/// ids and encoding their instants again was most of that save.
public final class AgentStateFileMemo: Sendable {
    struct Parts {
        /// The ids of the tracks last written, sorted; the entries below are by their place here.
        var ids: [String] = []
        var handled: [(at: Instant, bytes: [UInt8])?] = []
        var seen: [(version: SeenVersion, bytes: [UInt8])?] = []

        /// The tracks by id, sorted: in the last order, one lookup per id, while the ids are the
        /// same; sorted again (and the entries forgotten) when they are not.
        mutating func sorted(_ tracks: [String: AlarmTrack]) -> [(key: String, value: AlarmTrack)] {
            var out: [(key: String, value: AlarmTrack)] = []
            if ids.count == tracks.count {
                out.reserveCapacity(ids.count)
                for id in ids {
                    guard let t = tracks[id] else { break }
                    out.append((id, t))
                }
                if out.count == ids.count { return out }
            }
            ids = tracks.keys.sorted()
            handled = Array(repeating: nil, count: ids.count)
            seen = Array(repeating: nil, count: ids.count)
            return ids.map { ($0, tracks[$0]!) }
        }

        /// `"id": "instant"` of the `k`th track, as written last time when the instant is the same.
        mutating func handled(_ k: Int, _ at: Instant, _ encode: () -> [UInt8]) -> [UInt8] {
            if let last = handled[k], last.at == at { return last.bytes }
            let bytes = encode()
            handled[k] = (at, bytes)
            return bytes
        }

        /// `"id": {…}` of the `k`th track, as written last time when the version is the same.
        mutating func seen(_ k: Int, _ version: SeenVersion, _ encode: () -> [UInt8]) -> [UInt8] {
            if let last = seen[k], last.version == version { return last.bytes }
            let bytes = encode()
            seen[k] = (version, bytes)
            return bytes
        }
    }

    let parts = Mutex(Parts())

    public init() {}
}
