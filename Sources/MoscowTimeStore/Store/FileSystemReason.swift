// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Why a file could not be read, written or locked, as catalogue messages: the common errnos are
/// named in words that say what to do; any other keeps the system's own text as a quoted detail.
/// Also what agent-cli says of its own failed system calls (running a helper, removing a file).
public enum FileSystemReason {
    public static func errno(_ code: Int32) -> Message {
        switch code {
        case EACCES, EPERM: return Message("permission denied: check the owner and mode of the file and its folder")
        case EROFS: return Message("the file system is read-only")
        case ENOSPC: return Message("the disk is full")
        case EDQUOT: return Message("your disk quota is used up")
        case ELOOP: return Message("too many symbolic links (a link that points to itself?)")
        case ENOENT: return Message("no such file or folder")
        case ENOTDIR: return Message("a part of the path is not a folder")
        case EISDIR: return Message("it is a folder")
        case ENAMETOOLONG: return Message("the path is too long")
        case EIO: return Message("input/output error (the disk may be failing)")
        case EMFILE, ENFILE: return Message("too many open files")
        case ENOMEM: return Message("out of memory")
        case ENOLCK: return Message("no locks available (the file system cannot lock files)")
        case EBUSY, ETXTBSY: return Message("the file is busy")
        case EXDEV: return Message("the file is on another file system")
        default:
            return Message("system error {code} ({detail})", ["code": String(code), "detail": String(cString: strerror(code))])
        }
    }

    /// What kind of file `mode` is ("a named pipe (FIFO)").
    static func kind(_ mode: mode_t) -> Message {
        switch mode & S_IFMT {
        case S_IFIFO: return Message("a named pipe (FIFO)")
        case S_IFCHR: return Message("a character device")
        case S_IFBLK: return Message("a block device")
        case S_IFDIR: return Message("a folder")
        case S_IFSOCK: return Message("a socket")
        case S_IFLNK: return Message("a symbolic link")
        default: return Message("a special file")
        }
    }

    /// A file over the size accepted; `size` when it is known before reading.
    static func tooLarge(size: Int?, limit: Int) -> Message {
        guard let size else { return Message("it is larger than the {limit} bytes accepted", ["limit": String(limit)]) }
        return Message.plural(
            "it is {size} byte, more than the {limit} bytes accepted", "it is {size} bytes, more than the {limit} bytes accepted",
            count: size, ["size": String(size), "limit": String(limit)])
    }
}
