// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a sync stopped. Each is reported once, in one line, and leaves the store as it was before
/// the step that failed (downloads change nothing; each upload is recorded as it succeeds).
public struct SyncError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case unreachable, authentication, certificate, badAnswer, conflict, setup }
    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public var description: String { message }
}
