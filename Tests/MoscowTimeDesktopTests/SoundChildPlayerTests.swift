// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Foundation
import Glibc
import MoscowTimeStore
import TestSupport
import Testing

@testable import MoscowTimeDesktop

/// The agent's way of playing: every play in a `moscowtime-sound` child (built next to the test
/// bundle), against a private PulseAudio with a null sink, recorded with parec on its monitor.
@Suite("SoundPlayer through moscowtime-sound", .serialized)
@MainActor
struct SoundChildPlayerTests {
    private func makePlayer() throws -> SoundPlayer {
        let helper = try #require(ResourceLocator.helperProgram("moscowtime-sound"), "moscowtime-sound is built next to the tests")
        return SoundPlayer(applicationName: "MoscowTime Test", applicationID: "org.moscowtime.Test", helperPath: helper)
    }

    private func alive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

    @Test func aLoopRepeatsInNewChildrenAndStopKillsTheChild() throws {
        let pulse = try PulseServer()
        let player = try makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        let ringing = try PulseServer.Recording(server: pulse, name: "child-ringing")
        spinMainLoop(seconds: 0.5)
        player.startLoop(key: 7, source: .themeSound("bell"))
        let first = try #require(player.childPID(key: 7))
        #expect(player.isPlaying(key: 7) && alive(first))
        // A bell of about a second; the generous limit is for a loaded machine (it returns as soon
        // as the first play has ended).
        #expect(spinMainLoop(seconds: 15) { (player.repetitionCount(key: 7) ?? 0) >= 1 })
        #expect(player.backendState.hasSuffix(": ok"), "\(player.backendState)")
        #expect(spinMainLoop(seconds: 2) { !alive(first) }, "the first child was reaped when its play ended")
        spinMainLoop(seconds: 0.3)
        let current = try #require(player.childPID(key: 7))
        #expect(current != first, "each repetition is a new child")
        player.stop(key: 7)
        #expect(!player.isPlaying(key: 7) && player.childPID(key: 7) == nil)
        #expect(spinMainLoop(seconds: 1) { !alive(current) }, "the child is killed and reaped on stop")
        #expect(ringing.stop().rms > 0.01)
        #expect(spinMainLoop(seconds: 1) { pulse.sinkInputCount() == 0 })
        let after = try PulseServer.Recording(server: pulse, name: "child-after-stop")
        spinMainLoop(seconds: 2.5)
        #expect(after.stop().rms < 0.0005)
        #expect(!player.isPlaying(key: 7))
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func playOnceEndsByItselfAndARampPlays() throws {
        let pulse = try PulseServer()
        let player = try makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        player.playOnce(key: 1, source: .file("/usr/share/sounds/freedesktop/stereo/bell.oga"))
        #expect(player.isPlaying(key: 1))
        #expect(spinMainLoop(seconds: 4) { !player.isPlaying(key: 1) })
        #expect(player.childPID(key: 1) == nil)
        let recording = try PulseServer.Recording(server: pulse, name: "child-ramp")
        spinMainLoop(seconds: 0.5)
        player.startLoop(key: 2, source: .themeSound("bell"), volumeRamp: VolumeRamp(durationMs: 2000))
        spinMainLoop(seconds: 2.5)
        player.stop(key: 2)
        #expect(recording.stop().rms > 0.0005)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func missingAndHostileSoundsAreReported() throws {
        let pulse = try PulseServer()
        let dir = makeTemporaryDirectory("child-sound-files")
        defer { removeTree(dir) }
        let fifo = dir + "/a.oga"
        #expect(mkfifo(fifo, 0o600) == 0)
        let player = try makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        player.startLoop(key: 3, source: .themeSound("no-such-sound-xyz"))
        spinMainLoop(seconds: 3) { !problems.isEmpty }
        #expect(problems == ["sound not found: no-such-sound-xyz"])
        #expect(!player.isPlaying(key: 3))

        let started = monotonicMilliseconds()
        player.startLoop(key: 10, source: .file(fifo))
        player.startLoop(key: 11, source: .file("/dev/zero"))
        #expect(monotonicMilliseconds() - started < 2000, "refusing must not block")
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.dropFirst().allSatisfy { $0.hasSuffix("; playing the theme sound alarm-clock-elapsed instead") })
        #expect(player.isPlaying(key: 10) && player.isPlaying(key: 11))
        spinMainLoop(seconds: 1)
        #expect(problems.count == 3, "the theme sound plays: \(problems)")
        player.stop(key: 10)
        player.stop(key: 11)
        withExtendedLifetime(pulse) {}
    }

    @Test func withoutASoundServerItReportsAndPicksUpOneThatStartsLater() throws {
        let directory = PulseServer.useNoServer()
        defer { removeTree(directory) }
        let player = try makePlayer()
        var problems: [String] = []
        player.onProblem = { problems.append($0) }
        player.startLoop(key: 5, source: .themeSound("alarm-clock-elapsed"))
        #expect(spinMainLoop(seconds: 3) { !problems.isEmpty })
        #expect(problems.first?.hasPrefix("no sound server") == true, "\(problems)")
        #expect(!player.isPlaying(key: 5))
        #expect(player.backendState.contains("unavailable"), "\(player.backendState)")

        let pulse = try PulseServer()
        player.playOnce(key: 8, source: .themeSound("bell"))
        #expect(player.isPlaying(key: 8), "\(problems)")
        #expect(spinMainLoop(seconds: 4) { !player.isPlaying(key: 8) })
        #expect(problems.count == 1, "\(problems)")
        #expect(player.backendState.hasSuffix(": ok"), "\(player.backendState)")
        withExtendedLifetime(pulse) {}
    }

    /// The agent's end of the child's stdin closes when the agent dies (even by SIGKILL): the child
    /// stops then, cancelled, instead of playing on as an orphan.
    @Test func theChildStopsWhenItsStdinCloses() throws {
        let pulse = try PulseServer()
        let helper = try #require(ResourceLocator.helperProgram("moscowtime-sound"))
        var fds: [Int32] = [-1, -1]
        // Close-on-exec (pipe2): no child another test starts meanwhile may hold the write end.
        #expect(g_unix_open_pipe(&fds, FD_CLOEXEC, nil) != 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[1])
        // 30 s of tone: it cannot end by itself while the test waits, however loaded the machine.
        let dir = makeTemporaryDirectory("child-stdin")
        defer { removeTree(dir) }
        let wav = dir + "/long.wav"
        let rate = 8000
        let count = rate * 30
        var bytes = Array("RIFF".utf8) + le32(36 + 2 * count) + Array("WAVEfmt ".utf8) + le32(16) + [1, 0, 1, 0]
        bytes += le32(rate) + le32(2 * rate) + [2, 0, 16, 0] + Array("data".utf8) + le32(2 * count)
        for i in 0..<count {
            let v = Int16(8000 * sin(Double(i) * 2 * .pi * 440 / Double(rate)))
            bytes += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
        }
        #expect(FileManager.default.createFile(atPath: wav, contents: Data(bytes)))
        let words = [helper, "media.filename=\(wav)", "media.role=alarm"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        #expect(posix_spawn(&pid, helper, &actions, nil, argv, environ) == 0)
        close(fds[0])
        #expect(spinMainLoop(seconds: 10) { pulse.sinkInputCount() == 1 }, "it plays")
        var status: Int32 = 0
        #expect(waitpid(pid, &status, WNOHANG) == 0, "still playing")
        close(fds[1])
        let started = monotonicMilliseconds()
        while waitpid(pid, &status, WNOHANG) == 0 && monotonicMilliseconds() - started < 2000 { usleep(10_000) }
        #expect(kill(pid, 0) != 0, "exited within 2 s of end of file")
        #expect((status >> 8) & 0xff == 11, "CA_ERROR_CANCELED: \(status)")
        #expect(spinMainLoop(seconds: 1) { pulse.sinkInputCount() == 0 })
    }
}

private func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
