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
    /// Placeholders filled with other messages (what is accepted, why a label is refused), which
    /// are translated too.
    public let parts: [String: Message]

    public init(_ template: String, _ values: [String: String] = [:], parts: [String: Message] = [:]) {
        self.template = template
        self.values = values
        self.parts = parts
    }

    /// The message in English.
    public var message: String { message(in: Localizer.english) }
    /// The message in `t`'s language.
    public func message(in t: Localizer) -> String {
        var all = values
        for (key, part) in parts { all[key] = part.text(t) }
        return t(template, all)
    }
    public var description: String { message }
    /// The error as a message, to be a part of another (worded in the reader's language, not English).
    public var asMessage: Message { Message(template, values, parts: parts) }

    /// Two errors are the same when they say the same thing (in English), however they were built.
    public static func == (a: InputError, b: InputError) -> Bool { a.message == b.message }
}

/// A catalogue message with its values, worded when shown. A counted message (`plural`) picks the
/// language's plural form for `count`; `parts` are placeholders filled with other messages.
public struct Message: Hashable, Sendable {
    public let template: String
    public let pluralTemplate: String?
    public let count: Int
    public let values: [String: String]
    public let parts: [String: Message]

    public init(_ template: String, _ values: [String: String] = [:], parts: [String: Message] = [:]) {
        self.template = template
        self.pluralTemplate = nil
        self.count = 0
        self.values = values
        self.parts = parts
    }

    private init(_ template: String, _ plural: String, count: Int, _ values: [String: String], parts: [String: Message]) {
        self.template = template
        self.pluralTemplate = plural
        self.count = count
        self.values = values
        self.parts = parts
    }

    /// `Message.plural("{n} day", "{n} days", count: n, ["n": "\(n)"])`: «1 день», «3 дня», «5 дней».
    public static func plural(
        _ singular: String, _ plural: String, count: Int, _ values: [String: String] = [:],
        parts: [String: Message] = [:]
    ) -> Message {
        Message(singular, plural, count: count, values, parts: parts)
    }

    public func text(_ words: Localizer) -> String {
        var all = values
        for (key, part) in parts { all[key] = part.text(words) }
        if let pluralTemplate { return words.plural(template, pluralTemplate, count: count, all) }
        return words(template, all)
    }

    public var english: String { text(Localizer.english) }
}

/// Marks a message for the catalogue without translating it where it is written (gettext's `N_`):
/// it is translated where it is shown.
// swift-format-ignore: AlwaysUseLowerCamelCase
// gettext's name, which po/extract-messages looks for.
public func N_(_ english: String) -> String { english }
