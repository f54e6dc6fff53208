// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Pauses every other MPRIS player that is playing, and later resumes exactly those that are
/// still paused. Every call is asynchronous with a timeout: a hung or slow player holds up nothing
/// (it is simply not paused, or not resumed). The bookkeeping is `PausedPlayers`.
@MainActor
public final class OtherPlayersPause {
    private let connection: BusConnection
    private let own: String
    private let timeout: Int32
    private var book = PausedPlayers()
    private var subscriptionID: guint = 0

    /// `own`: our own player's name, never paused. `timeoutMilliseconds` bounds each call.
    public init(connection: BusConnection, own: String, timeoutMilliseconds: Int32 = 2000) {
        self.connection = connection
        self.own = own
        timeout = timeoutMilliseconds
    }

    /// During a round: a player answered our Pause, or another player said it no longer plays
    /// (PropertiesChanged, which browsers send after answering Pause). The argument is its name
    /// (a unique name for the signal).
    public var onPaused: (@MainActor (String) -> Void)?

    /// The players paused so far in this round.
    public var paused: [String] { book.paused }

    isolated deinit { unsubscribe() }

    /// Lists the players and pauses those that answer Playing. Nothing when a round is under way.
    public func pause() {
        guard let round = book.begin() else { return }
        subscribe()
        connection.callAsync(
            destination: BusConnection.daemonName, path: "/org/freedesktop/DBus",
            interface: BusConnection.daemonName, method: "ListNames", replyType: "(as)",
            timeoutMilliseconds: timeout
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let reply):
                for name in PausedPlayers.candidates(reply.child(0).strings, own: self.own) { self.pauseIfPlaying(name, round: round) }
            case .failure(let error):
                Log.warning("media players: cannot list bus names: \(error.message)")
            }
        }
    }

    /// Ends the round: resumes the players it paused that are still Paused.
    public func resume() {
        unsubscribe()
        for name in book.end() {
            status(of: name) { [weak self] status in
                guard let self, PausedPlayers.shouldResume(status: status) else { return }
                if let round = self.book.round {
                    // Something began again meanwhile: the player stays paused, and this round resumes it.
                    self.book.didPause(name, round: round)
                    return
                }
                Log.info("media players: resuming \(name)")
                self.call(name, "Play")
            }
        }
    }

    /// Ends the round without resuming anything.
    public func forget() {
        unsubscribe()
        _ = book.end()
    }

    /// PropertiesChanged of every MPRIS player's Player interface, while a round is under way.
    private func subscribe() {
        guard subscriptionID == 0 else { return }
        subscriptionID = g_dbus_connection_signal_subscribe(
            connection.pointer, nil, "org.freedesktop.DBus.Properties", "PropertiesChanged", MprisPlayer.objectPath,
            MprisPlayer.playerInterface, G_DBUS_SIGNAL_FLAGS_NONE, otherPlayerChanged,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    private func unsubscribe() {
        if subscriptionID != 0 { g_dbus_connection_signal_unsubscribe(connection.pointer, subscriptionID) }
        subscriptionID = 0
    }

    fileprivate func playerChanged(sender: String, status: String) {
        guard book.round != nil, status != "Playing", sender != connection.uniqueName else { return }
        onPaused?(sender)
    }

    private func pauseIfPlaying(_ name: String, round: Int) {
        status(of: name) { [weak self] status in
            guard let self, self.book.shouldPause(name, status: status, round: round) else { return }
            Log.info("media players: pausing \(name)")
            self.book.didPause(name, round: round)
            self.call(name, "Pause") { [weak self] in self?.onPaused?(name) }
        }
    }

    /// PlaybackStatus of `name`, or nil when it does not answer in time.
    private func status(of name: String, _ answer: @escaping @MainActor (String?) -> Void) {
        connection.callAsync(
            destination: name, path: MprisPlayer.objectPath, interface: "org.freedesktop.DBus.Properties",
            method: "Get", [.string(MprisPlayer.playerInterface), .string("PlaybackStatus")],
            replyType: "(v)", timeoutMilliseconds: timeout
        ) { result in
            switch result {
            case .success(let reply): answer(reply.child(0).unboxed.string)
            case .failure(let error):
                Log.debug("media players: \(name) did not say whether it plays: \(error.message)")
                answer(nil)
            }
        }
    }

    private func call(_ name: String, _ method: String, answered: (@MainActor () -> Void)? = nil) {
        connection.callAsync(
            destination: name, path: MprisPlayer.objectPath, interface: MprisPlayer.playerInterface,
            method: method, timeoutMilliseconds: timeout
        ) { result in
            switch result {
            case .success: answered?()
            case .failure(let error): Log.warning("media players: \(name) did not answer \(method): \(error.message)")
            }
        }
    }
}

/// GDBusSignalCallback of the PropertiesChanged subscription: (sa{sv}as), interface first.
private func otherPlayerChanged(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?,
    _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
    _ signal: UnsafePointer<CChar>?, _ parameters: OpaquePointer?,
    _ data: UnsafeMutableRawPointer?
) {
    guard let parameters, let sender else { return }
    let arguments = VariantReader(borrowing: parameters)
    guard arguments.typeString == "(sa{sv}as)", let status = arguments.child(1).lookup("PlaybackStatus")?.string else { return }
    let name = String(cString: sender)
    let ref = WeakRef<OtherPlayersPause>.from(data)
    MainActor.assumeIsolated { ref?.object?.playerChanged(sender: name, status: status) }
}
