// SPDX-License-Identifier: GPL-3.0-or-later
/// Brings documents written by older versions up to `StoreDocument.currentSchemaVersion`.
///
/// Each step rewrites the JSON tree of version N into version N+1, so old files never need old
/// model types. Version 1 is the first released schema; documents without a version number are
/// treated as version 1 (hand-written files).
public struct Migration: Sendable {
    public typealias Step = @Sendable (JSONValue) throws(DocumentDecodingError) -> JSONValue

    /// `steps[n]` migrates version `n + 1` to `n + 2`.
    public let steps: [Step]

    public static let standard = Migration(steps: [
        // 1 → 2: `sync` (account, tombstones, day log times) is new and optional: nothing to convert.
        { json in
            guard case .object(let members) = json else { return json }
            return .object(members.map { $0.0 == "schemaVersion" ? ($0.0, .int(2)) : $0 })
        },
        v2ToV3,
    ])

    /// Version 3 (habits after Loop Habit Tracker): "X times in Y days" frequencies, numeric goals
    /// per period, notes alone on a day, achievements, and the achievement-notifications setting
    /// are all new optional fields, so a version 2 document reads as it is. What changed is
    /// meaning, not form: "every N days" is now once in any N days (Loop's 1/N) rather than a
    /// fixed cycle from the start date. The number goes up so that an older build refuses a
    /// version 3 file (it would drop achievements and misread goals) instead of rewriting it.
    static let v2ToV3: Step = { json in
        guard case .object(var members) = json else { return json }
        members.removeAll { $0.0 == "schemaVersion" }
        members.insert(("schemaVersion", .int(3)), at: 0)
        return .object(members)
    }

    public init(steps: [Step]) { self.steps = steps }

    public var latestVersion: Int { 1 + steps.count }

    public func migrate(_ json: JSONValue) throws(StoreError.Kind) -> JSONValue {
        let version: Int
        if let v = json["schemaVersion"] {
            guard let n = v.intValue, n >= 1 else { throw .invalid("schemaVersion: expected a whole number ≥ 1") }
            version = n
        } else {
            version = 1
        }
        guard version <= latestVersion else { throw .newerSchema(found: version, supported: latestVersion) }
        var doc = json
        for n in version..<latestVersion {
            do { doc = try steps[n - 1](doc) } catch { throw .invalid("migrating from schema \(n): \(error)") }
        }
        return doc
    }
}
