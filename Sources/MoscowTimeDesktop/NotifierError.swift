// SPDX-License-Identifier: GPL-3.0-or-later
/// A notification could not be shown; `message` is the D-Bus/GLib error text.
public struct NotifierError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
