// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// What every command needs: the store, the clock, the zone and language from settings.
struct CLIContext {
    let store: DocumentStore
    let environment: [String: String]
    let now: Instant

    init() throws {
        environment = Environment.current
        let now = try CLIContext.clockOverride(environment) ?? SystemWallClock().now()
        self.now = now
        let paths = StorePaths.fromEnvironment(environment)
        ProcessHeap.prepare(toRead: paths.document)
        store = DocumentStore(paths: paths, clock: { now })
    }

    /// `MOSCOWTIME_NOW=2026-11-21T12:00:00Z` pins "now" for reproducible output (tests, examples).
    /// Only agent-cli reads it; the agent always runs on the real clock.
    static func clockOverride(_ env: [String: String]) throws -> Instant? {
        guard let v = env["MOSCOWTIME_NOW"], !v.isEmpty else { return nil }
        guard let t = ISO8601.parse(v) else {
            throw InputError("MOSCOWTIME_NOW={v} is not an ISO 8601 instant like 2026-11-21T12:00:00Z", ["v": "\(v)"])
        }
        return t
    }

    /// The one Zone of the process for that name: the store's decoding has loaded it to check it.
    func zone(_ settings: Settings) throws -> Zone {
        guard let z = Zone.shared(settings.zone) else {
            throw CLIFailure(
                "the zone \"{zone}\" in {document} is not in the tz database (is tzdata installed?)",
                ["zone": "\(settings.zone)", "document": "\(store.paths.document)"], status: .failure)
        }
        return z
    }

    func localizer(_ settings: Settings) -> Localizer {
        Localizer(Language.resolve(setting: settings.language, environment: environment))
    }

    /// The agent's bookkeeping (snoozes, handled occurrences); empty if the agent never ran.
    func agentState() -> AgentState {
        (try? AgentStateStore(paths: store.paths).load()) ?? AgentState()
    }
}
