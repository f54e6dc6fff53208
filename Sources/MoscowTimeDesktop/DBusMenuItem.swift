// SPDX-License-Identifier: GPL-3.0-or-later
/// A value of a dbusmenu item property.
public enum DBusMenuValue: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case int32(Int32)
}

/// One entry of a com.canonical.dbusmenu menu: an id unique in the menu (0 is the root), its
/// properties (`label`, `enabled`, `visible`, `type`, `icon-name`, `children-display` …) and children.
public struct DBusMenuItem: Hashable, Sendable {
    public var id: Int32
    public var properties: [String: DBusMenuValue]
    public var children: [DBusMenuItem]

    public init(id: Int32, properties: [String: DBusMenuValue], children: [DBusMenuItem] = []) {
        self.id = id
        self.properties = properties
        self.children = children
    }

    /// A clickable (or, with `enabled: false`, greyed-out informational) entry. `label` is shown as
    /// is: underscores are escaped, since dbusmenu takes "_" as the mnemonic marker.
    public static func standard(id: Int32, label: String, enabled: Bool = true, iconName: String? = nil) -> DBusMenuItem {
        var p: [String: DBusMenuValue] = [
            "type": .string("standard"), "label": .string(escapeLabel(label)),
            "enabled": .bool(enabled), "visible": .bool(true),
        ]
        if let iconName { p["icon-name"] = .string(iconName) }
        return DBusMenuItem(id: id, properties: p)
    }

    public static func separator(id: Int32) -> DBusMenuItem {
        DBusMenuItem(id: id, properties: ["type": .string("separator"), "visible": .bool(true)])
    }

    /// "_" is the mnemonic marker in dbusmenu labels; a literal one is written "__".
    public static func escapeLabel(_ s: String) -> String {
        guard s.contains("_") else { return s }
        var out = ""
        for c in s {
            out.append(c)
            if c == "_" { out.append("_") }
        }
        return out
    }

    /// Depth-first search for `id` in this item and its descendants.
    public func find(_ id: Int32) -> DBusMenuItem? {
        if self.id == id { return self }
        for child in children { if let found = child.find(id) { return found } }
        return nil
    }

    /// This item and every descendant, depth-first.
    public var flattened: [DBusMenuItem] { [self] + children.flatMap(\.flattened) }
}
