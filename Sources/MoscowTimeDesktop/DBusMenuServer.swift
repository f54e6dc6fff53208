// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

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

    public init(connection: BusConnection, objectPath: String = DBusMenuServer.defaultPath) throws {
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
        exporter?.emit(signal: "LayoutUpdated", parameters: .tuple([.uint32(revision), .int32(0)]))
        return true
    }

    // MARK: D-Bus

    private func property(_ name: String) -> Variant? {
        switch name {
        case "Version": return .uint32(Self.protocolVersion)
        case "TextDirection": return .string(textDirection)
        case "Status": return .string("normal")
        case "IconThemePath": return .strings([])
        default: return nil
        }
    }

    private static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    private func handle(_ method: String, _ p: VariantReader) -> DBusReply {
        switch method {
        case "GetLayout":
            let parentID = p.child(0).int32 ?? 0
            let depth = p.child(1).int32 ?? -1
            let names = Set(p.child(2).strings)
            guard let parent = root.find(parentID) else {
                return .error(name: Self.invalidArgs, message: "no menu item \(parentID)")
            }
            return .values(.uint32(revision), layout(parent, depth: depth, names: names))
        case "GetGroupProperties":
            let ids = p.child(0).int32s
            let names = Set(p.child(1).strings)
            let items = ids.isEmpty ? root.flattened : ids.compactMap { root.find($0) }
            return .values(.array(elementType: "(ia{sv})", items.map { .tuple([.int32($0.id), Self.properties($0, names)]) }))
        case "GetProperty":
            let id = p.child(0).int32 ?? 0
            let name = p.child(1).string ?? ""
            guard let item = root.find(id) else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            guard let value = item.properties[name] ?? Self.defaultValue(name) else {
                return .error(name: Self.invalidArgs, message: "menu item \(id) has no property \(name)")
            }
            return .values(.boxed(Self.make(value)))
        case "Event":
            let id = p.child(0).int32 ?? 0
            let event = p.child(1).string ?? ""
            guard root.find(id) != nil else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            onEvent?(id, event)
            return .value(nil)
        case "EventGroup":
            let events = p.child(0)
            var unknown: [Int32] = []
            var known: [(Int32, String)] = []
            for i in 0..<events.count {
                let e = events.child(i)
                let id = e.child(0).int32 ?? 0
                let name = e.child(1).string ?? ""
                if root.find(id) != nil { known.append((id, name)) } else { unknown.append(id) }
            }
            if known.isEmpty && !unknown.isEmpty {
                return .error(name: Self.invalidArgs, message: "no menu items \(unknown.map(String.init).joined(separator: ", "))")
            }
            for (id, name) in known { onEvent?(id, name) }
            return .values(.int32s(unknown))
        case "AboutToShow":
            let id = p.child(0).int32 ?? 0
            guard root.find(id) != nil else { return .error(name: Self.invalidArgs, message: "no menu item \(id)") }
            let before = revision
            onAboutToShow?(id)
            return .values(.bool(revision != before))
        case "AboutToShowGroup":
            let ids = p.child(0).int32s
            let known = ids.filter { root.find($0) != nil }
            let before = revision
            for id in known { onAboutToShow?(id) }
            // After a change, each shown submenu that still exists needs an update.
            let updated = revision != before ? known.filter { root.find($0) != nil } : []
            return .values(.int32s(updated), .int32s(ids.filter { root.find($0) == nil }))
        default:
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
    }

    /// (ia{sv}av) of `item` with children down to `depth` levels (-1: all).
    private func layout(_ item: DBusMenuItem, depth: Int32, names: Set<String>) -> Variant {
        let children: [Variant] =
            depth == 0
            ? []
            : item.children.map {
                .boxed(layout($0, depth: depth < 0 ? -1 : depth - 1, names: names))
            }
        return .tuple([.int32(item.id), Self.properties(item, names), .array(elementType: "v", children)])
    }

    private static func properties(_ item: DBusMenuItem, _ names: Set<String>) -> Variant {
        .dictionary(
            item.properties.sorted { $0.key < $1.key }
                .filter { names.isEmpty || names.contains($0.key) }
                .map { ($0.key, make($0.value)) })
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

    private static func make(_ v: DBusMenuValue) -> Variant {
        switch v {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int32(let i): return .int32(i)
        }
    }
}
