// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// An MPRIS media player (MPRIS D-Bus Interface Specification 2.2) that exists only while it has
/// a track to show: `show(track)` exports /org/mpris/MediaPlayer2 and owns
/// `org.mpris.MediaPlayer2.<suffix>`; `show(nil)` gives both up. Lock screens (Plasma, GNOME 49+)
/// and media keys reach MPRIS players, so this is how something can be answered without unlocking.
///
/// It always says Playing; the buttons arrive as `onCommand`. A track change emits
/// PropertiesChanged(Metadata). Nothing here knows what the track stands for.
@MainActor
public final class MprisPlayer {
    nonisolated public static let objectPath = "/org/mpris/MediaPlayer2"
    nonisolated public static let rootInterface = "org.mpris.MediaPlayer2"
    nonisolated public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    nonisolated public static let namePrefix = "org.mpris.MediaPlayer2."

    public let busName: String
    public let identity: String
    public let desktopEntry: String
    /// Play, Pause, PlayPause, Stop or Next was called.
    public var onCommand: (@MainActor (MprisCommand) -> Void)?
    public private(set) var track: MprisTrack?
    /// True while the bus says the name is ours.
    public private(set) var ownsName = false

    private let connection: BusConnection
    private var root: DBusObjectExporter?
    private var player: DBusObjectExporter?
    private var ownerID: guint = 0
    /// Giving up the name and the object waits for the main loop: a Stop handled inside our own
    /// method call must not unregister the object that is answering it.
    private let teardown = OneShotTimeout()

    /// `suffix`: the part after org.mpris.MediaPlayer2.; `identity`: the player's name as shown;
    /// `desktopEntry`: the .desktop file's basename.
    public init(connection: BusConnection, suffix: String, identity: String, desktopEntry: String) {
        self.connection = connection
        busName = Self.namePrefix + suffix
        self.identity = identity
        self.desktopEntry = desktopEntry
    }

    isolated deinit {
        if ownerID != 0 { g_bus_unown_name(ownerID) }
    }

    /// Shows `track` (appearing on the bus if needed), or disappears with nil.
    public func show(_ new: MprisTrack?) {
        let old = track
        track = new
        guard new != nil else {
            if old != nil { teardown.schedule(afterMilliseconds: 0) { [weak self] in self?.disappear() } }
            return
        }
        teardown.cancel()
        if player == nil {
            appear()
        } else if new != old {
            player?.emitPropertiesChanged([("Metadata", metadata())])
        }
    }

    /// Says PlaybackStatus Playing again (PropertiesChanged, the value unchanged): a client that
    /// follows "the player that plays" looks at us again, e.g. after another player paused.
    public func announcePlaying() {
        guard track != nil else { return }
        player?.emitPropertiesChanged([("PlaybackStatus", .string("Playing"))])
    }

    /// Objects first, then the name: a client that sees the name appear finds the object there.
    private func appear() {
        do {
            root = try DBusObjectExporter(
                connection: connection, objectPath: Self.objectPath, interfaceXML: MprisPlayerXML.xml,
                interfaceName: Self.rootInterface,
                handler: { [weak self] method, parameters, _ in self?.handleRoot(method, parameters) ?? Self.gone },
                getProperty: { [weak self] name in self?.rootProperty(name) })
            player = try DBusObjectExporter(
                connection: connection, objectPath: Self.objectPath, interfaceXML: MprisPlayerXML.xml,
                interfaceName: Self.playerInterface,
                handler: { [weak self] method, parameters, _ in self?.handlePlayer(method, parameters) ?? Self.gone },
                getProperty: { [weak self] name in self?.playerProperty(name) })
        } catch {
            Log.warning("cannot export the media player \(busName): \(error)")
            root = nil
            player = nil
            return
        }
        // REPLACE and ALLOW_REPLACEMENT: the only other owner can be an agent of ours that is exiting.
        let flags =
            G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT.rawValue | G_BUS_NAME_OWNER_FLAGS_REPLACE.rawValue
            | G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE.rawValue
        ownerID = g_bus_own_name_on_connection(
            connection.pointer, busName, GBusNameOwnerFlags(flags),
            mprisNameAcquired, mprisNameLost,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    private func disappear() {
        guard track == nil else { return }
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        ownerID = 0
        ownsName = false
        root = nil
        player = nil
        Log.debug("media player: released \(busName)")
    }

    fileprivate func nameAcquired() {
        ownsName = true
        Log.debug("media player: acquired \(busName)")
    }

    fileprivate func nameLost() {
        ownsName = false
        Log.warning("media player: cannot own \(busName); lock screens and media keys do not reach it")
    }

    // MARK: D-Bus

    private static let gone = DBusReply.error(name: "org.freedesktop.DBus.Error.UnknownObject", message: "the player is gone")

    private func handleRoot(_ method: String, _ parameters: VariantReader) -> DBusReply {
        switch method {
        case "Raise", "Quit": return .value(nil)  // CanRaise and CanQuit are false: no effect
        case "Set": return refuseSet(parameters)
        default: return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
    }

    private func handlePlayer(_ method: String, _ parameters: VariantReader) -> DBusReply {
        switch method {
        case "Play", "Pause", "PlayPause", "Stop", "Next":
            if let command = MprisCommand(rawValue: method), track != nil { onCommand?(command) }
            return .value(nil)
        case "Previous", "Seek", "SetPosition", "OpenUri":  // CanGoPrevious, CanSeek false; no URIs
            return .value(nil)
        case "Set": return refuseSet(parameters)
        default: return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
    }

    /// Properties.Set reaches the method handler (the exporter has no setter): Rate and Volume
    /// stay 1.0, since a ringing alarm is not to be slowed down or turned down from here.
    private func refuseSet(_ parameters: VariantReader) -> DBusReply {
        let name = parameters.child(1).string ?? ""
        return .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "\(name) cannot be changed")
    }

    private func rootProperty(_ name: String) -> Variant? {
        switch name {
        case "CanQuit", "CanRaise", "HasTrackList": return .bool(false)
        case "Identity": return .string(identity)
        case "DesktopEntry": return .string(desktopEntry)
        case "SupportedUriSchemes", "SupportedMimeTypes": return .strings([])
        default: return nil
        }
    }

    private func playerProperty(_ name: String) -> Variant? {
        switch name {
        case "PlaybackStatus": return .string("Playing")
        case "Metadata": return metadata()
        case "Rate", "MinimumRate", "MaximumRate", "Volume": return .double(1.0)
        case "Position": return .int64(0)
        case "CanControl", "CanPlay", "CanPause", "CanGoNext": return .bool(true)
        case "CanGoPrevious", "CanSeek": return .bool(false)
        default: return nil
        }
    }

    private func metadata() -> Variant {
        guard let track else { return .dictionary([("mpris:trackid", .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack"))]) }
        var entries: [(String, Variant)] = [
            ("mpris:trackid", .objectPath(track.trackID)),
            ("xesam:title", .string(track.title)),
            ("xesam:artist", .strings(track.artists)),
        ]
        if let file = track.artFile, let uri = Self.fileURI(file) { entries.append(("mpris:artUrl", .string(uri))) }
        return .dictionary(entries)
    }

    /// file:///… with the path escaped as URIs need, or nil for a relative path.
    private static func fileURI(_ path: String) -> String? {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}

private func mprisNameAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<MprisPlayer>.from(data)
    MainActor.assumeIsolated { ref?.object?.nameAcquired() }
}

private func mprisNameLost(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<MprisPlayer>.from(data)
    MainActor.assumeIsolated { ref?.object?.nameLost() }
}
