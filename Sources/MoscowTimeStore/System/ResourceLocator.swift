// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Finds the files shipped beside the programs: message catalogues and templates.
///
/// Order, for both: an environment override; the installed layout next to the running
/// executable (`<bindir>/../share/…`, so any PREFIX and DESTDIR-free relocation works); the
/// source tree when running from a build directory (`<repo>/.build/locale`, `<repo>/data/templates`,
/// where `<repo>` is the nearest ancestor of the executable holding `Package.swift`).
public enum ResourceLocator {
    /// Name of the gettext domain: `<localedir>/<lang>/LC_MESSAGES/moscowtime.mo`.
    public static let textDomain = "moscowtime"

    /// Directory of the running executable (`/proc/self/exe`), nil if unknown.
    public static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(decoding: $0[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A helper program shipped with the agent (`moscowtime-sound`, `moscowtime-calendar`,
    /// `moscowtime-wake`): installed in `<prefix>/libexec/moscowtime/` beside `<prefix>/bin`, in a
    /// build tree beside the executable. The installed copy comes first (only it carries a file
    /// capability). Nil when none is executable.
    public static func helperProgram(_ name: String, executableDirectory exe: String? = executableDirectory()) -> String? {
        guard let exe else { return nil }
        return [exe + "/../libexec/moscowtime/" + name, exe + "/" + name].first { access($0, X_OK) == 0 }
    }

    /// Candidate locale directories, most specific first. A build-tree program has none of its
    /// own: it uses the catalogue compiled into it (`SharedCatalogues`), always as fresh as `po/`.
    public static func localeDirectories(environment env: [String: String], executableDirectory exe: String?) -> [String] {
        var dirs: [String] = []
        if let d = env["MOSCOWTIME_LOCALEDIR"], !d.isEmpty { dirs.append(d) }
        if let exe { dirs.append(exe + "/../share/locale") }
        return dirs
    }

    /// Candidate template directories, most specific first.
    public static func templateDirectories(environment env: [String: String], executableDirectory exe: String?) -> [String] {
        var dirs: [String] = []
        if let d = env["MOSCOWTIME_DATADIR"], !d.isEmpty { dirs.append(d + "/templates") }
        if let exe {
            dirs.append(exe + "/../share/moscowtime/templates")
            if let repo = sourceTree(above: exe) { dirs.append(repo + "/data/templates") }
        }
        return dirs
    }

    /// The agent's icons: installed beside the executable (`<bindir>/../share/moscowtime/icons`, the
    /// agent's own hicolor theme with its index.theme, so that a host searching only that folder
    /// finds them under any prefix), else the source tree's `data/icons` when running from a build
    /// directory; nil when neither has `probe` (an icon name, e.g. org.moscowtime.Agent).
    public static func iconFiles(probe: String, executableDirectory exe: String?) -> IconFiles? {
        guard let exe else { return nil }
        var candidates = [IconFiles(themePath: canonical(exe + "/../share/moscowtime/icons"), layout: .hicolorTheme)]
        if let repo = sourceTree(above: exe) { candidates.append(IconFiles(themePath: repo + "/data/icons", layout: .flat)) }
        return candidates.first { isFile($0.file(for: probe)) }
    }

    /// `path` without `..` and symlinks (hosts get a clean path); as given when it does not exist.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The catalogue file for `language` in the first locale directory that has one.
    public static func cataloguePath(
        _ language: Language, environment env: [String: String],
        executableDirectory exe: String?
    ) -> String? {
        for dir in localeDirectories(environment: env, executableDirectory: exe) {
            let path = "\(dir)/\(language.rawValue)/LC_MESSAGES/\(textDomain).mo"
            if isFile(path) { return path }
        }
        return nil
    }

    /// The nearest ancestor (at most 5 levels up) of `directory` that holds `Package.swift`.
    static func sourceTree(above directory: String) -> String? {
        var dir = directory
        for _ in 0..<5 {
            guard let slash = dir.lastIndex(of: "/"), slash != dir.startIndex else { return nil }
            dir = String(dir[..<slash])
            if isFile(dir + "/Package.swift") { return dir }
        }
        return nil
    }

    public static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
