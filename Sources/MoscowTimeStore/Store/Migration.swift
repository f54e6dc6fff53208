// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Brings documents written by older versions up to `StoreDocument.currentSchemaVersion`.
///
/// Each step rewrites the JSON tree of version N into version N+1, so old files never need old
/// model types. Version 1 is the first released schema; documents without a version number are
/// treated as version 1 (hand-written files).
public struct Migration: Sendable {
    public typealias Step = @Sendable (JSONValue) throws(DocumentDecodingError) -> JSONValue

    /// `steps[n]` migrates version `n + 1` to `n + 2`.
    public let steps: [Step]
    /// Per step, whether it changes nothing but the version number, which decoding does not read.
    private let versionOnly: [Bool]

    /// Each step only changes the version number: what it added is optional. The number makes an
    /// older agent-cli refuse a newer file instead of silently dropping those fields when it writes.
    public static let standard = Migration(
        versionOnlySteps: [
            // 1 → 2: `sync` (account, tombstones, day log times).
            setVersion(2),
            // 2 → 3: habits after Loop Habit Tracker. What changed is meaning, not form: "every N days"
            // is now once in any N days (Loop's 1/N) rather than a fixed cycle from the start date.
            setVersion(3),
            // 3 → 4: the per-alarm "wake", the "wakeAlarms" and "dismiss" settings (defaults apply when absent).
            setVersion(4),
            // 4 → 5: "workdays" schedules after the production calendar, the "holidays" setting, the
            // user's own calendar years ("calendar").
            setVersion(5),
        ])

    /// A step that only changes the version number.
    static func setVersion(_ n: Int) -> Step {
        { json throws(DocumentDecodingError) -> JSONValue in
            guard case .object(let root) = json else { throw DocumentDecodingError(path: "", reason: Message("expected an object")) }
            var members = root.filter { $0.0 != "schemaVersion" }
            members.insert(("schemaVersion", .int(n)), at: 0)
            return .object(members)
        }
    }

    public init(steps: [Step]) {
        self.steps = steps
        versionOnly = steps.map { _ in false }
    }

    /// Steps that each only set the version number (`setVersion`).
    init(versionOnlySteps steps: [Step]) {
        self.steps = steps
        versionOnly = steps.map { _ in true }
    }

    public var latestVersion: Int { 1 + steps.count }

    /// Whether `document` decodes as read: an object at the latest version, or at an older one
    /// whose steps only set the version number. Any other goes through `migrate` as a tree (which
    /// also words what is wrong with a version).
    func decodesAsRead(_ document: JSONDocument) -> Bool {
        let root = JSONDocument.root
        guard document.kind(root) == .object else { return false }
        var version = 1
        if let v = document.member("schemaVersion", of: root) {
            guard let n = document.number(v).flatMap(JSONValue.integral), n >= 1, n <= latestVersion else { return false }
            version = n
        }
        return versionOnly[(version - 1)...].allSatisfy { $0 }
    }

    public func migrate(_ json: JSONValue) throws(StoreError.Kind) -> JSONValue {
        let version: Int
        if let v = json["schemaVersion"] {
            guard let n = v.intValue, n >= 1 else { throw .invalid(Message("schemaVersion: expected a whole number ≥ 1")) }
            version = n
        } else {
            version = 1
        }
        guard version <= latestVersion else { throw .newerSchema(found: version, supported: latestVersion) }
        var doc = json
        for n in version..<latestVersion {
            do { doc = try steps[n - 1](doc) } catch {
                throw .invalid(Message("migrating from schema {n}: {reason}", ["n": String(n)], parts: ["reason": error.message]))
            }
        }
        return doc
    }
}
