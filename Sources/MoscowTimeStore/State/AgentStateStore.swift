// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Reads and writes the agent's bookkeeping file atomically. Only the agent writes it (one agent
/// per session); `agent-cli next` reads it to show snoozed rings.
public struct AgentStateStore: Sendable {
    public let path: String
    public let directory: String
    /// The alarms' entries as last saved (`AgentStateCoding.fileBytes`).
    private let memo = AgentStateFileMemo()

    public init(paths: StorePaths) {
        path = paths.agentState
        directory = paths.stateDirectory
    }

    /// A missing file is a fresh state. A file that is not JSON, not a regular file or from a newer
    /// schema is an error: the caller decides (the agent logs it and starts fresh after keeping the
    /// damaged copy). Bad parts of a readable file are set aside (see `AgentStateCoding`).
    public func load() throws(StoreError) -> AgentState { try loadSalvaging().state }

    /// The state and the parts that were set aside; when there are any, the file as it was is kept
    /// as `<path>.damaged` for inspection (the next save replaces the file itself).
    public func loadSalvaging() throws(StoreError) -> (state: AgentState, problems: [String]) {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw StoreError(path: path, kind: .unreadable(error.reason)) }
        guard let bytes else { return (AgentState(), []) }
        do {
            let result = try AgentStateCoding.decodeSalvaging(try JSONParser.document(bytes))
            if !result.problems.isEmpty { try? FileSystem.writeAtomically(bytes, to: path + ".damaged", backup: nil) }
            return result
        } catch let e as JSONParseError {
            throw StoreError(path: path, kind: .invalid(DocumentStore.notJSON(e)))
        } catch let e as DocumentDecodingError {
            throw StoreError(path: path, kind: .invalid(e.message))
        } catch {
            throw StoreError(path: path, kind: .invalid(Message("{error}", ["error": "\(error)"])))
        }
    }

    public func save(_ state: AgentState) throws(StoreError) {
        do {
            try FileSystem.makeDirectories(directory)
            try FileSystem.checkPrivateDirectory(directory)
            try FileSystem.writeAtomically(AgentStateCoding.fileBytes(state, reusing: memo), to: path, backup: nil)
        } catch { throw StoreError(path: path, kind: .writeFailed(error.reason)) }
    }

    /// Moves a damaged file aside so that it is kept for inspection and not overwritten.
    public func quarantine() -> String? {
        let target = path + ".damaged"
        return FileSystem.rename(path, to: target) ? target : nil
    }
}
