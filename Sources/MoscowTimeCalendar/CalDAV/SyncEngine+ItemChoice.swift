// SPDX-License-Identifier: GPL-3.0-or-later

extension SyncEngine {
    /// The user's word on one item (`sync --keep-local ID` / `--accept-remote ID`): its version
    /// here, or the server's, wins this sync's merge whatever the times say.
    public enum ItemChoice: Sendable, Equatable {
        case keepLocal(String)
        case acceptRemote(String)
        public var id: String {
            switch self {
            case .keepLocal(let id), .acceptRemote(let id): return id
            }
        }
    }
}
