// SPDX-License-Identifier: GPL-3.0-or-later

/// A hash of the store file's bytes, as the agent and its sync driver compare them: equal bytes,
/// equal fingerprints, within one process (`Hasher` is seeded per process). Hashing the bytes
/// costs a pass over them; hashing the decoded document cost a walk of every habit day, about a
/// fifth of the agent's start with a user's five years of habits.
public enum DocumentFingerprint {
    /// `bytes` nil: there is no file.
    public static func of(_ bytes: [UInt8]?) -> Int {
        var hasher = Hasher()
        guard let bytes else {
            hasher.combine(0 as UInt8)
            return hasher.finalize()
        }
        hasher.combine(1 as UInt8)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
