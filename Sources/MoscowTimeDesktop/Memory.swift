// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// The process's heap after a large transient use (the agent reading the whole store: its bytes,
/// the JSON tree, the document with every habit's history, all freed once the scheduler keeps
/// what it needs).
public enum Memory {
    /// Gives the free pages of every malloc arena back to the system. glibc returns only the top
    /// of the main heap by itself, so the pages a big read left free inside it stay resident.
    public static func releaseFreed() {
        _ = malloc_trim(0)
    }
}
