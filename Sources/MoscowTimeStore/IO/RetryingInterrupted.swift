// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Calls `systemCall` again for as long as it fails with EINTR (a signal arrived before it was
/// done), for the calls swift-system does not wrap (flock, waitpid, poll). Returns the last
/// result; on any other failure errno is left as the call set it.
@inlinable
public func retryingInterrupted<R: FixedWidthInteger>(_ systemCall: () -> R) -> R {
    while true {
        let result = systemCall()
        if result != -1 || errno != EINTR { return result }
    }
}
