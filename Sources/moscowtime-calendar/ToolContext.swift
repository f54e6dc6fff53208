// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import SystemPackage

/// What the calendar tool needs from its environment: the store, "now", the zone and language —
/// the same sources agent-cli uses (XDG paths, MOSCOWTIME_NOW, the settings).
struct ToolContext {
    let store: DocumentStore
    let environment: [String: String]
    let now: Instant

    init() throws(InputError) {
        environment = Environment.current
        store = DocumentStore(paths: StorePaths.fromEnvironment(environment))
        if let v = environment["MOSCOWTIME_NOW"], !v.isEmpty {
            guard let t = ISO8601.parse(v) else {
                throw InputError("MOSCOWTIME_NOW={v} is not an ISO 8601 instant like 2026-11-21T12:00:00Z", ["v": v])
            }
            now = t
        } else {
            now = SystemWallClock().now()
        }
    }

    func zone(_ settings: Settings) throws(ToolFailure) -> Zone {
        guard let z = Zone(identifier: settings.zone) else {
            throw ToolFailure(
                "the zone \"{zone}\" in {file} is not in the tz database (is tzdata installed?)",
                ["zone": settings.zone, "file": store.paths.document], status: 1)
        }
        return z
    }

    /// The user's language for an error raised before (or without) a context: the store's setting
    /// when it can be read, else the environment.
    static func userLocalizer() -> Localizer {
        let env = Environment.current
        let settings = (try? DocumentStore(paths: StorePaths.fromEnvironment(env)).load())?.settings ?? Settings()
        return Localizer(Language.resolve(setting: settings.language, environment: env))
    }

    func localizer(_ settings: Settings) -> Localizer {
        Localizer(Language.resolve(setting: settings.language, environment: environment))
    }
}

/// A failure with the exit status agent-cli documents (1 failure, 2 invalid input), worded when it
/// is shown: a catalogue message with its values, or a typed error worded by `CalendarWording`.
struct ToolFailure: Error {
    let status: Int32
    private let words: @Sendable (Localizer) -> String

    init(_ template: String, _ values: [String: String] = [:], status: Int32) {
        self.status = status
        words = { t in t(template, values) }
    }

    init(status: Int32, _ words: @escaping @Sendable (Localizer) -> String) {
        self.status = status
        self.words = words
    }

    func message(in t: Localizer) -> String { words(t) }
}

/// stdout/stderr as agent-cli writes them (the user sees this tool as agent-cli). Messages hold
/// text from outside (an event's title, a URL, a path): `line` and `error` show it through
/// `TerminalText`, so no escape sequence, bell or carriage return reaches the terminal; `write` is
/// for content written as it is (an export to stdout, JSON, a prompt).
enum ToolOutput {
    static func write(_ s: String, fd: Int32 = 1) {
        _ = try? FileDescriptor(rawValue: fd).writeFully(Array(s.utf8))
    }
    static func line(_ s: String) { write(TerminalText.lines(s) + "\n") }
    static func error(_ s: String) { write("agent-cli: " + TerminalText.oneLine(s) + "\n", fd: 2) }
}
