// SPDX-License-Identifier: GPL-3.0-or-later
import CCanberra
import CGLib
import GLibSupport
import Glibc

/// Sound through libcanberra (the sound theme, PulseAudio/PipeWire). Each sound has a caller-chosen
/// key (an alarm's id, say); `startLoop` repeats it until `stop(key:)`.
///
/// Looping is "play again when the last play finished": libcanberra reports the end on its own thread,
/// the report hops to the main loop with `g_idle_add_full`, and a new play starts there only if the
/// key is still ringing with the same serial — so a `stop` that races with an in-flight end wins.
/// Nothing here is fatal: without a sound server `onProblem` says so and the agent keeps running.
///
/// Memory: connecting to the sound server loads libpulse and its dependencies and starts a thread,
/// several MB of RSS. So the connection is opened lazily, on the first sound (or by `open()`), not
/// at init, and closed again after `releaseAfterSilenceMs` without any sound (then the freed heap is
/// returned to the system with malloc_trim): an agent that has rung sleeps as small as one that has
/// not. The next sound opens it again (tens of milliseconds, after the notification is shown).
/// Given the `moscowtime-sound` helper (`helperPath`), each play runs in a short-lived child instead
/// (`SoundChildPlayer`) and libpulse never loads here at all; looping, the ramp, the file checks and
/// the reports stay the same.
@MainActor
public final class SoundPlayer {
    private struct Ringing {
        var source: SoundSource
        var looping: Bool
        var ramp: VolumeRamp?
        /// g_get_monotonic_time when the loop started: where the ramp counts from.
        var loopStartedAt: Int64
        /// The sound fell back to the theme sound after the file could not be played.
        var fellBack = false
        var repetition: Int
        var serial: UInt64
        var startedAt: Int64  // g_get_monotonic_time at the start of this repetition
    }

    // libcanberra's error codes (canberra.h).
    private static let errorNotFound: Int32 = -9
    private static let errorDestroyed: Int32 = -10
    private static let errorCanceled: Int32 = -11
    private static let errorNotAvailable: Int32 = -12
    private static let errorDisabled: Int32 = -16
    /// A repetition shorter than this waits before the next one: a broken or empty file must not spin.
    private static let minimumPeriodMicroseconds: Int64 = 200_000

    public let applicationName: String
    public let applicationID: String
    private var context: OpaquePointer?  // ca_context*
    private var contextNeedsReopen = false
    private var ringing: [UInt32: Ringing] = [:]
    private var nextSerial: UInt64 = 0
    /// Why the last open failed (ca_strerror text), nil after a successful open.
    private var openError: String?
    /// Silence after which the sound server connection is closed to give its memory back.
    public var releaseAfterSilenceMs: UInt32 = 10_000
    private let release = OneShotTimeout()
    /// Plays in `moscowtime-sound` children when the helper was given.
    private let child: SoundChildPlayer?

    /// The pid of the child playing `key` (helper mode), for tests.
    func childPID(key: UInt32) -> pid_t? { child?.childPID(key: key) }

    /// Whether a libcanberra context exists (made by `open()` or the first sound). It may still lack a
    /// sound server: see `backendState`.
    public var isConnected: Bool { context != nil }

    /// Human-readable cause when a sound cannot play ("no sound server: …", "sound not found: …").
    /// Called every time; de-duplicate in the caller.
    public var onProblem: (@MainActor (String) -> Void)?
    /// For status output: "<driver>: ok" or "<driver>: unavailable — <cause>" as of the last attempt,
    /// "<driver>: not opened yet" before the first sound.
    public private(set) var backendState: String

    /// Cheap: nothing is loaded or connected until `open()` or the first sound.
    /// `helperPath`: play through `moscowtime-sound` children (see above) instead of in this process.
    public init(applicationName: String, applicationID: String, helperPath: String? = nil) {
        self.applicationName = applicationName
        self.applicationID = applicationID
        child = helperPath.map { SoundChildPlayer(helperPath: $0) }
        backendState = "\(SoundPlayer.driverName): not opened yet"
    }

    isolated deinit {
        if let context { ca_context_destroy(context) }
    }

    /// Connects to the sound server now (ca_context_open), e.g. to report a missing one at startup
    /// through `onProblem`; costs the memory described above. Returns whether it worked.
    @discardableResult
    public func open() -> Bool {
        if context == nil && child == nil { openContext() }
        guard let openError else { return true }
        onProblem?("no sound server: \(openError)")
        return false
    }

    /// The driver libcanberra was told to use (`CANBERRA_DRIVER`), else its default order.
    private static var driverName: String {
        getenv("CANBERRA_DRIVER").map { String(cString: $0) } ?? "canberra"
    }

    private func openContext() {
        var created: OpaquePointer?
        let rc = ca_context_create(&created)
        guard rc == 0, let created else {
            openError = Self.describe(rc)
            backendState = "\(Self.driverName): unavailable — \(Self.describe(rc))"
            return
        }
        context = created
        var props: OpaquePointer?
        ca_proplist_create(&props)
        ca_proplist_sets(props, "application.name", applicationName)
        ca_proplist_sets(props, "application.id", applicationID)
        ca_context_change_props_full(created, props)
        ca_proplist_destroy(props)
        // A failed open is kept: play() retries it (and after a failure we start over, see play()).
        let openRC = ca_context_open(created)
        openError = openRC == 0 ? nil : Self.describe(openRC)
        backendState = "\(Self.driverName): " + (openError.map { "unavailable — \($0)" } ?? "ok")
    }

    /// Plays `source` over and over until `stop(key:)`. Replaces whatever `key` was playing.
    public func startLoop(key: UInt32, source: SoundSource, volumeRamp: VolumeRamp? = nil) {
        begin(key: key, source: source, looping: true, ramp: volumeRamp)
    }

    /// Plays `source` once. Replaces whatever `key` was playing.
    public func playOnce(key: UInt32, source: SoundSource) {
        begin(key: key, source: source, looping: false, ramp: nil)
    }

    /// Stops `key` now; no further repetition starts, even if a play is just ending.
    public func stop(key: UInt32) {
        guard ringing.removeValue(forKey: key) != nil else { return }
        // Cancelling calls the finish callback (CA_ERROR_CANCELED), which finds no ringing entry.
        if let context { ca_context_cancel(context, key) }
        child?.cancel(key: key)
        releaseWhenSilent()
    }

    /// Once nothing plays, closes the context after `releaseAfterSilenceMs` (unless a sound starts).
    private func releaseWhenSilent() {
        guard ringing.isEmpty, context != nil else { return }
        release.schedule(afterMilliseconds: releaseAfterSilenceMs) { [weak self] in
            guard let self, self.ringing.isEmpty, self.context != nil else { return }
            self.closeContext()
            _ = malloc_trim(0)
            Log.debug("sound server connection closed after silence")
        }
    }

    /// Whether the connection is closed and its memory given back after some silence (for tests).
    public var isReleasePending: Bool { release.isPending }

    public func isPlaying(key: UInt32) -> Bool { ringing[key] != nil }

    /// How many times a loop has started over (0 during the first play); nil when `key` is silent.
    public func repetitionCount(key: UInt32) -> Int? { ringing[key]?.repetition }

    /// Keys currently playing or looping.
    public var playingKeys: [UInt32] { Array(ringing.keys) }

    private func begin(key: UInt32, source: SoundSource, looping: Bool, ramp: VolumeRamp?) {
        if ringing[key] != nil { stop(key: key) }
        release.cancel()
        ringing[key] = Ringing(
            source: source, looping: looping, ramp: ramp, loopStartedAt: Int64(g_get_monotonic_time()),
            repetition: 0, serial: 0, startedAt: 0)
        play(key: key)
    }

    /// Played instead of a sound file that cannot be played safely (`SoundFileCheck`).
    public static let fallbackThemeSound = "alarm-clock-elapsed"

    private func play(key: UInt32) {
        guard var sound = ringing[key] else { return }
        if case .file(let path) = sound.source, let problem = SoundFileCheck.problem(path) {
            onProblem?("\(problem); playing the theme sound \(Self.fallbackThemeSound) instead")
            sound.source = .themeSound(Self.fallbackThemeSound)
        }
        if let child {
            playInChild(child, key: key, sound: &sound)
            return
        }
        if contextNeedsReopen, ringing.count == 1 {
            // After a failure the sound server may have restarted; libcanberra's pulse driver never
            // reconnects a context by itself, so start over (only when nothing else is playing on it).
            closeContext()
        }
        if context == nil { openContext() }
        guard let context else {
            ringing[key] = nil
            report(Self.errorNotAvailable, sound.source)
            return
        }
        nextSerial += 1
        sound.serial = nextSerial
        sound.startedAt = Int64(g_get_monotonic_time())
        ringing[key] = sound

        var props: OpaquePointer?
        ca_proplist_create(&props)
        defer { ca_proplist_destroy(props) }
        switch sound.source {
        case .themeSound(let id): ca_proplist_sets(props, "event.id", id)
        case .file(let path): ca_proplist_sets(props, "media.filename", path)
        }
        // A ringing alarm must not follow the desktop's "system sounds" volume, which is what the
        // "event" role gets (often muted); "alarm" (as GNOME Clocks used) is an ordinary stream.
        ca_proplist_sets(props, "media.role", sound.looping ? "alarm" : "event")
        ca_proplist_sets(props, "event.description", applicationName)
        // A theme sound played again and again may live in the server's sample cache; a user's file
        // (possibly a long song) is streamed.
        if case .themeSound = sound.source {
            ca_proplist_sets(props, "canberra.cache-control", "volatile")
        } else {
            ca_proplist_sets(props, "canberra.cache-control", "never")
        }
        if let ramp = sound.ramp {
            // In-process there is no stream to reach: the volume steps up from one repetition to the next.
            ca_proplist_sets(props, "canberra.volume", String(ramp.volumeDB(atMilliseconds: rampElapsedMs(sound))))
        }

        let token = SoundFinishToken(player: self, key: key, serial: sound.serial)
        let data = Unmanaged.passRetained(token).toOpaque()
        let rc = ca_context_play_full(context, key, props, soundFinishedOffThread, data)
        if rc != 0 {
            // No callback follows a failed start: drop our reference ourselves.
            Unmanaged<SoundFinishToken>.fromOpaque(data).release()
            if fallBack(key: key, sound: &sound, code: rc) { return }
            ringing[key] = nil
            report(rc, sound.source)
        } else {
            backendState = "\(Self.driverName): ok"
        }
    }

    /// One play in a `moscowtime-sound` child with the properties the in-process play would use.
    private func playInChild(_ child: SoundChildPlayer, key: UInt32, sound: inout Ringing) {
        nextSerial += 1
        sound.serial = nextSerial
        sound.startedAt = Int64(g_get_monotonic_time())
        ringing[key] = sound
        var props: [(String, String)] = [("application.name", applicationName), ("application.id", applicationID)]
        switch sound.source {
        case .themeSound(let id): props.append(("event.id", id))
        case .file(let path): props.append(("media.filename", path))
        }
        props.append(("media.role", sound.looping ? "alarm" : "event"))
        props.append(("event.description", applicationName))
        if case .themeSound = sound.source {
            props.append(("canberra.cache-control", "volatile"))
        } else {
            props.append(("canberra.cache-control", "never"))
        }
        if let ramp = sound.ramp {
            // The helper starts at the curve's volume and raises its stream while it plays (VolumeRamp).
            let elapsed = rampElapsedMs(sound)
            if ramp.isRising(atMilliseconds: elapsed) {
                props.append(("moscowtime.ramp", "\(elapsed):\(ramp.durationMs):\(ramp.floorDB)"))
            }
        }
        let serial = sound.serial
        let rc = child.play(key: key, properties: props) { [weak self] code in
            if code == 0 { self?.backendState = "\(Self.driverName): ok" }
            self?.finished(key: key, serial: serial, code: code)
        }
        if rc != 0 {
            ringing[key] = nil
            report(rc, sound.source)
        }
    }

    /// A file that cannot be played (gone, replaced, damaged since it was chosen) must not leave an
    /// alarm silent: the theme sound takes over, once. Returns whether it did.
    private func fallBack(key: UInt32, sound: inout Ringing, code: Int32) -> Bool {
        guard case .file(let path) = sound.source, !sound.fellBack, Self.isUndecodable(code) else { return false }
        onProblem?("cannot play \(path): \(Self.describe(code)); playing the theme sound \(Self.fallbackThemeSound) instead")
        sound.source = .themeSound(Self.fallbackThemeSound)
        sound.fellBack = true
        ringing[key] = sound
        play(key: key)
        return true
    }

    private func rampElapsedMs(_ sound: Ringing) -> Int64 {
        max(0, (Int64(g_get_monotonic_time()) - sound.loopStartedAt) / 1000)
    }

    /// On the main loop: one play of `key` ended with `code`.
    fileprivate func finished(key: UInt32, serial: UInt64, code: Int32) {
        guard var sound = ringing[key], sound.serial == serial else { return }  // stopped or replaced
        if code != 0, fallBack(key: key, sound: &sound, code: code) { return }
        guard code == 0 else {
            ringing[key] = nil
            if code != Self.errorCanceled && code != Self.errorDestroyed { report(code, sound.source) }
            releaseWhenSilent()
            return
        }
        guard sound.looping else {
            ringing[key] = nil
            releaseWhenSilent()
            return
        }
        sound.repetition += 1
        ringing[key] = sound
        let elapsed = Int64(g_get_monotonic_time()) - sound.startedAt
        if elapsed >= Self.minimumPeriodMicroseconds {
            play(key: key)
        } else {
            let delayMs = UInt32((Self.minimumPeriodMicroseconds - elapsed) / 1000) + 1
            scheduleAfter(milliseconds: delayMs) { [weak self] in
                // Still the same ring? A stop or restart in between changed or removed the entry.
                guard let self, self.ringing[key]?.serial == serial else { return }
                self.play(key: key)
            }
        }
    }

    /// libcanberra's codes for a file it could not read or decode (not found, corrupt, not supported,
    /// too big, I/O), as opposed to a missing sound server or a cancel.
    private static func isUndecodable(_ code: Int32) -> Bool {
        [-1, -6, -7, -8, -9, -13, -14].contains(code)  // NOTSUPPORTED, SYSTEM, CORRUPT, TOOBIG, NOTFOUND, ACCESS, IO
    }

    private func closeContext() {
        if let context { ca_context_destroy(context) }
        context = nil
        contextNeedsReopen = false
    }

    private func scheduleAfter(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        MainLoopSource.timeout(milliseconds: milliseconds, body)
    }

    private func report(_ code: Int32, _ source: SoundSource) {
        let cause: String
        switch code {
        case Self.errorNotAvailable:
            cause = "no sound server: \(Self.describe(code))"
            backendState = "\(Self.driverName): unavailable — \(Self.describe(code))"
        case Self.errorNotFound:
            cause = "sound not found: \(source.name)"
        case Self.errorDisabled:
            cause = "sound disabled: \(Self.describe(code))"
        default:
            cause = "cannot play \(source.name): \(Self.describe(code))"
        }
        if code != Self.errorNotFound { contextNeedsReopen = true }
        Log.debug("sound problem: \(cause)")
        onProblem?(cause)
    }

    private static func describe(_ code: Int32) -> String {
        ca_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// ca_finish_callback_t. Runs on a libcanberra/PulseAudio thread: must not touch the player or call
/// libcanberra. It only passes the token (and its +1 reference) to the main loop.
private func soundFinishedOffThread(
    _ context: OpaquePointer?, _ id: UInt32, _ code: Int32,
    _ data: UnsafeMutableRawPointer?
) {
    guard let data else { return }
    Unmanaged<SoundFinishToken>.fromOpaque(data).takeUnretainedValue().errorCode = code
    // g_idle_add_full always defers (g_main_context_invoke could run inline and re-enter libcanberra).
    g_idle_add_full(G_PRIORITY_DEFAULT, soundFinishedOnMainLoop, data, releaseRetainedBox)
}

private func soundFinishedOnMainLoop(_ data: UnsafeMutableRawPointer?) -> gboolean {
    guard let data else { return 0 }
    let token = Unmanaged<SoundFinishToken>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated {
        token.player?.finished(key: token.key, serial: token.serial, code: token.errorCode)
    }
    return 0  // G_SOURCE_REMOVE
}
