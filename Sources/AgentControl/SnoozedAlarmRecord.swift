// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// One entry of ListSnoozed: `(ssxx)` id, label, until, due. Instants are Unix seconds.
public struct SnoozedAlarmRecord: AgentRecord {
    public static let signature = "(ssxx)"
    public var id: String
    public var label: String
    public var until: Int64
    public var due: Int64

    public init(id: String, label: String, until: Int64, due: Int64) {
        self.id = id
        self.label = label
        self.until = until
        self.due = due
    }

    public var variant: Variant { .tuple([.string(id), .string(label), .int64(until), .int64(due)]) }

    public init?(_ value: VariantReader) {
        guard let f = Self.fields(value) else { return nil }
        self.init(id: f[0].string!, label: f[1].string!, until: f[2].int64!, due: f[3].int64!)
    }
}
