// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// One struct of a D-Bus reply array (ListRinging's `(ssxxb)` …), encoded by the agent and decoded
/// by `agent-cli` from the same type, so neither side knows field positions.
public protocol AgentRecord: Sendable, Equatable {
    /// The struct's GVariant type, as in data/dbus/org.moscowtime.Agent1.xml.
    static var signature: String { get }
    var variant: Variant { get }
    /// nil when `value` does not have `signature`'s type.
    init?(_ value: VariantReader)
}

extension AgentRecord {
    /// The array of records a method returns.
    public static func array(_ records: [Self]) -> Variant {
        .array(elementType: signature, records.map(\.variant))
    }

    /// Decodes an array of records (elements of another type are skipped).
    public static func list(_ array: VariantReader) -> [Self] {
        guard array.typeString == "a" + signature else { return [] }
        return (0..<array.count).compactMap { Self(array.child($0)) }
    }

    /// Reads `value`'s fields when it has this record's type.
    static func fields(_ value: VariantReader) -> [VariantReader]? {
        value.typeString == signature ? (0..<value.count).map(value.child) : nil
    }
}
