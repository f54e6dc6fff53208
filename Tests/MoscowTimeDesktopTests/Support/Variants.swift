// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// GVariant building and reading for tests (the variadic g_variant_new/get are not callable).
enum Variants {
    static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer? {
        var children = children
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// `av`: each value wrapped in a variant.
    static func variantArray(_ values: [OpaquePointer?]) -> OpaquePointer? {
        var boxed: [OpaquePointer?] = values.map { g_variant_new_variant($0) }
        let type = g_variant_type_new("v")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, &boxed, gsize(boxed.count))
    }

    static func child(_ value: OpaquePointer, _ index: Int) -> OpaquePointer {
        g_variant_get_child_value(value, gsize(index))
    }

    static func string(_ value: OpaquePointer, _ index: Int) -> String {
        let item = child(value, index)
        defer { g_variant_unref(item) }
        let inner = unwrap(item)
        defer { g_variant_unref(inner) }
        return String(cString: g_variant_get_string(inner, nil))
    }

    /// Looks through a `v` wrapper (returns a new reference either way).
    static func unwrap(_ value: OpaquePointer) -> OpaquePointer {
        if String(cString: g_variant_get_type_string(value)) == "v" {
            return g_variant_get_variant(value)
        }
        return g_variant_ref(value)
    }

    static func print(_ value: OpaquePointer) -> String {
        let text = g_variant_print(value, 1)
        defer { g_free(text) }
        return String(cString: text!)
    }

    static func uint32(_ value: UInt32) -> OpaquePointer? { g_variant_new_uint32(value) }
    static func string(_ value: String) -> OpaquePointer? { g_variant_new_string(value) }
    static func boolean(_ value: Bool) -> OpaquePointer? { g_variant_new_boolean(value ? 1 : 0) }
}
