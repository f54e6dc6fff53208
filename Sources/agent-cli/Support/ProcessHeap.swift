// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib  // malloc.h: mallopt
import Glibc

/// agent-cli's heap, set up before anything is read for a process that runs one command and
/// exits. Reading a large store builds its bytes, the parsed document, the alarms and the table:
/// about 20 MB for 10 000 alarms, first touched one 4 KB page at a time. Those ~4 600 page faults
/// were a quarter of `agent-cli list` of 10 000 alarms on a VM, where one costs several
/// microseconds.
enum ProcessHeap {
    static func prepare() {
        // Blocks up to 32 MB (the store's bytes and its parsed nodes: 3 MB each for 10 000 alarms)
        // come from the heap, where the huge pages below are, and freed pages stay until the
        // process ends instead of going back to the kernel to be faulted in again.
        mallopt(M_MMAP_THRESHOLD, 32 << 20)
        mallopt(M_TRIM_THRESHOLD, 64 << 20)
    }

    /// Before a command reads the store at `path`: a large one (1 MB is about 3 000 alarms) is read
    /// into huge pages. A small one is not worth the three system calls and the larger mapping
    /// (a quarter of a millisecond of `--version`).
    static func prepare(toRead path: String) {
        var st = stat()
        guard lstat(path, &st) == 0, st.st_size >= 1 << 20 else { return }
        onHugePages(24 << 20)
    }

    /// Grows the heap by `size` and asks for transparent huge pages there (madvise: a no-op where
    /// the kernel's THP mode is "never", already so where it is "always"; Ubuntu's default and this
    /// project's VMs use "madvise"). The block is freed at once and allocations take from it: a
    /// large store then costs a few 2 MB faults instead of thousands of 4 KB ones; a small
    /// one would pay for the calls and the mapping with nothing to gain.
    private static func onHugePages(_ size: Int) {
        guard let block = malloc(size) else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: block) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: block) + size) & ~(huge - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        free(block)
    }
}
