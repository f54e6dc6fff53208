// SPDX-License-Identifier: GPL-3.0-or-later
/// Another process holds the store's lock (an import, an edit): thrown by
/// `DocumentStore.update(waitForLock: false)`, which changed nothing.
public struct StoreLocked: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is locked by another process" }  // not UI: the agent's log
}
