// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain

/// A notification server in memory: records what is shown, updated and closed, and lets a test
/// press buttons or close notifications as a user or a server would.
@MainActor
final class FakeNotificationServer: NotificationShowing {
    var onServerAppeared: (@MainActor () -> Void)?
    var onServerVanished: (@MainActor () -> Void)?
    var caps: [String]
    /// When set, every show throws (no server).
    var failing = false
    /// Called as each notification is shown, before the caller goes on (what was saved by then?).
    var onPresent: (() -> Void)?
    private(set) var capabilityQueries = 0
    private(set) var shown: [FakeNotification] = []
    private var nextID: UInt32 = 1
    /// CloseNotification calls for notifications of an earlier agent: (id, server).
    private(set) var leftoverCloses: [(id: UInt32, server: String)] = []
    var serverOwner: String? { failing ? nil : ":1.7" }

    func closeLeftover(id: UInt32, server: String) { leftoverCloses.append((id, server)) }

    init(caps: [String] = ["actions", "body", "body-markup"]) { self.caps = caps }

    func capabilities() -> [String] {
        capabilityQueries += 1
        return failing ? [] : caps
    }

    func serverInfo() -> (name: String, vendor: String, version: String, spec: String)? {
        failing ? nil : ("fake", "tests", "1.0", "1.2")
    }

    func present(
        _ content: NotificationContent, onAction: @escaping @MainActor (String) -> Void,
        onClosed: @escaping @MainActor (NotificationCloseReason) -> Void
    ) throws -> any ShownNotification {
        if failing { throw FakeServerError() }
        onPresent?()
        let n = FakeNotification(id: nextID, content: content, onAction: onAction, onClosed: onClosed)
        nextID += 1
        shown.append(n)
        return n
    }

    /// Notifications on screen now.
    var onScreen: [FakeNotification] { shown.filter(\.isShowing) }
}

struct FakeServerError: Error {}

@MainActor
final class FakeNotification: ShownNotification {
    let serverID: UInt32
    private(set) var content: NotificationContent
    private(set) var isShowing = true
    private(set) var updates = 0
    private(set) var closedByUs = false
    private let onAction: @MainActor (String) -> Void
    private let onClosed: @MainActor (NotificationCloseReason) -> Void

    init(
        id: UInt32, content: NotificationContent, onAction: @escaping @MainActor (String) -> Void,
        onClosed: @escaping @MainActor (NotificationCloseReason) -> Void
    ) {
        serverID = id
        self.content = content
        self.onAction = onAction
        self.onClosed = onClosed
    }

    func update(_ content: NotificationContent) throws {
        self.content = content
        updates += 1
        isShowing = true
    }

    /// As libnotify: our close is reported back as closed-by-call.
    func close() {
        guard isShowing else { return }
        isShowing = false
        closedByUs = true
        onClosed(.closedByCall)
    }

    /// The user pressed a button (or clicked the body: "default").
    func press(_ action: String) { onAction(action) }

    /// The server closed it (the user dismissed it, it expired …).
    func serverCloses(_ reason: NotificationCloseReason) {
        isShowing = false
        onClosed(reason)
    }

    var actionIDs: [String] { content.actions.map(\.id) }
}

/// A sound backend in memory: which keys loop, which played once.
@MainActor
final class FakeSoundPlayer: SoundPlaying {
    var onProblem: (@MainActor (String) -> Void)?
    var backendState = "fake: ok"
    private(set) var looping: [UInt32: SoundSource] = [:]
    private(set) var ramps: [UInt32: VolumeRamp?] = [:]
    private(set) var playedOnce: [(key: UInt32, source: SoundSource)] = []
    private(set) var stopped: [UInt32] = []

    func startLoop(key: UInt32, source: SoundSource, volumeRamp: VolumeRamp?) {
        looping[key] = source
        ramps[key] = volumeRamp
    }
    func playOnce(key: UInt32, source: SoundSource) { playedOnce.append((key, source)) }
    func stop(key: UInt32) {
        looping[key] = nil
        stopped.append(key)
    }
}

/// A clock that says what the test wants.
struct FixedClock: WallClock {
    let instant: Instant
    func now() -> Instant { instant }
}
