// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a sync stopped. Each is reported once, in one line, and leaves the store as it was before
/// the step that failed (downloads change nothing; each upload is recorded as it succeeds).
public struct SyncError: Error, Sendable, Equatable {
    public enum Kind: Sendable { case unreachable, authentication, certificate, badAnswer, conflict, setup }
    public let kind: Kind
    public let failure: SyncFailure

    public init(_ kind: Kind, _ failure: SyncFailure) {
        self.kind = kind
        self.failure = failure
    }
}

/// What went wrong, typed: worded in the reader's language where it is shown, and stored as a code
/// with its values (`SyncFailure.stored`) so that `sync status` words it later in whatever language
/// is asked then. Text from outside (libsoup's transport error, a URL, an HTTP status) is a value.
public enum SyncFailure: Sendable, Equatable {
    case invalidURL(String)
    case certificateRefused(url: String, detail: String)
    case unreachable(url: String, detail: String)
    case authenticationRefused(url: String)
    /// A WebDAV request answered with another status than 207 Multi-Status.
    case notMultistatus(method: String, url: String, status: Int)
    /// A 207 answer whose body is not a WebDAV multistatus.
    case unreadableMultistatus(method: String, url: String)
    case notACalendar(url: String)
    case unexpectedStatus(method: String, url: String, status: Int)
    case cannotCreateCalendar(url: String, status: Int)
    case listedWithoutETag(href: String)
    case changeWithoutETag(href: String)
    case listedNotReturned(url: String)
    case invalidResource(url: String, CalendarFileError)
    case unknownZone(String)
    /// One request was not answered in full within `seconds`.
    case timedOut(method: String, url: String, seconds: Int)
    /// The whole sync took longer than its deadline (`SyncDeadline`).
    case syncDeadline(seconds: Int)
    /// An answer larger than `AnswerLimits.maximumBytes` (`limit`).
    case answerTooLarge(method: String, url: String, limit: Int)
    /// An XML answer with a document type declaration (entities): WebDAV answers have none.
    case answerWithDTD(method: String, url: String)
    /// The agent ended a sync child still running after the deadline (`seconds`).
    case endedByAgent(seconds: Int)
    /// The sync child died of a signal.
    case crashed(signal: Int)
}
