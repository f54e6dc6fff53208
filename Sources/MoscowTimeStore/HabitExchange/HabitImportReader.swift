// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Opens what `habit import` was given and reads its habits: a CSV written by `habit export`, or
/// Loop Habit Tracker's export as its zip or its unpacked folder (told apart by content, not name).
public enum HabitImportReader {
    public struct Result: Sendable {
        public var habits: [Habit]
        public var warnings: [Message]
        /// `agent-cli` or `loop`.
        public var format: String
        /// Numeric habits whose Loop export had no usable target (imported with a target of 1).
        public var missingTargets: [String] = []
    }

    public static let accepted = N_(
        "a CSV written by agent-cli habit export, or Loop Habit Tracker's CSV export (its zip or unpacked folder)")

    public static func read(_ path: String, now: Instant, today: CivilDate) throws(InputError) -> Result {
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw InputError(
                "cannot read {path}: {value}; expected {accepted}", ["path": "\(path)"],
                parts: ["value": FileSystem.why(), "accepted": Message(accepted)])
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            return try loop(try ExportFiles.folder(path), path: path, now: now, today: today)
        }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) ?? [] } catch {
            throw InputError("cannot read {path}: {error}", ["path": "\(path)"], parts: ["error": error.reason])
        }
        if ZipArchive.looksLikeZip(bytes) {
            let files: ExportFiles
            do { files = try ExportFiles.zip(bytes) } catch {
                throw InputError("{path}: {error}", ["path": "\(path)"], parts: ["error": error.asMessage])
            }
            return try loop(files, path: path, now: now, today: today)
        }
        if HabitCSVImporter.recognises(bytes) {
            return Result(habits: try HabitCSVImporter.habits(bytes, file: path), warnings: [], format: "agent-cli")
        }
        if bytes.starts(with: Array("Position,".utf8)) {
            throw InputError(
                "{path} is Loop's Habits.csv alone: give the whole export (its zip or folder) so the days come too", ["path": "\(path)"])
        }
        throw InputError(
            "{path} is not something habit import reads: expected {accepted}", ["path": "\(path)"], parts: ["accepted": Message(accepted)])
    }

    static func loop(_ files: ExportFiles, path: String, now: Instant, today: CivilDate) throws(InputError) -> Result {
        guard LoopImporter.recognises(files) else {
            throw InputError("no Habits.csv in {path}: expected {accepted}", ["path": "\(path)"], parts: ["accepted": Message(accepted)])
        }
        let r = try LoopImporter.read(files, now: now, today: today)
        return Result(habits: r.habits, warnings: r.warnings, format: "loop", missingTargets: r.missingTargets)
    }
}
