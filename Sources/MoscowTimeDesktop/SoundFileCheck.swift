// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Whether a sound file can be handed to libcanberra without hanging or bloating the process:
/// libcanberra opens the path itself, blocking, so a FIFO would freeze the main loop, and a device
/// or a huge file would be streamed for ever. Checked with a non-blocking open right before each play.
public enum SoundFileCheck {
    /// A ring tone larger than this is refused (a long OGG is a few MB; agent-cli refuses the same).
    public static let maximumBytes = 64 << 20

    /// Why `path` must not be handed to libcanberra, or nil. A file that cannot be opened at all
    /// (missing, no permission) is left to libcanberra, which reports it as "not found" without
    /// blocking; what is refused is what opens but is not a regular file of 1 byte to `maximumBytes`.
    public static func problem(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return "cannot inspect \(path): \(String(cString: strerror(errno)))" }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return "\(path) is not a regular file" }
        guard st.st_size > 0, st.st_size <= maximumBytes else {
            return "\(path) is \(st.st_size) bytes, not a sound file of 1 byte to \(maximumBytes >> 20) MB"
        }
        return nil
    }
}
