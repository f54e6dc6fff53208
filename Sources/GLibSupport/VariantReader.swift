// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Read access to a received GVariant. Every typed accessor checks the type and answers nil on a
/// mismatch, so a peer sending the wrong shape gets defaults, never a crash. Children are new
/// references, released with their reader. Two readers are equal when their values are
/// (g_variant_equal: same type, same contents).
public final class VariantReader: Equatable, CustomStringConvertible, @unchecked Sendable {
    public let pointer: OpaquePointer
    private let owned: Bool

    /// Reads `pointer` without taking a reference (the caller keeps it alive).
    public init(borrowing pointer: OpaquePointer) {
        self.pointer = pointer
        owned = false
    }
    /// Takes over a reference the caller owned.
    public init(owning pointer: OpaquePointer) {
        self.pointer = pointer
        owned = true
    }
    /// Builds `value` and reads it (for tests and for comparing with received values).
    public convenience init(_ value: Variant) { self.init(owning: g_variant_ref_sink(value.make())) }

    deinit { if owned { g_variant_unref(pointer) } }

    public static func == (a: VariantReader, b: VariantReader) -> Bool {
        g_variant_equal(gconstpointer(a.pointer), gconstpointer(b.pointer)) != 0
    }

    /// GVariant text format, e.g. `(uint32 7, 'snooze')`.
    public var description: String {
        guard let text = g_variant_print(pointer, 1) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    public var typeString: String { String(cString: g_variant_get_type_string(pointer)) }
    /// Children of a container (0 for a basic value).
    public var count: Int { g_variant_is_container(pointer) != 0 ? Int(g_variant_n_children(pointer)) : 0 }

    /// Child `i` of a container; an empty tuple's reader when there is no such child.
    public func child(_ i: Int) -> VariantReader {
        guard i >= 0, i < count, let child = g_variant_get_child_value(pointer, gsize(i)) else {
            return VariantReader(.tuple([]))
        }
        return VariantReader(owning: child)
    }

    public var string: String? {
        guard typeString == "s" || typeString == "o" else { return nil }
        return String(cString: g_variant_get_string(pointer, nil))
    }
    public var int64: Int64? { typeString == "x" ? Int64(g_variant_get_int64(pointer)) : nil }
    public var uint32: UInt32? { typeString == "u" ? g_variant_get_uint32(pointer) : nil }
    public var int32: Int32? { typeString == "i" ? g_variant_get_int32(pointer) : nil }
    public var bool: Bool? { typeString == "b" ? g_variant_get_boolean(pointer) != 0 : nil }
    public var strings: [String] { (0..<count).compactMap { child($0).string } }
    public var int32s: [Int32] { (0..<count).compactMap { child($0).int32 } }
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
    /// The value as a `Variant` (nil for types it does not model).
    public var value: Variant? { Variant(reading: self) }
}
