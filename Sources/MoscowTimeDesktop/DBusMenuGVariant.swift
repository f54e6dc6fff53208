// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// GVariant constructors for the tray's D-Bus objects (StatusNotifierItem, dbusmenu). The variadic
/// `g_variant_new` is not callable from Swift, so values are built from the typed constructors.
/// Every function returns a new floating reference: hand it to a GLib call that sinks it.
enum GV {
    static func string(_ s: String) -> OpaquePointer { g_variant_new_string(s) }
    static func objectPath(_ s: String) -> OpaquePointer { g_variant_new_object_path(s) }
    static func bool(_ b: Bool) -> OpaquePointer { g_variant_new_boolean(b ? 1 : 0) }
    static func int32(_ v: Int32) -> OpaquePointer { g_variant_new_int32(v) }
    static func uint32(_ v: UInt32) -> OpaquePointer { g_variant_new_uint32(v) }
    /// A "v" holding `value`.
    static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    static func tuple(_ items: [OpaquePointer]) -> OpaquePointer {
        var children: [OpaquePointer?] = items
        return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// An array of `elementType` (a GVariant type string such as "(iiay)"); may be empty.
    static func array(_ elementType: String, _ items: [OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children: [OpaquePointer?] = items
        return children.withUnsafeMutableBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }

    static func strings(_ list: [String]) -> OpaquePointer { array("s", list.map(string)) }
    static func int32s(_ list: [Int32]) -> OpaquePointer { array("i", list.map(int32)) }

    /// a{sv}
    static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        array("{sv}", entries.map { g_variant_new_dict_entry(string($0.0), boxed($0.1)) })
    }

    // MARK: reading received values (borrowed pointers)

    static func child(_ v: OpaquePointer, _ i: Int) -> OpaquePointer {
        g_variant_get_child_value(v, gsize(i))!
    }

    static func readInt32(_ v: OpaquePointer, _ i: Int) -> Int32 {
        let c = child(v, i)
        defer { g_variant_unref(c) }
        return g_variant_get_int32(c)
    }

    static func readString(_ v: OpaquePointer, _ i: Int) -> String {
        let c = child(v, i)
        defer { g_variant_unref(c) }
        return String(cString: g_variant_get_string(c, nil))
    }

    static func readInt32s(_ v: OpaquePointer, _ i: Int) -> [Int32] {
        let array = child(v, i)
        defer { g_variant_unref(array) }
        return (0..<Int(g_variant_n_children(array))).map { readInt32(array, $0) }
    }

    static func readStrings(_ v: OpaquePointer, _ i: Int) -> [String] {
        let array = child(v, i)
        defer { g_variant_unref(array) }
        return (0..<Int(g_variant_n_children(array))).map { readString(array, $0) }
    }
}
