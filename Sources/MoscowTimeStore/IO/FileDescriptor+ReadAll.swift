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
    /// closes it): the project's one whole-file read; swift-system retries reads a signal interrupted.
    /// With `sizeHint` (a regular file's size) the bytes are read straight into an
    /// array of that size and one byte more, which tells a file that grew from one that ended: a
    /// zeroed 64 KB chunk and a copy out of it cost `agent-cli list` of 100 alarms 16 pages more.
    public func readAll(limit: Int = .max, sizeHint: Int = 0) throws(ReadAllFailure) -> [UInt8] {
        var bytes = [UInt8]()
        if sizeHint > 0 {
            bytes = try readUpTo(min(sizeHint, limit) + 1)
            if bytes.count <= min(sizeHint, limit) { return bytes }  // the end came first
            guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        }
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

    /// At most `capacity` bytes, fewer when the end comes first, read into the array's own storage.
    private func readUpTo(_ capacity: Int) throws(ReadAllFailure) -> [UInt8] {
        var failure: ReadAllFailure?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            while count < capacity {
                do {
                    let rest = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                    let n = try read(into: rest, retryOnInterrupt: true)
                    if n == 0 { return }
                    count += n
                } catch let errno as Errno {
                    failure = .system(errno)
                    return
                } catch {
                    failure = .system(.ioError)
                    return
                }
            }
        }
        if let failure { throw failure }
        return bytes
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
