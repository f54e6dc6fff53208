// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// What a tray icon shows: the parts of org.kde.StatusNotifierItem that change while running.
public struct StatusNotifierAppearance: Equatable, Sendable {
    public enum Status: String, Sendable {
        case passive = "Passive"
        case active = "Active"
        case needsAttention = "NeedsAttention"
    }

    public var title: String
    public var status: Status
    /// Icon theme names (hicolor).
    public var iconName: String
    public var attentionIconName: String
    public var toolTipIconName: String
    public var toolTipTitle: String
    /// May contain a subset of HTML markup per the spec; we pass plain text.
    public var toolTipText: String

    public init(
        title: String, status: Status = .active, iconName: String, attentionIconName: String = "",
        toolTipIconName: String = "", toolTipTitle: String = "", toolTipText: String = ""
    ) {
        self.title = title
        self.status = status
        self.iconName = iconName
        self.attentionIconName = attentionIconName
        self.toolTipIconName = toolTipIconName
        self.toolTipTitle = toolTipTitle
        self.toolTipText = toolTipText
    }
}

/// Whether a tray shows the item, and if not, why (for `agent-cli status`).
public enum TrayVisibility: String, Sendable {
    /// Not known yet: the bus has not answered.
    case pending
    /// Registered with the StatusNotifierWatcher: a StatusNotifierItem host shows it.
    case shown
    /// No StatusNotifierWatcher on the session bus: an XEmbed-only tray (trayer, tint2, i3bar) or
    /// GNOME without the AppIndicator extension; nothing shows the item.
    case noWatcher = "no-watcher"
    /// The watcher refused or did not answer RegisterStatusNotifierItem.
    case notRegistered = "not-registered"
    /// The item's bus name could not be owned.
    case noBusName = "no-bus-name"
}

/// A tray icon: org.kde.StatusNotifierItem (freedesktop.org wiki, Specifications/StatusNotifierItem)
/// on an existing bus connection.
///
/// Owns `org.kde.StatusNotifierItem-<pid>-<n>`, exports `/StatusNotifierItem`, and registers with
/// org.kde.StatusNotifierWatcher each time a watcher gets its name (at start, after a panel
/// restart). Without a watcher nothing is shown and nothing fails: the item waits for one.
/// `update` emits NewTitle/NewIcon/NewAttentionIcon/NewStatus/NewToolTip (and PropertiesChanged)
/// for what changed. Clicks arrive as `onActivate` (left), `onSecondaryActivate` (middle),
/// `onContextMenu` (hosts without dbusmenu support) and `onScroll`.
@MainActor
public final class StatusNotifierItem {
    public static let interfaceName = "org.kde.StatusNotifierItem"
    public static let objectPath = "/StatusNotifierItem"
    public static let watcherName = "org.kde.StatusNotifierWatcher"
    public static let watcherPath = "/StatusNotifierWatcher"

    /// The well-known name this item owns (and registers with the watcher).
    public let busName: String
    public let id: String
    public let category: String
    public let menuPath: String?
    public private(set) var appearance: StatusNotifierAppearance
    /// True while we own `busName`.
    public private(set) var ownsName = false
    /// The unique name of the watcher we last registered with successfully.
    public private(set) var registeredWith: String?

    /// Directory the host should also search for `iconName` (the spec's IconThemePath): the
    /// icons of a build tree or of an install prefix the desktop's icon theme does not cover.
    public let iconThemePath: String

    public var onActivate: (@MainActor (Int32, Int32) -> Void)?
    public var onSecondaryActivate: (@MainActor (Int32, Int32) -> Void)?
    public var onContextMenu: (@MainActor (Int32, Int32) -> Void)?
    public var onScroll: (@MainActor (Int32, String) -> Void)?

    private let connection: BusConnection
    private var exporter: DBusObjectExporter?
    private var ownerID: guint = 0
    private var watchID: guint = 0
    private var watcherOwner: String?
    private var watcherKnown = false
    private var nameRefused = false
    private var registrationError: String?
    private static var instances: Int = 0

    /// `id` is the application's stable identifier (the spec's Id); `menuPath` the dbusmenu object.
    public init(
        connection: BusConnection, id: String, category: String = "ApplicationStatus",
        menuPath: String?, appearance: StatusNotifierAppearance, iconThemePath: String = ""
    ) throws {
        self.iconThemePath = iconThemePath
        self.connection = connection
        Self.instances += 1
        busName = "org.kde.StatusNotifierItem-\(getpid())-\(Self.instances)"
        self.id = id
        self.category = category
        self.menuPath = menuPath
        self.appearance = appearance
        exporter = try DBusObjectExporter(
            connection: connection, objectPath: Self.objectPath, interfaceXML: StatusNotifierItemXML.xml,
            interfaceName: Self.interfaceName,
            handler: { [weak self] method, parameters, _ in
                guard let self else { return .error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "item is gone") }
                return self.handle(method, parameters)
            },
            getProperty: { [weak self] name in self?.property(name) })
        ownerID = g_bus_own_name_on_connection(
            connection.pointer, busName, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
            sniNameAcquired, sniNameLost,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
        watchID = g_bus_watch_name_on_connection(
            connection.pointer, Self.watcherName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            sniWatcherAppeared, sniWatcherVanished,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    isolated deinit {
        if watchID != 0 { g_bus_unwatch_name(watchID) }
        if ownerID != 0 { g_bus_unown_name(ownerID) }
    }

    /// Shows `new`; emits the signals of what changed.
    public func update(_ new: StatusNotifierAppearance) {
        let old = appearance
        guard new != old else { return }
        appearance = new
        var changed: [(String, Variant)] = []
        if new.title != old.title {
            changed.append(("Title", .string(new.title)))
            exporter?.emit(signal: "NewTitle", parameters: nil)
        }
        if new.iconName != old.iconName {
            changed.append(("IconName", .string(new.iconName)))
            exporter?.emit(signal: "NewIcon", parameters: nil)
        }
        if new.attentionIconName != old.attentionIconName {
            changed.append(("AttentionIconName", .string(new.attentionIconName)))
            exporter?.emit(signal: "NewAttentionIcon", parameters: nil)
        }
        if new.status != old.status {
            changed.append(("Status", .string(new.status.rawValue)))
            exporter?.emit(signal: "NewStatus", parameters: .tuple([.string(new.status.rawValue)]))
        }
        if new.toolTipTitle != old.toolTipTitle || new.toolTipText != old.toolTipText || new.toolTipIconName != old.toolTipIconName {
            changed.append(("ToolTip", toolTip()))
            exporter?.emit(signal: "NewToolTip", parameters: nil)
        }
        exporter?.emitPropertiesChanged(changed)
    }

    // MARK: D-Bus

    private func toolTip() -> Variant {
        .tuple([
            .string(appearance.toolTipIconName), .array(elementType: "(iiay)", []),
            .string(appearance.toolTipTitle), .string(appearance.toolTipText),
        ])
    }

    private func property(_ name: String) -> Variant? {
        switch name {
        case "Category": return .string(category)
        case "Id": return .string(id)
        case "Title": return .string(appearance.title)
        case "Status": return .string(appearance.status.rawValue)
        case "WindowId": return .int32(0)
        case "IconThemePath": return .string(iconThemePath)
        case "Menu": return .objectPath(menuPath ?? "/")
        case "ItemIsMenu": return .bool(false)
        case "IconName": return .string(appearance.iconName)
        case "IconPixmap", "OverlayIconPixmap", "AttentionIconPixmap": return .array(elementType: "(iiay)", [])
        case "OverlayIconName": return .string("")
        case "AttentionIconName": return .string(appearance.attentionIconName)
        case "AttentionMovieName": return .string("")
        case "ToolTip": return toolTip()
        default: return nil
        }
    }

    private func handle(_ method: String, _ p: VariantReader) -> DBusReply {
        let first = p.child(0).int32 ?? 0
        switch method {
        case "Activate": onActivate?(first, p.child(1).int32 ?? 0)
        case "SecondaryActivate": onSecondaryActivate?(first, p.child(1).int32 ?? 0)
        case "ContextMenu": onContextMenu?(first, p.child(1).int32 ?? 0)
        case "Scroll": onScroll?(first, p.child(1).string ?? "")
        default: return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
        return .value(nil)
    }

    // MARK: name and watcher

    public var visibility: TrayVisibility {
        if nameRefused { return .noBusName }
        if registeredWith != nil { return .shown }
        if registrationError != nil { return .notRegistered }
        if watcherKnown && watcherOwner == nil { return .noWatcher }
        return .pending
    }

    fileprivate func nameAcquired() {
        ownsName = true
        Log.debug("tray: acquired \(busName)")
        register()
    }

    fileprivate func nameLost() {
        ownsName = false
        nameRefused = true
        registeredWith = nil
        Log.debug("tray: cannot own \(busName); the tray icon is not shown")
    }

    fileprivate func watcherAppeared(_ owner: String) {
        watcherKnown = true
        watcherOwner = owner
        registrationError = nil
        register()
    }

    fileprivate func watcherVanished() {
        if !watcherKnown {
            // Once, at start: on an XEmbed-only tray the icon is silently missing otherwise.
            Log.info(
                "tray: no \(Self.watcherName) on the session bus, so no tray shows the icon "
                    + "(XEmbed-only trays such as trayer, tint2 or i3bar, and GNOME without the AppIndicator "
                    + "extension, have none); notifications work as usual, and the icon appears when a "
                    + "StatusNotifierItem host starts")
        } else if watcherOwner == nil {
            Log.debug("tray: still no \(Self.watcherName)")
        } else {
            Log.debug("tray: \(Self.watcherName) went away")
        }
        watcherKnown = true
        watcherOwner = nil
        registeredWith = nil
    }

    /// RegisterStatusNotifierItem(busName), asynchronously: a slow panel must not hold up alarms.
    private func register() {
        guard ownsName, let owner = watcherOwner, registeredWith != owner else { return }
        connection.callAsync(
            destination: owner, path: Self.watcherPath, interface: Self.watcherName,
            method: "RegisterStatusNotifierItem", [.string(busName)], timeoutMilliseconds: 10_000
        ) { [weak self] result in
            switch result {
            case .success: self?.registrationFinished(watcher: owner, error: nil)
            case .failure(let error): self?.registrationFinished(watcher: owner, error: error.message)
            }
        }
    }

    fileprivate func registrationFinished(watcher: String, error: String?) {
        guard watcher == watcherOwner else { return }  // a newer watcher has appeared meanwhile
        if let error {
            Log.warning("tray: \(Self.watcherName) did not register the icon: \(error)")
            registrationError = error
            return
        }
        registrationError = nil
        registeredWith = watcher
        Log.debug("tray: registered \(busName) with \(Self.watcherName) (\(watcher))")
    }
}

private func sniNameAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<StatusNotifierItem>.from(data)
    MainActor.assumeIsolated { ref?.object?.nameAcquired() }
}

private func sniNameLost(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<StatusNotifierItem>.from(data)
    MainActor.assumeIsolated { ref?.object?.nameLost() }
}

private func sniWatcherAppeared(
    _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ owner: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?
) {
    let ref = WeakRef<StatusNotifierItem>.from(data)
    let ownerName = owner.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { ref?.object?.watcherAppeared(ownerName) }
}

private func sniWatcherVanished(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<StatusNotifierItem>.from(data)
    MainActor.assumeIsolated { ref?.object?.watcherVanished() }
}
