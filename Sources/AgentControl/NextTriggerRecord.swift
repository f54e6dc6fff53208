// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// One entry of NextTriggers: `(ssxb)` id, label, at (Unix seconds), snoozed.
public struct NextTriggerRecord: AgentRecord {
    public static let signature = "(ssxb)"
    public var id: String
    public var label: String
    public var at: Int64
    public var isSnoozed: Bool

    public init(id: String, label: String, at: Int64, isSnoozed: Bool) {
        self.id = id
        self.label = label
        self.at = at
        self.isSnoozed = isSnoozed
    }

    public var variant: Variant { .tuple([.string(id), .string(label), .int64(at), .bool(isSnoozed)]) }

    public init?(_ value: VariantReader) {
        guard let f = Self.fields(value) else { return nil }
        self.init(id: f[0].string!, label: f[1].string!, at: f[2].int64!, isSnoozed: f[3].bool!)
    }
}
