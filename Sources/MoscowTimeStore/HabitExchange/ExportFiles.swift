// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// The CSV files of an export by path relative to its root ("Habits.csv", "001 Read/Checkmarks.csv"),
/// read from an unpacked folder or from a ZIP archive, so that the importers see one shape.
public struct ExportFiles: Sendable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) { self.files = files }

    /// CSV files up to three levels deep (a re-zipped export may add a top folder). Their sizes are
    /// added up before any is read: a folder whose CSV files hold more than an archive may inflate
    /// to (`ZipArchive.maximumTotalSize`) is refused at once, not after reading gigabytes of them.
    public static func folder(_ path: String) throws(InputError) -> ExportFiles {
        var found: [(name: String, full: String)] = []
        var total = 0
        try collect(path, prefix: "", depth: 3, into: &found, total: &total)
        let limit = ZipArchive.maximumTotalSize
        guard total <= limit else {
            throw InputError("the CSV files in {path} add up to more than {value} MB", ["path": path, "value": "\(limit >> 20)"])
        }
        var files: [String: [UInt8]] = [:]
        var left = limit
        for (name, full) in found {
            // Read within what is left: a file that grew since it was measured is refused too.
            do { files[name] = try FileSystem.read(full, limit: left) ?? [] } catch {
                throw InputError("cannot read {full}: {error}", ["full": "\(full)"], parts: ["error": error.reason])
            }
            left -= files[name]!.count
        }
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

    private static func collect(
        _ dir: String, prefix: String, depth: Int, into found: inout [(name: String, full: String)],
        total: inout Int
    ) throws(InputError) {
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
                try collect(full, prefix: prefix + name + "/", depth: depth - 1, into: &found, total: &total)
            } else if name.lowercased().hasSuffix(".csv") {
                found.append((prefix + name, full))
                // A FIFO or device counts nothing here; reading it is refused below.
                // Kept just over the limit once past it: sparse files of exabytes cannot overflow it.
                let cap = ZipArchive.maximumTotalSize + 1
                if (st.st_mode & S_IFMT) == S_IFREG { total = min(total, cap) + min(Int(st.st_size), cap) }
            }
        }
    }
}
