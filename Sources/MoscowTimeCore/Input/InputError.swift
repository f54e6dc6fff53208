// SPDX-License-Identifier: GPL-3.0-or-later
/// Invalid user input: one line saying what was wrong and what is accepted. `agent-cli` exits 2.
///
/// The core does not word messages for a language: it keeps the English message as a catalogue key
/// with `{placeholders}` and the values apart, and the program that shows it translates the key
/// (`message(in:)`) — so one error reads in Russian or English without the core knowing which.
public struct InputError: Error, Equatable, CustomStringConvertible {
    /// The English message with `{name}` placeholders: the msgid in `po/*.po`.
    public let template: String
    public let values: [String: String]

    public init(_ template: String, _ values: [String: String] = [:]) {
        self.template = template
        self.values = values
    }

    /// The message in English.
    public var message: String { Localizer.fill(template, values) }
    /// The message in `t`'s language.
    public func message(in t: Localizer) -> String { t(template, values) }
    public var description: String { message }
}
