// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import TestSupport
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
        spinMainLoop(seconds: 0.5)  // let parec connect first
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
        player.startLoop(key: 2, source: .themeSound("bell"), volumeRamp: VolumeRamp(durationMs: 2000))
        spinMainLoop(seconds: 2.5)
        player.stop(key: 2)
        #expect(recording.stop().rms > 0.0005)
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

        // A file that cannot be played must not leave an alarm silent: the theme sound takes over.
        player.startLoop(key: 4, source: .file("/nonexistent/alarm.oga"))
        spinMainLoop(seconds: 0.5) { problems.count > 1 }
        #expect(problems.count == 2)
        #expect(problems.last?.contains("/nonexistent/alarm.oga") == true, "\(problems)")
        #expect(problems.last?.hasSuffix("playing the theme sound alarm-clock-elapsed instead") == true, "\(problems)")
        #expect(player.isPlaying(key: 4))
        player.stop(key: 4)
        withExtendedLifetime(pulse) {}
    }

    /// A FIFO, /dev/zero, a directory, an empty or a 2 GB file as a sound: refused at once (the main
    /// loop is not blocked), reported, and the theme sound plays instead; the process does not grow.
    @Test func hostileSoundFilesAreRefusedWithoutBlockingAndTheThemeSoundPlays() throws {
        let pulse = try PulseServer()
        let dir = makeTemporaryDirectory("sound-files")
        defer { removeTree(dir) }
        let fifo = dir + "/a.oga"
        let huge = dir + "/huge.oga"
        let empty = dir + "/empty.oga"
        #expect(mkfifo(fifo, 0o600) == 0)
        let fd = open(huge, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, 2 * 1024 * 1024 * 1024) == 0)  // sparse: no disk used
        close(fd)
        writeFile(empty, "")
        #expect(SoundFileCheck.problem(fifo) == "\(fifo) is not a regular file")
        #expect(SoundFileCheck.problem("/dev/zero") == "/dev/zero is not a regular file")
        #expect(SoundFileCheck.problem(dir) == "\(dir) is not a regular file")
        #expect(SoundFileCheck.problem(huge)?.hasPrefix("\(huge) is 2147483648 bytes") == true)
        #expect(SoundFileCheck.problem(empty)?.hasPrefix("\(empty) is 0 bytes") == true)
        #expect(SoundFileCheck.problem("/usr/share/sounds/freedesktop/stereo/bell.oga") == nil)

        let player = makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        let rssBefore = residentKB()
        let started = monotonicMilliseconds()
        for (key, path) in [fifo, "/dev/zero", dir, huge].enumerated() {
            player.startLoop(key: UInt32(10 + key), source: .file(path))
        }
        player.playOnce(key: 20, source: .file(fifo))
        #expect(monotonicMilliseconds() - started < 2000, "refusing must not block")
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.allSatisfy { $0.hasSuffix("; playing the theme sound alarm-clock-elapsed instead") }, "\(problems)")
        #expect((10...13).allSatisfy { player.isPlaying(key: UInt32($0)) })
        spinMainLoop(seconds: 1)
        #expect(residentKB() - rssBefore < 20_000, "grew by \(residentKB() - rssBefore) kB")
        for key in [10, 11, 12, 13, 20] { player.stop(key: UInt32(key)) }
        withExtendedLifetime(pulse) {}
    }

    /// After a ring the sound server connection is closed once it has been silent for a while, and a
    /// new sound opens it again; a sound starting in the silence keeps it.
    @Test func theConnectionIsReleasedAfterSilenceAndReopenedForTheNextSound() throws {
        let pulse = try PulseServer()
        let player = makePlayer()
        player.releaseAfterSilenceMs = 300
        player.startLoop(key: 1, source: .themeSound("bell"))
        #expect(player.isConnected && !player.isReleasePending)
        spinMainLoop(seconds: 0.3)
        player.stop(key: 1)
        #expect(player.isReleasePending)
        // A sound within the silence cancels the release.
        player.playOnce(key: 2, source: .themeSound("bell"))
        #expect(!player.isReleasePending)
        spinMainLoop(seconds: 0.5)
        #expect(player.isConnected)
        player.stop(key: 2)
        #expect(spinMainLoop(seconds: 2) { !player.isConnected }, "closed after 0.3 s of silence")
        #expect(spinMainLoop(seconds: 1) { pulse.sinkInputCount() == 0 })
        // The next ring reconnects and is heard.
        let ringing = try PulseServer.Recording(server: pulse, name: "after-release")
        spinMainLoop(seconds: 0.5)
        player.startLoop(key: 3, source: .themeSound("bell"))
        #expect(player.isConnected && player.isPlaying(key: 3))
        spinMainLoop(seconds: 2)
        player.stop(key: 3)
        #expect(ringing.stop().rms > 0.01)
    }

    private func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
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
        player.stop(key: 5)  // harmless
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
