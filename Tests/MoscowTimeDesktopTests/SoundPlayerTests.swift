// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing
@testable import MoscowTimeDesktop

/// Real sound: libcanberra → a private PulseAudio with a null sink → parec on its monitor.
/// libpulse reads PULSE_SERVER when a context connects, so each test points it where it needs it
/// before creating its player.
@Suite("SoundPlayer", .serialized)
@MainActor
struct SoundPlayerTests {
    private func makePlayer() -> SoundPlayer {
        SoundPlayer(applicationName: "MoscowTime Test", applicationID: "org.moscowtime.Test")
    }

    @Test func aLoopIsAudibleRepeatsAndStopSilencesIt() throws {
        let pulse = try PulseServer()
        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        #expect(!player.isConnected, "nothing is loaded before the first sound")
        #expect(player.backendState.hasSuffix(": not opened yet"), "\(player.backendState)")

        let ringing = try PulseServer.Recording(server: pulse, name: "ringing")
        spinMainLoop(seconds: 0.5) // let parec connect first
        player.startLoop(key: 7, source: .themeSound("bell"))
        #expect(player.isPlaying(key: 7))
        #expect(player.isConnected)
        #expect(player.backendState.hasSuffix(": ok"), "\(player.backendState)")
        #expect(player.repetitionCount(key: 7) == 0)
        // One "bell" (0.14 s) is reported finished after ~1.8 s on the null sink; then it starts over.
        #expect(spinMainLoop(seconds: 4) { (player.repetitionCount(key: 7) ?? 0) >= 1 })
        #expect(player.isPlaying(key: 7))
        spinMainLoop(seconds: 0.5)
        player.stop(key: 7)
        #expect(!player.isPlaying(key: 7))
        #expect(player.repetitionCount(key: 7) == nil)
        let loud = ringing.stop()
        #expect(loud.rms > 0.01, "RMS while ringing: \(loud.rms) over \(loud.samples) samples")

        // Within a second of stop() our stream is gone from the server, so nothing of ours can sound.
        #expect(spinMainLoop(seconds: 1) { pulse.sinkInputCount() == 0 }, "\(pulse.sinkInputCount()) streams left")
        #expect(!player.isPlaying(key: 7), "no repetition started from an in-flight finish")
        let after = try PulseServer.Recording(server: pulse, name: "after-stop")
        spinMainLoop(seconds: 2.5)
        let quiet = after.stop()
        #expect(quiet.samples > 0, "the recording works (the hum is there)")
        #expect(quiet.rms < 0.0005, "RMS after stop: \(quiet.rms)")
        #expect(!player.isPlaying(key: 7))
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func playOnceEndsByItself() throws {
        let pulse = try PulseServer()
        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        #expect(player.open())
        #expect(player.backendState.hasSuffix(": ok"), "\(player.backendState)")
        player.playOnce(key: 1, source: .file("/usr/share/sounds/freedesktop/stereo/bell.oga"))
        #expect(player.isPlaying(key: 1))
        #expect(spinMainLoop(seconds: 3) { !player.isPlaying(key: 1) })
        #expect(pulse.sinkInputCount() == 0)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aVolumeRampStillPlays() throws {
        let pulse = try PulseServer()
        let player = makePlayer()
        let recording = try PulseServer.Recording(server: pulse, name: "ramp")
        spinMainLoop(seconds: 0.5)
        player.startLoop(key: 2, source: .themeSound("bell"), volumeRamp: VolumeRamp(startDB: -20, stepDB: 10, maxDB: 0))
        spinMainLoop(seconds: 2.5)
        player.stop(key: 2)
        #expect(recording.stop().rms > 0.0005)
        #expect(VolumeRamp(startDB: -20, stepDB: 5, maxDB: 0).volume(forRepetition: 0) == -20)
        #expect(VolumeRamp(startDB: -20, stepDB: 5, maxDB: 0).volume(forRepetition: 3) == -5)
        #expect(VolumeRamp(startDB: -20, stepDB: 5, maxDB: 0).volume(forRepetition: 9) == 0)
        withExtendedLifetime(pulse) {}
    }

    @Test func aMissingSoundIsReportedAsNotFound() throws {
        let pulse = try PulseServer()
        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        player.startLoop(key: 3, source: .themeSound("no-such-sound-xyz"))
        spinMainLoop(seconds: 0.5) { !problems.isEmpty }
        #expect(problems == ["sound not found: no-such-sound-xyz"])
        #expect(!player.isPlaying(key: 3))

        player.startLoop(key: 4, source: .file("/nonexistent/alarm.oga"))
        spinMainLoop(seconds: 0.5) { problems.count > 1 }
        #expect(problems.count == 2)
        #expect(problems.last?.contains("/nonexistent/alarm.oga") == true, "\(problems)")
        #expect(!player.isPlaying(key: 4))
        withExtendedLifetime(pulse) {}
    }

    @Test func withoutASoundServerItReportsAndKeepsGoing() throws {
        let directory = PulseServer.useNoServer()
        defer { removeTree(directory) }
        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        #expect(!player.open())
        #expect(player.backendState.contains("unavailable"), "\(player.backendState)")
        #expect(problems.first?.hasPrefix("no sound server") == true, "\(problems)")
        player.startLoop(key: 5, source: .themeSound("alarm-clock-elapsed"))
        spinMainLoop(seconds: 0.5) { problems.count > 1 }
        #expect(problems.count == 2)
        #expect(problems.last?.hasPrefix("no sound server") == true, "\(problems)")
        #expect(!player.isPlaying(key: 5))
        player.stop(key: 5) // harmless
        player.playOnce(key: 6, source: .themeSound("bell"))
        #expect(problems.count == 3)
    }

    @Test func aSoundServerThatStartsLaterIsPickedUp() throws {
        let directory = PulseServer.useNoServer()
        defer { removeTree(directory) }
        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        player.playOnce(key: 8, source: .themeSound("bell"))
        #expect(problems.count == 1)

        let pulse = try PulseServer()
        player.playOnce(key: 8, source: .themeSound("bell"))
        #expect(player.isPlaying(key: 8), "\(problems)")
        #expect(spinMainLoop(seconds: 3) { !player.isPlaying(key: 8) })
        #expect(problems.count == 1)
        #expect(player.backendState.hasSuffix(": ok"))
        withExtendedLifetime(pulse) {}
    }
}
