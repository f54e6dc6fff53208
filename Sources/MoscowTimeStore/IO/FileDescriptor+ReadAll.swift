// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage

/// Why `readAll` stopped short of the end of the file.
public enum ReadAllFailure: Error, Equatable {
    /// read(2) failed (EINTR is retried, never reported).
    case system(Errno)
    /// More than `limit` bytes arrived; the rest was not read.
    case tooLarge(limit: Int)
}

extension FileDescriptor {
    /// Everything from the current position to the end of the file (or until the writer of a pipe
    /// closes it). swift-system retries reads a signal interrupted; the one whole-file read loop of
    /// the project. `sizeHint` (a regular file's size) saves regrowing the array.
    public func readAll(limit: Int = .max, sizeHint: Int = 0) throws(ReadAllFailure) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(sizeHint, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n: Int
            do {
                n = try chunk.withUnsafeMutableBytes { try read(into: $0, retryOnInterrupt: true) }
            } catch let errno as Errno {
                throw .system(errno)
            } catch {
                throw .system(.ioError)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        }
    }
}

extension FileDescriptor {
    /// Writes all of `bytes`, retrying short writes and interrupted ones: the project's one write
    /// loop above the desktop adapters (which do not see the store and keep swift-system's
    /// `writeAll`). That generic `writeAll` made a type by name on its first call, a search of all
    /// of agent-cli's conformance records (a twentieth of `list` of 100 alarms).
    public func writeFully(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + done }, count: bytes.count - done)
            do { done += try write(rest, retryOnInterrupt: true) } catch let e as Errno { throw e } catch { throw .ioError }
        }
    }
}

extension FileDescriptor {
    /// `writeFully` of an array's bytes.
    public func writeFully(_ bytes: [UInt8]) throws(Errno) {
        // withUnsafeBytes rethrows untyped: the typed error crosses it as a Result.
        let result: Result<Void, Errno> = bytes.withUnsafeBytes { raw in Result { () throws(Errno) in try writeFully(raw) } }
        try result.get()
    }
}
