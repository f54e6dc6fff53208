// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A document that parses as JSON but does not describe valid data: names the field and the problem.
/// The problem is a catalogue message, worded in the reader's language where it is shown.
public struct DocumentDecodingError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: Message
    public init(path: String, reason: Message) {
        self.path = path
        self.reason = reason
    }

    /// "FIELD: why" (the field's path is JSON, the same in every language).
    public var message: Message {
        path.isEmpty ? reason : Message("{field}: {reason}", ["field": path], parts: ["reason": reason])
    }
    public var description: String { message.english }
}
