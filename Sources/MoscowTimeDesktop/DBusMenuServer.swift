// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// A com.canonical.dbusmenu menu (protocol version 3) exported on a bus connection: what a
/// StatusNotifierItem host shows when the tray icon is right-clicked.
///
/// The owner hands over the whole item tree with `setItems`; any change increments the layout
/// revision and emits LayoutUpdated(revision, 0), so hosts re-read it with GetLayout. Clicks arrive
/// as Event(id, "clicked", …) and go to `onEvent` synchronously, before the reply, so a caller sees
/// the effect once its call returns (an owner that must outlive the reply, e.g. Quit, defers).
/// `onAboutToShow` lets the owner refresh the tree just before a host opens the menu.
/// Property-only changes are announced with LayoutUpdated too (simpler for hosts and for us than
/// ItemsPropertiesUpdated, which the interface declares but this server never emits).
@MainActor
public final class DBusMenuServer {
    public static let interfaceName = "com.canonical.dbusmenu"
    public static let defaultPath = "/MenuBar"
    public static let protocolVersion: UInt32 = 3

    public let objectPath: String
    /// Layout revision: starts at 1, +1 on every change of the tree.
    public private(set) var revision: UInt32 = 1
    public private(set) var root: DBusMenuItem
    /// An event on an existing item: (id, eventId such as "clicked", "opened", "closed", "hovered").
    public var onEvent: (@MainActor (Int32, String) -> Void)?
    /// A host is about to show the menu (or the submenu `id`): refresh it with `setItems` now.
    public var onAboutToShow: (@MainActor (Int32) -> Void)?
    public var textDirection = "ltr"

    private var exporter: DBusObjectExporter?

    public init(connection: OpaquePointer, objectPath: String = DBusMenuServer.defaultPath) throws {
        self.objectPath = objectPath
        root = DBusMenuItem(id: 0, properties: ["children-display": .string("submenu")])
        exporter = try DBusObjectExporter(
            connection: connection, objectPath: objectPath, interfaceXML: DBusMenuXML.xml,
            interfaceName: Self.interfaceName,
            handler: { [weak self] method, parameters, _ in
                guard let self else { return .error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "menu is gone") }
                return self.handle(method, parameters)
            },
            getProperty: { [weak self] name in self?.property(name) })
    }

    /// Replaces the root's children. Returns whether anything changed (and LayoutUpdated was emitted).
    @discardableResult
    public func setItems(_ items: [DBusMenuItem]) -> Bool {
        guard items != root.children else { return false }
        root.children = items
        revision &+= 1
        exporter?.emit(signal: "LayoutUpdated", parameters: GV.tuple([GV.uint32(revision), GV.int32(0)]))
        return true
    }

    // MARK: D-Bus

    private func property(_ name: String) -> OpaquePointer? {
        switch name {
        case "Version": return GV.uint32(Self.protocolVersion)
        case "TextDirection": return GV.string(textDirection)
        case "Status": return GV.string("normal")
        case "IconThemePath": return GV.strings([])
        default: return nil
        }
    }

    private static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    private func handle(_ method: String, _ p: OpaquePointer) -> DBusReply {
        switch method {
        case "GetLayout":
            let parentID = GV.readInt32(p, 0), depth = GV.readInt32(p, 1)
            let names = Set(GV.readStrings(p, 2))
            guard let parent = root.find(parentID) else {
                return .error(name: Self.invalidArgs, message: "no menu item \(parentID)")
            }
            return .value(GV.tuple([GV.uint32(revision), layout(parent, depth: depth, names: names)]))
        case "GetGroupProperties":
            let ids = GV.readInt32s(p, 0)
            let names = Set(GV.readStrings(p, 1))
            let items = ids.isEmpty ? root.flattened : ids.compactMap { root.find($0) }
            return .value(GV.tuple([GV.array("(ia{sv})", items.map { GV.tuple([GV.int32($0.id), Self.properties($0, names)]) })]))
        case "GetProperty":
            let id = GV.readInt32(p, 0), name = GV.readString(p, 1)
            guard let item = root.find(id) else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            guard let value = item.properties[name] ?? Self.defaultValue(name) else {
                return .error(name: Self.invalidArgs, message: "menu item \(id) has no property \(name)")
            }
            return .value(GV.tuple([GV.boxed(Self.make(value))]))
        case "Event":
            let id = GV.readInt32(p, 0), event = GV.readString(p, 1)
            guard root.find(id) != nil else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            onEvent?(id, event)
            return .value(nil)
        case "EventGroup":
            let events = GV.child(p, 0)
            defer { g_variant_unref(events) }
            var unknown: [Int32] = [], known: [(Int32, String)] = []
            for i in 0..<Int(g_variant_n_children(events)) {
                let e = GV.child(events, i)
                let id = GV.readInt32(e, 0), name = GV.readString(e, 1)
                g_variant_unref(e)
                if root.find(id) != nil { known.append((id, name)) } else { unknown.append(id) }
            }
            if known.isEmpty && !unknown.isEmpty {
                return .error(name: Self.invalidArgs, message: "no menu items \(unknown.map(String.init).joined(separator: ", "))")
            }
            for (id, name) in known { onEvent?(id, name) }
            return .value(GV.tuple([GV.int32s(unknown)]))
        case "AboutToShow":
            let id = GV.readInt32(p, 0)
            guard root.find(id) != nil else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            let before = revision
            onAboutToShow?(id)
            return .value(GV.tuple([GV.bool(revision != before)]))
        case "AboutToShowGroup":
            let ids = GV.readInt32s(p, 0)
            let known = ids.filter { root.find($0) != nil }
            let before = revision
            for id in known { onAboutToShow?(id) }
            // After a change, each shown submenu that still exists needs an update.
            let updated = revision != before ? known.filter { root.find($0) != nil } : []
            return .value(GV.tuple([GV.int32s(updated), GV.int32s(ids.filter { root.find($0) == nil })]))
        default:
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
    }

    /// (ia{sv}av) of `item` with children down to `depth` levels (-1: all).
    private func layout(_ item: DBusMenuItem, depth: Int32, names: Set<String>) -> OpaquePointer {
        let children: [OpaquePointer] = depth == 0 ? [] : item.children.map {
            GV.boxed(layout($0, depth: depth < 0 ? -1 : depth - 1, names: names))
        }
        return GV.tuple([GV.int32(item.id), Self.properties(item, names), GV.array("v", children)])
    }

    private static func properties(_ item: DBusMenuItem, _ names: Set<String>) -> OpaquePointer {
        let entries = item.properties.sorted { $0.key < $1.key }
            .filter { names.isEmpty || names.contains($0.key) }
            .map { ($0.key, make($0.value)) }
        return GV.dictionary(entries)
    }

    /// The spec's defaults, for GetProperty of a property an item does not set.
    private static func defaultValue(_ name: String) -> DBusMenuValue? {
        switch name {
        case "type": return .string("standard")
        case "label": return .string("")
        case "enabled", "visible": return .bool(true)
        default: return nil
        }
    }

    private static func make(_ v: DBusMenuValue) -> OpaquePointer {
        switch v {
        case .string(let s): return GV.string(s)
        case .bool(let b): return GV.bool(b)
        case .int32(let i): return GV.int32(i)
        }
    }
}
