// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// The templates shipped with the programs, read from the first directory that exists among
/// `ResourceLocator.templateDirectories` ($MOSCOWTIME_DATADIR/templates, <bindir>/../share/moscowtime/templates,
/// <repo>/data/templates).
public struct TemplateLibrary: Sendable {
    /// The directory read, nil when none was found.
    public let directory: String?
    /// Where we looked, for the error message when nothing was found.
    public let searched: [String]

    public init(directories: [String]) {
        searched = directories
        directory = directories.first(where: ResourceLocator.isDirectory)
    }

    public static func standard(environment: [String: String] = Environment.current) -> TemplateLibrary {
        TemplateLibrary(
            directories: ResourceLocator.templateDirectories(
                environment: environment, executableDirectory: ResourceLocator.executableDirectory()))
    }

    /// The ids (file names without `.json`) in the directory, sorted.
    public func ids() -> [String] {
        guard let directory, let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var ids: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".json"), !name.hasPrefix(".") { ids.append(String(name.dropLast(5))) }
        }
        return ids.sorted()
    }

    /// Every template, sorted by id. A damaged file fails the whole listing (it is a packaging bug).
    public func all() throws(TemplateError) -> [Template] {
        var result: [Template] = []
        for id in ids() { result.append(try load(id: id)) }
        return result
    }

    public func load(id: String) throws(TemplateError) -> Template {
        let path = "\(directory ?? ".")/\(id).json"
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw TemplateError(file: path, reason: error.reason) }
        guard let bytes else { throw TemplateError(file: path, reason: Message("no such file or folder")) }
        return try Template.decode(id: id, json: bytes, file: path)
    }

    /// The template a user means: its id, or its name in either language (case-insensitive).
    /// Nil when none matches.
    public func find(_ key: String) throws(TemplateError) -> Template? {
        let k = key.trimmingSpaces.lowercased()
        guard !k.isEmpty else { return nil }
        if ids().contains(k) { return try load(id: k) }
        return try all().first { $0.name.both.contains { $0.lowercased() == k } }
    }
}
