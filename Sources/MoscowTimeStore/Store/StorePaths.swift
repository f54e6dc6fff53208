// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the user's files live, following the XDG base directory specification.
public struct StorePaths: Sendable, Equatable {
    /// `$XDG_DATA_HOME/moscowtime` (default `~/.local/share/moscowtime`): alarms, habits, settings.
    public let dataDirectory: String
    /// `$XDG_STATE_HOME/moscowtime` (default `~/.local/state/moscowtime`): what the agent has handled.
    public let stateDirectory: String

    public init(dataDirectory: String, stateDirectory: String) {
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
    }

    public static let documentName = "store.json"
    public static let agentStateName = "agent-state.json"

    public var document: String { dataDirectory + "/" + Self.documentName }
    public var backup: String { document + ".bak" }
    public var lock: String { document + ".lock" }
    public var agentState: String { stateDirectory + "/" + Self.agentStateName }
    /// What the last sync left (`SyncState`, written by `moscowtime-calendar`).
    public var syncState: String { stateDirectory + "/sync-state.json" }

    public static func fromEnvironment(_ env: [String: String] = Environment.current) -> StorePaths {
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        func base(_ key: String, _ fallback: String) -> String {
            // The spec says relative paths are invalid and must be ignored.
            if let v = env[key], v.hasPrefix("/") { return v }
            return home + "/" + fallback
        }
        return StorePaths(
            dataDirectory: base("XDG_DATA_HOME", ".local/share") + "/moscowtime",
            stateDirectory: base("XDG_STATE_HOME", ".local/state") + "/moscowtime")
    }
}
