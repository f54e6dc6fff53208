// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// A GVariant value built from Swift. GLib's variadic g_variant_new cannot be called from Swift, so
/// values are assembled from the typed constructors (g_variant_new_string, _tuple, _array …).
public indirect enum Variant: Sendable, Equatable {
    case string(String)
    case int64(Int64)
    case uint32(UInt32)
    case bool(Bool)
    case strings([String])
    /// An array whose element type is `elementType` (a GVariant type string such as "(ssxb)").
    case array(elementType: String, [Variant])
    case tuple([Variant])
    /// a{sv}
    case dictionary([(String, Variant)])

    public static func == (a: Variant, b: Variant) -> Bool { "\(a)" == "\(b)" }

    /// A new floating GVariant: hand it to a GLib call that sinks it.
    public func make() -> OpaquePointer {
        switch self {
        case .string(let s): return g_variant_new_string(s)
        case .int64(let v): return g_variant_new_int64(gint64(v))
        case .uint32(let v): return g_variant_new_uint32(v)
        case .bool(let v): return g_variant_new_boolean(v ? 1 : 0)
        case .strings(let list):
            return Variant.array(elementType: "s", list.map(Variant.string)).make()
        case .array(let type, let items):
            let t = g_variant_type_new(type)
            defer { g_variant_type_free(t) }
            var children: [OpaquePointer?] = items.map { $0.make() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_array(t, $0.baseAddress, gsize($0.count)) }
        case .tuple(let items):
            var children: [OpaquePointer?] = items.map { $0.make() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .dictionary(let entries):
            let items = entries.map { key, value in
                VariantEntry(key: key, value: value)
            }
            let t = g_variant_type_new("{sv}")
            defer { g_variant_type_free(t) }
            var children: [OpaquePointer?] = items.map { $0.make() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_array(t, $0.baseAddress, gsize($0.count)) }
        }
    }
}

private struct VariantEntry {
    let key: String
    let value: Variant
    func make() -> OpaquePointer {
        g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.make()))
    }
}

/// Read access to a received GVariant. Children are new references, released with their reader.
public final class VariantReader {
    public let pointer: OpaquePointer
    private let owned: Bool

    /// Reads `pointer` without taking a reference (the caller keeps it alive).
    public init(borrowing pointer: OpaquePointer) { self.pointer = pointer; owned = false }
    /// Takes over a reference the caller owned.
    public init(owning pointer: OpaquePointer) { self.pointer = pointer; owned = true }

    deinit { if owned { g_variant_unref(pointer) } }

    public var typeString: String { String(cString: g_variant_get_type_string(pointer)) }
    public var count: Int { Int(g_variant_n_children(pointer)) }

    public func child(_ i: Int) -> VariantReader { VariantReader(owning: g_variant_get_child_value(pointer, gsize(i))!) }

    public var string: String? {
        guard typeString == "s" || typeString == "o" else { return nil }
        return String(cString: g_variant_get_string(pointer, nil))
    }
    public var int64: Int64? { typeString == "x" ? Int64(g_variant_get_int64(pointer)) : nil }
    public var uint32: UInt32? { typeString == "u" ? g_variant_get_uint32(pointer) : nil }
    public var int32: Int32? { typeString == "i" ? g_variant_get_int32(pointer) : nil }
    public var bool: Bool? { typeString == "b" ? g_variant_get_boolean(pointer) != 0 : nil }
    public var strings: [String] { (0..<count).compactMap { child($0).string } }
    /// The value inside a "v" (itself otherwise).
    public var unboxed: VariantReader {
        guard typeString == "v", let inner = g_variant_get_variant(pointer) else { return self }
        return VariantReader(owning: inner)
    }
    /// a{sv} lookup.
    public func lookup(_ key: String) -> VariantReader? {
        for i in 0..<count {
            let entry = child(i)
            if entry.child(0).string == key { return entry.child(1).unboxed }
        }
        return nil
    }
}
