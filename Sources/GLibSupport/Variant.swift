// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// A GVariant value built from Swift. GLib's variadic g_variant_new cannot be called from Swift, so
/// values are assembled from the typed constructors (g_variant_new_string, _tuple, _array …).
/// Equality is the values' own (two arrays are equal when their element types and elements are),
/// and `Variant(reading:)` turns a received GVariant back into one, so tests compare what went over
/// the bus with what was meant.
public indirect enum Variant: Sendable, Equatable {
    case bool(Bool)
    case byte(UInt8)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    /// "v": a value with its type carried along.
    case boxed(Variant)
    /// An array whose element type is `elementType` (a GVariant type string such as "(ssxb)"); may be empty.
    case array(elementType: String, [Variant])
    case tuple([Variant])
    /// a{sv}, in the given order.
    case dictionary([(String, Variant)])

    /// "as"
    public static func strings(_ list: [String]) -> Variant { .array(elementType: "s", list.map(Variant.string)) }
    /// "ai"
    public static func int32s(_ list: [Int32]) -> Variant { .array(elementType: "i", list.map(Variant.int32)) }

    public static func == (a: Variant, b: Variant) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y
        case (.byte(let x), .byte(let y)): return x == y
        case (.int32(let x), .int32(let y)): return x == y
        case (.uint32(let x), .uint32(let y)): return x == y
        case (.int64(let x), .int64(let y)): return x == y
        case (.uint64(let x), .uint64(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.objectPath(let x), .objectPath(let y)): return x == y
        case (.boxed(let x), .boxed(let y)): return x == y
        case (.array(let t, let x), .array(let u, let y)): return t == u && x == y
        case (.tuple(let x), .tuple(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A new floating GVariant: hand it to a GLib call that sinks it (or wrap it in a `VariantReader`).
    public func make() -> OpaquePointer {
        switch self {
        case .bool(let v): return g_variant_new_boolean(v ? 1 : 0)
        case .byte(let v): return g_variant_new_byte(v)
        case .int32(let v): return g_variant_new_int32(v)
        case .uint32(let v): return g_variant_new_uint32(v)
        case .int64(let v): return g_variant_new_int64(gint64(v))
        case .uint64(let v): return g_variant_new_uint64(guint64(v))
        case .double(let v): return g_variant_new_double(v)
        case .string(let s): return g_variant_new_string(s)
        case .objectPath(let s): return g_variant_new_object_path(s)
        case .boxed(let inner): return g_variant_new_variant(inner.make())
        case .array(let elementType, let items): return Self.makeArray(elementType, items.map { $0.make() })
        case .tuple(let items):
            var children: [OpaquePointer?] = items.map { $0.make() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .dictionary(let entries):
            return Self.makeArray(
                "{sv}",
                entries.map { key, value in
                    g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.make()))
                })
        }
    }

    private static func makeArray(_ elementType: String, _ items: [OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children: [OpaquePointer?] = items
        return children.withUnsafeMutableBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }
}

extension Variant {
    /// The value of a received GVariant, or nil for a type this enum does not model (maybe types,
    /// dictionaries other than a{sv}, handles…).
    public init?(reading value: VariantReader) {
        let type = value.typeString
        switch type {
        case "b": self = .bool(value.bool!)
        case "y": self = .byte(g_variant_get_byte(value.pointer))
        case "i": self = .int32(value.int32!)
        case "u": self = .uint32(value.uint32!)
        case "x": self = .int64(value.int64!)
        case "t": self = .uint64(UInt64(g_variant_get_uint64(value.pointer)))
        case "d": self = .double(g_variant_get_double(value.pointer))
        case "s": self = .string(value.string!)
        case "o": self = .objectPath(value.string!)
        case "v":
            guard let inner = Variant(reading: value.unboxed) else { return nil }
            self = .boxed(inner)
        case "a{sv}":
            var entries: [(String, Variant)] = []
            for i in 0..<value.count {
                let entry = value.child(i)
                guard let key = entry.child(0).string, let inner = Variant(reading: entry.child(1).unboxed) else { return nil }
                entries.append((key, inner))
            }
            self = .dictionary(entries)
        default:
            if type.hasPrefix("a") && !type.hasPrefix("a{") {
                var items: [Variant] = []
                for i in 0..<value.count {
                    guard let item = Variant(reading: value.child(i)) else { return nil }
                    items.append(item)
                }
                self = .array(elementType: String(type.dropFirst()), items)
            } else if type.hasPrefix("(") {
                var items: [Variant] = []
                for i in 0..<value.count {
                    guard let item = Variant(reading: value.child(i)) else { return nil }
                    items.append(item)
                }
                self = .tuple(items)
            } else {
                return nil
            }
        }
    }
}
