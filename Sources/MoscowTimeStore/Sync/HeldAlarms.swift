// SPDX-License-Identifier: GPL-3.0-or-later
/// The alarms the last sync held (`SyncState.held`: their server copy says what alarms cannot),
/// read for `agent-cli list` without the sync's libraries.
public enum HeldAlarms {
    /// The ids of this machine's held alarms; none when sync is not set up or its state is damaged
    /// (the next sync writes it again).
    public static func ids(_ paths: StorePaths) -> Set<String> {
        guard let bytes = try? UserFile.readIfPresent(paths.syncState), let json = try? JSONParser.parse(bytes) else { return [] }
        var ids = Set<String>()
        for h in json["held"]?.arrayValue ?? [] where h["here"]?.boolValue ?? true {
            if let id = h["id"]?.stringValue { ids.insert(id) }
        }
        return ids
    }
}
