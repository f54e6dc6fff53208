// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// One entry of ListRinging: `(ssxxb)` id, label, due, rings-until, late. Instants are Unix seconds.
public struct RingingAlarmRecord: AgentRecord {
    public static let signature = "(ssxxb)"
    public var id: String
    public var label: String
    public var due: Int64
    public var ringsUntil: Int64
    public var isLate: Bool

    public init(id: String, label: String, due: Int64, ringsUntil: Int64, isLate: Bool) {
        self.id = id
        self.label = label
        self.due = due
        self.ringsUntil = ringsUntil
        self.isLate = isLate
    }

    public var variant: Variant { .tuple([.string(id), .string(label), .int64(due), .int64(ringsUntil), .bool(isLate)]) }

    public init?(_ value: VariantReader) {
        guard let f = Self.fields(value) else { return nil }
        self.init(id: f[0].string!, label: f[1].string!, due: f[2].int64!, ringsUntil: f[3].int64!, isLate: f[4].bool!)
    }
}
