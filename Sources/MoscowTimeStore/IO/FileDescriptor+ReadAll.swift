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
