// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Whether a user's sound file is safe to hand to libcanberra, which opens it blocking on the main
/// thread: a FIFO would freeze the agent (no D-Bus replies, no later alarm), `/dev/zero` or a
/// 2 GB file would stream forever or bloat it. Only a readable regular file of sane size passes.
/// The file is opened with O_NONBLOCK (a FIFO without writer does not block the open) and checked
/// with fstat on that descriptor, then closed.
public enum SoundFileCheck {
    /// Larger than any alarm tone or song a person would pick (a 10-minute FLAC is about 60 MB).
    public static let maximumBytes: Int64 = 128 * 1024 * 1024

    /// nil when `path` may be played, else why not ("not a regular file", …).
    public static func problem(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return String(cString: strerror(errno)) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "a directory, not a sound file"
        case S_IFIFO: return "a FIFO, not a sound file"
        default: return "not a regular file"
        }
        guard Int64(st.st_size) <= maximumBytes else {
            return "too large (\(Int64(st.st_size) / (1024 * 1024)) MB; at most \(maximumBytes / (1024 * 1024)) MB)"
        }
        guard st.st_size > 0 else { return "empty" }
        return nil
    }
}
