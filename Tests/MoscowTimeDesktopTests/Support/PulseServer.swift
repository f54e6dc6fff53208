// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestEnvironmentSeed
import TestSupport

/// A private PulseAudio server with a null sink "testsink" whose monitor can be recorded, all state in
/// a temporary directory (nothing under $HOME).
///
/// Measured here: an idle null sink (or one fed exact zeros) delivers nothing to its monitor, and the
/// monitor's data reaches parec late (up to ~2 s; a 0.14 s "bell" is reported finished ~1.7 s after
/// it started). So a recording is not a timeline: judge loudness over a whole recording that ran
/// well past the sound, and check that a later recording is quiet. Exports PULSE_SERVER & co. into this process so that
/// libcanberra (libpulse) connects to it.
final class PulseServer {
    let directory: String
    let socketPath: String
    private let process: ChildProcess

    init() throws {
        directory = makeTemporaryDirectory("moscowtime-pulse")
        socketPath = "\(directory)/native"
        for sub in ["home", "run"] { mkdir("\(directory)/\(sub)", 0o700) }
        writeFile("\(directory)/client.conf", "autospawn = no\n")
        let environment = childEnvironment([
            "HOME": "\(directory)/home", "XDG_RUNTIME_DIR": "\(directory)/run",
            "XDG_CONFIG_HOME": "\(directory)/home/.config",
        ])
        process = try ChildProcess(
            [
                "pulseaudio", "-n", "--daemonize=no", "--use-pid-file=no", "--exit-idle-time=-1",
                "--disallow-exit=no", "--log-target=file:\(directory)/pulse.log", "--log-level=notice",
                "-L", "module-native-protocol-unix socket=\(socketPath) auth-anonymous=1",
                "-L", "module-null-sink sink_name=testsink rate=48000 channels=2 sink_properties=device.description=TestSink",
            ],
            environment: environment)
        guard PulseServer.waitUntilListening(socketPath, timeoutMs: 10_000) else {
            process.terminate()
            throw ChildProcess.SpawnError(
                description: "pulseaudio did not start: "
                    + String(decoding: readFileBytes("\(directory)/pulse.log"), as: UTF8.self))
        }
        useInThisProcess()
    }

    /// Points libpulse in this process (and children started afterwards) at this server.
    func useInThisProcess() {
        setenv("PULSE_SERVER", "unix:\(socketPath)", 1)
        setenv("PULSE_RUNTIME_PATH", "\(directory)/run", 1)
        setenv("PULSE_COOKIE", "\(directory)/cookie", 1)
        setenv("PULSE_CLIENTCONFIG", "\(directory)/client.conf", 1)
    }

    /// Points libpulse in this process at a socket nobody listens on, with autospawn off:
    /// "no sound server". Returns the directory to remove afterwards.
    static func useNoServer() -> String {
        let directory = makeTemporaryDirectory("moscowtime-nopulse")
        writeFile("\(directory)/client.conf", "autospawn = no\n")
        setenv("PULSE_SERVER", "unix:\(directory)/nobody-listens-here", 1)
        setenv("PULSE_RUNTIME_PATH", directory, 1)
        setenv("PULSE_COOKIE", "\(directory)/cookie", 1)
        setenv("PULSE_CLIENTCONFIG", "\(directory)/client.conf", 1)
        return directory
    }

    deinit {
        process.terminate()
        // libpulse clients in this process would re-create PULSE_RUNTIME_PATH after we removed it.
        // Back to the placeholders the process started with, not unsetenv (see Tests/TestEnvironmentSeed).
        if let server = getenv("PULSE_SERVER"), String(cString: server) == "unix:\(socketPath)" {
            for name in ["PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_COOKIE", "PULSE_CLIENTCONFIG"] {
                setenv(name, moscowtime_test_placeholder(name), 1)
            }
        }
        removeTree(directory)
    }

    private static func waitUntilListening(_ path: String, timeoutMs: Int64) -> Bool {
        let deadline = monotonicMilliseconds() + timeoutMs
        repeat {
            if canConnect(path) { return true }
            usleep(20_000)
        } while monotonicMilliseconds() < deadline
        return false
    }

    private static func canConnect(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Records the sink's monitor (s16le, 48 kHz, stereo) until `stop()`.
    ///
    /// While recording, a nearly silent hum (±1 LSB, RMS 3e-5) plays into the sink, so that a quiet
    /// recording still has samples (an idle sink records nothing, which would look like a broken parec).
    final class Recording {
        let path: String
        private let recorder: ChildProcess
        private let keepAlive: ChildProcess

        init(server: PulseServer, name: String) throws {
            path = "\(server.directory)/\(name).raw"
            let format = ["--format=s16le", "--rate=48000", "--channels=2", "--latency-msec=20"]
            let hum = "\(server.directory)/hum.raw"
            if access(hum, F_OK) != 0 {
                // 10 s of s16le stereo alternating +1/-1 (longer than any recording here).
                let frame: [UInt8] = [1, 0, 1, 0, 0xFF, 0xFF, 0xFF, 0xFF]
                var bytes: [UInt8] = []
                bytes.reserveCapacity(10 * PulseServer.bytesPerSecond)
                for _ in 0..<(10 * PulseServer.bytesPerSecond / frame.count) { bytes.append(contentsOf: frame) }
                let fd = open(hum, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            keepAlive = try ChildProcess(
                ["pacat", "--playback", "--raw"] + format + [hum],
                environment: childEnvironment())
            recorder = try ChildProcess(
                ["parec", "-d", "testsink.monitor"] + format,
                environment: childEnvironment(), stdout: .file(path), stderr: .file(path + ".err"))
        }

        /// Stops recording; returns the RMS amplitude (0…1) and the number of samples.
        @discardableResult
        func stop() -> (rms: Double, samples: Int) {
            recorder.terminate(signal: SIGINT)
            keepAlive.terminate()
            return PulseServer.rms(readFileBytes(path))
        }

        /// RMS of each consecutive 100 ms of the recording (call after `stop`).
        func windows() -> [Double] {
            let bytes = readFileBytes(path)
            let size = PulseServer.bytesPerSecond / 10
            return stride(from: 0, to: bytes.count, by: size).map {
                PulseServer.rms(Array(bytes[$0..<min($0 + size, bytes.count)])).rms
            }
        }
    }

    /// Number of playback streams the server has right now (`pactl list short sink-inputs`).
    func sinkInputCount() -> Int {
        let output = "\(directory)/sink-inputs.txt"
        guard
            let pactl = try? ChildProcess(
                ["pactl", "list", "short", "sink-inputs"], environment: childEnvironment(),
                stdout: .file(output))
        else { return -1 }
        pactl.wait(timeoutMs: 5000)
        return String(decoding: readFileBytes(output), as: UTF8.self).split(separator: "\n").count
    }

    /// s16le, 2 channels, 48 kHz.
    static let bytesPerSecond = 48_000 * 2 * 2

    /// RMS of signed 16-bit little-endian samples, normalised to 0…1.
    static func rms(_ bytes: [UInt8]) -> (rms: Double, samples: Int) {
        let count = bytes.count / 2
        guard count > 0 else { return (0, 0) }
        var sum = 0.0
        for index in 0..<count {
            let sample = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
            let value = Double(sample) / 32768.0
            sum += value * value
        }
        return ((sum / Double(count)).squareRoot(), count)
    }
}
