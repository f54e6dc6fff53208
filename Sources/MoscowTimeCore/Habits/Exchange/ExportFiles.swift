// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The CSV files of an export by path relative to its root ("Habits.csv", "001 Read/Checkmarks.csv"),
/// read from an unpacked folder or from a ZIP archive, so that the importers see one shape.
public struct ExportFiles: Sendable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) { self.files = files }

    /// CSV files up to three levels deep (a re-zipped export may add a top folder).
    public static func folder(_ path: String) throws(InputError) -> ExportFiles {
        var files: [String: [UInt8]] = [:]
        try collect(path, prefix: "", depth: 3, into: &files)
        return ExportFiles(files: files)
    }

    public static func zip(_ bytes: [UInt8]) throws(InputError) -> ExportFiles {
        let archive = try ZipArchive(bytes)
        var files: [String: [UInt8]] = [:]
        for m in archive.members where !m.isDirectory && m.name.lowercased().hasSuffix(".csv") {
            files[m.name] = try archive.contents(of: m)
        }
        return ExportFiles(files: files)
    }

    private static func collect(_ dir: String, prefix: String, depth: Int, into files: inout [String: [UInt8]]) throws(InputError) {
        guard depth > 0, let d = opendir(dir) else { return }
        defer { closedir(d) }
        while let e = readdir(d) {
            let name = withUnsafePointer(to: &e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let full = dir + "/" + name
            var st = stat()
            guard stat(full, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                try collect(full, prefix: prefix + name + "/", depth: depth - 1, into: &files)
            } else if name.lowercased().hasSuffix(".csv") {
                do { files[prefix + name] = try FileSystem.read(full) ?? [] } catch {
                    throw InputError("cannot read {full}: {error}", ["full": "\(full)"], parts: ["error": error.reason])
                }
            }
        }
    }
}
