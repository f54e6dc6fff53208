// SPDX-License-Identifier: GPL-3.0-or-later
/// Invalid user input: one line saying what was wrong and what is accepted. `agent-cli` exits 2.
public struct InputError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
