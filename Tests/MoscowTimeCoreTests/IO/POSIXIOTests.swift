// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization
import SystemPackage
import Testing

@testable import MoscowTimeStore

/// The one whole-file read (`FileDescriptor.readAll`) and the EINTR retry for calls swift-system
/// does not wrap: a signal in the middle of a read loses nothing, a size limit holds.
@Suite(.timeLimit(.minutes(1)))
struct POSIXIOTests {
    /// A pipe whose writer runs on its own thread, so the reader can block.
    private static func pipe() -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        #expect(Glibc.pipe(&fds) == 0)
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    /// With no size hint, and with one smaller than what comes (read into the array, then by chunks).
    @Test(arguments: [0, 100_000]) func readsEverythingAcrossManyChunks(sizeHint: Int) throws {
        let (r, w) = Self.pipe()
        defer { try? r.close() }
        // 300 000 bytes: several 64 KiB chunks and more than a pipe's buffer, so reads are partial.
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let writer = Thread {
            try? w.writeAll(payload)
            try? w.close()
        }
        let bytes = try r.readAll(sizeHint: sizeHint)
        writer.join()
        #expect(bytes.count == payload.count)
        #expect(bytes == payload)
    }

    @Test func writeFullyWritesEverythingThroughShortWrites() throws {
        let (r, w) = Self.pipe()
        defer { try? r.close() }
        // More than a pipe's buffer (64 KiB): write(2) returns short counts while the reader drains.
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let writer = Thread {
            payload.withUnsafeBytes { try? w.writeFully($0) }
            try? w.close()
        }
        let bytes = try r.readAll()
        writer.join()
        #expect(bytes == payload)
    }

    @Test func writeFullyReportsAWriteErrorAsErrno() {
        // A read-only end cannot be written: EBADF, thrown rather than lost.
        let (r, w) = Self.pipe()
        defer {
            try? r.close()
            try? w.close()
        }
        #expect { try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try r.writeFully($0) } } throws: {
            ($0 as? Errno) == .badFileDescriptor
        }
        // Nothing to write is no call at all.
        #expect(throws: Never.self) { try [UInt8]().withUnsafeBytes { try r.writeFully($0) } }
    }

    @Test func aRegularFileIsReadWholeAndTheLimitHolds() throws {
        let dir = ScratchDirectory("io")
        let path = dir.path + "/f"
        ScratchDirectory.write(path, String(repeating: "ab", count: 50_000))
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        #expect(try fd.readAll(sizeHint: 100_000).count == 100_000)
        #expect(try fd.seek(offset: 0, from: .start) == 0)
        #expect { try fd.readAll(limit: 99_999) } throws: { ($0 as? ReadAllFailure) == .tooLarge(limit: 99_999) }
        #expect(try FileSystem.read(path, limit: 100_000)?.count == 100_000)
        #expect { try FileSystem.read(path, limit: 99_999) } throws: {
            ($0 as? FileSystem.Failure)?.message.contains("99999 bytes") == true
        }
    }

    /// The size hint is read straight into the array; a file that turns out longer or shorter than
    /// its hint (written meanwhile) is still read whole, and the limit still holds.
    @Test func aWrongSizeHintStillReadsTheWholeFile() throws {
        let dir = ScratchDirectory("io-hint")
        let path = dir.path + "/f"
        let text = String(repeating: "0123456789", count: 20_000)
        ScratchDirectory.write(path, text)
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        for hint in [1, 10, 65_535, 65_536, 199_999, 200_000, 200_001, 1_000_000] {
            #expect(try fd.seek(offset: 0, from: .start) == 0)
            let bytes = try fd.readAll(sizeHint: hint)
            #expect(bytes == Array(text.utf8), "hint \(hint)")
        }
        for (hint, limit) in [(100, 150_000), (200_000, 199_999), (300_000, 199_999)] {
            #expect(try fd.seek(offset: 0, from: .start) == 0)
            #expect { try fd.readAll(limit: limit, sizeHint: hint) } throws: {
                ($0 as? ReadAllFailure) == .tooLarge(limit: limit)
            }
        }
        #expect(try fd.seek(offset: 0, from: .start) == 0)
        #expect(try fd.readAll(limit: 200_000, sizeHint: 200_000).count == 200_000)
    }

    @Test func aReadErrorIsReportedAsErrno() {
        // A write-only end cannot be read: EBADF, not an empty result.
        let (r, w) = Self.pipe()
        defer {
            try? r.close()
            try? w.close()
        }
        #expect { try w.readAll() } throws: { ($0 as? ReadAllFailure) == .system(.badFileDescriptor) }
    }

    /// A signal handler installed without SA_RESTART makes a blocked read(2) fail with EINTR.
    @Test func aSignalDuringABlockedReadLosesNothing() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in signalsHandled.add(1, ordering: .relaxed) }
        action.sa_flags = 0  // no SA_RESTART: the kernel returns EINTR to the reader
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        #expect(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }

        // `w` is closed once, below: a second close could hit a descriptor number another test's
        // thread has been given since (libpulse aborted on exactly that in a parallel run).
        let (r, w) = Self.pipe()
        let reader = ReaderThread(r)
        let tid = reader.waitForTID()
        // Wait until the reader sleeps in read(2), then interrupt it, twice.
        for _ in 0..<2 {
            #expect(waitUntilSleeping(tid: tid))
            #expect(reader.signal(SIGUSR2) == 0)
            usleep(20_000)
        }
        try w.writeAll(Array("after the signals".utf8))
        try w.close()
        let result = reader.join()
        try? r.close()
        #expect(signalsHandled.load(ordering: .relaxed) >= 2, "the reader was interrupted")
        #expect(result == .success(Array("after the signals".utf8)))
    }

    @Test func retryingInterruptedCallsAgainOnlyForEINTR() {
        var calls = 0
        let ok = retryingInterrupted { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 0
        }
        #expect(ok == 0 && calls == 3)

        calls = 0
        let failed = retryingInterrupted { () -> Int32 in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(failed == -1 && calls == 1 && errno == EBADF)
    }

    private func waitUntilSleeping(tid: pid_t) -> Bool {
        for _ in 0..<500 {
            if let stat = try? FileSystem.read("/proc/self/task/\(tid)/stat") {
                // "tid (comm) S …": the state follows the last ')'.
                let text = String(decoding: stat, as: UTF8.self)
                if let close = text.lastIndex(of: ")"), text[text.index(after: close)...].hasPrefix(" S") { return true }
            }
            usleep(2_000)
        }
        return false
    }
}

/// How often the test's SIGUSR2 handler ran (an atomic is async-signal-safe).
private let signalsHandled = Atomic<Int>(0)

/// A pthread running `body`, joined for its result.
private final class Thread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { raw in
                let me = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
                me.body()
                return nil
            }, box)
    }

    func join() { pthread_join(thread, nil) }
    func kill(_ signal: Int32) -> Int32 { pthread_kill(thread, signal) }
}

/// Runs `readAll` on its own thread and reports its kernel thread id and result.
private final class ReaderThread: @unchecked Sendable {
    private var tid: pid_t = 0
    private var result: Result<[UInt8], ReadAllFailure> = .success([])
    private var ready = pthread_mutex_t()
    private var started = pthread_cond_t()
    private var thread: Thread?

    init(_ fd: FileDescriptor) {
        pthread_mutex_init(&ready, nil)
        pthread_cond_init(&started, nil)
        thread = Thread { [self] in
            // The thread that started this one may block SIGUSR2; this one must receive it.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            pthread_mutex_lock(&ready)
            tid = Self.currentTID()
            pthread_cond_signal(&started)
            pthread_mutex_unlock(&ready)
            result = Result { () throws(ReadAllFailure) in try fd.readAll() }
        }
    }

    /// The kernel's id of the calling thread: /proc/thread-self links to "<pid>/task/<tid>".
    private static func currentTID() -> pid_t {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return -1 }
        let text = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return pid_t(text.split(separator: "/").last.flatMap { Int32($0) } ?? -1)
    }

    func waitForTID() -> pid_t {
        pthread_mutex_lock(&ready)
        while tid == 0 { pthread_cond_wait(&started, &ready) }
        let t = tid
        pthread_mutex_unlock(&ready)
        return t
    }

    func signal(_ signal: Int32) -> Int32 { thread?.kill(signal) ?? ESRCH }

    func join() -> Result<[UInt8], ReadAllFailure> {
        thread?.join()
        return result
    }
}
