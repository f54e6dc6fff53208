// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Reads and writes the agent's bookkeeping file atomically. Only the agent writes it (one agent
/// per session); `agent-cli next` reads it to show snoozed rings.
public struct AgentStateStore: Sendable {
    public let path: String
    public let directory: String
    /// The alarms' entries as last saved (`AgentStateCoding.fileBytes`).
    private let memo = AgentStateFileMemo()
    /// The records file the state file names (`AgentStateRecords`), as last written or read.
    let records = AgentStateRecords()

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
            let document = try JSONParser.document(bytes)
            var result = try AgentStateCoding.decodeSalvaging(document)
            if let generation = AgentStateCoding.recordsGeneration(document) {
                result.problems += loadRecords(generation, into: &result.state)
            } else {
                records.known.withLock { $0 = AgentStateRecords.Known() }
            }
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

    /// Completes `state`, read from a state file naming the records' `generation`, with them.
    /// Returns the problems: an unreadable records file loses the records, and says so.
    private func loadRecords(_ generation: Int, into state: inout AgentState) -> [String] {
        let file = recordsPath(generation)
        var known = AgentStateRecords.Known(generation: generation)
        defer { records.known.withLock { $0 = known } }
        do {
            guard let bytes = try FileSystem.read(file) else { return ["\(file): missing"] }
            let read = try AgentStateCoding.decodeSalvaging(try JSONParser.document(bytes))
            let base = AgentStateRecords.base(read: read.state, generation: generation)
            let part = state.alarms.tracks
            state = AgentStateRecords.merged(state, base)
            // A damaged records file is written anew at the next save.
            if read.problems.isEmpty {
                known.base = base
                known.part = part
                known.mark = state.alarms.changeMark
            }
            return read.problems.map { "\(file): \($0)" }
        } catch {
            return ["\(file): \(error)"]
        }
    }

    func recordsPath(_ generation: Int) -> String { directory + "/" + AgentStateRecords.fileName(generation) }

    /// Saves `state`: the state file alone, holding what differs from the records file it names
    /// (about a kilobyte, before every ring); now and then a new records file first (see
    /// `AgentStateRecords`).
    public func save(_ state: AgentState) throws(StoreError) {
        do {
            try FileSystem.makeDirectories(directory)
            try FileSystem.checkPrivateDirectory(directory)
            var known = records.known.withLock { $0 }
            if let base = known.base, let part = AgentStateRecords.part(state, known) {
                let file = AgentStateRecords.stateFile(state, part)
                try FileSystem.writeAtomically(AgentStateCoding.fileBytes(file, records: base.generation), to: path, backup: nil)
                known.part = part
                known.mark = state.alarms.changeMark
                records.known.withLock { $0 = known }
                return
            }
            try saveWithNewRecords(state, after: known.generation)
        } catch { throw StoreError(path: path, kind: .writeFailed(error.reason)) }
    }

    /// A new generation of the records, then the state file naming it (see `AgentStateRecords`).
    private func saveWithNewRecords(_ state: AgentState, after generation: Int) throws(FileSystem.Failure) {
        let base = AgentStateRecords.base(state, generation: generation + 1)
        let whole = AgentState(alarms: AlarmBook(tracks: base.tracks))
        try FileSystem.writeAtomically(AgentStateCoding.fileBytes(whole, reusing: memo), to: recordsPath(base.generation), backup: nil)
        let part = AgentStateRecords.difference(state, over: base) ?? [:]
        let file = AgentStateRecords.stateFile(state, part)
        try FileSystem.writeAtomically(AgentStateCoding.fileBytes(file, records: base.generation), to: path, backup: nil)
        records.known.withLock {
            $0 = AgentStateRecords.Known(base: base, generation: base.generation, part: part, mark: state.alarms.changeMark)
        }
        // The one before stays a generation longer: `agent-cli` may have just read the state
        // file that named it.
        if generation > 1 { FileSystem.remove(recordsPath(generation - 1)) }
    }

    /// Moves a damaged file aside so that it is kept for inspection and not overwritten.
    public func quarantine() -> String? {
        let target = path + ".damaged"
        return FileSystem.rename(path, to: target) ? target : nil
    }
}
