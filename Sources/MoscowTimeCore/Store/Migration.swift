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
    ])

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
