// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// The language of what agent-cli says outside a loaded document: help, usage errors, input
/// errors, and swift-argument-parser's own words.
///
/// It starts as English and switches to the user's language (`useUserLanguage()`: the `language`
/// setting, else LANGUAGE/LC_ALL/LC_MESSAGES/LANG) only when something is to be shown — help or
/// an error — so an ordinary run never reads the store twice: ArgumentParser builds every
/// command's help strings on each parse, and the commands read the store themselves.
enum CLIText {
    /// Written only on the main thread, before any output (agent-cli is single-threaded).
    nonisolated(unsafe) static var localizer = Localizer(.en)

    static func useUserLanguage() {
        let env = Environment.current
        let setting = (try? DocumentStore(paths: StorePaths.fromEnvironment(env)).load().settings.language) ?? .auto
        localizer = Localizer(Language.resolve(setting: setting, environment: env))
    }

    /// swift-argument-parser's help headings and fixed phrases, as it writes them.
    static let libraryPhrases: [String] = [
        N_("OVERVIEW:"), N_("USAGE:"), N_("ARGUMENTS:"), N_("OPTIONS:"), N_("SUBCOMMANDS:"),
        N_("Show help information."), N_("Show the version."), N_("Show subcommand help information."),
        N_("(default: "), N_("(values: "), N_("; default: "), N_(" (default)"), N_("<subcommand>"), N_("<options>"),
    ]

    /// swift-argument-parser's error messages, as it writes them; `{…}` stands for any text.
    static let libraryMessages: [String] = [
        N_("Missing expected argument '{argument}'"),
        N_("Missing one of: '{options}'"),
        N_("Unknown option '{option}'. Did you mean '{suggestion}'?"),
        N_("Unknown option '{option}'"),
        N_("Unexpected argument '{argument}'"),
        N_("{count} unexpected arguments: '{arguments}'"),
        N_("Missing value for '{option}'"),
        N_("The option '{option}' does not take any value, but '{value}' was specified."),
        N_("The value '{value}' is invalid for '{argument}': {reason}"),
        N_("The value '{value}' is invalid for '{argument}'{values}"),
        N_("Missing required subcommand."),
        N_("Invalid option: {option}"),
        N_("See '{command}' for more information."),
        N_("See '{command} <subcommand>' for detailed help."),
        N_("Error: {message}"),
        N_("Usage: {usage}"),
    ]

    /// Help text from ArgumentParser with its own words translated.
    static func help(_ text: String) -> String {
        guard localizer.language != .en else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
            .joined(separator: "\n")
    }

    /// One line of ArgumentParser output: a whole message it wrote, or headings and phrases in it.
    static func line(_ line: String) -> String {
        guard localizer.language != .en else { return line }
        let indent = String(line.prefix { $0 == " " })
        let body = String(line.dropFirst(indent.count))
        for template in libraryMessages {
            if let values = PlaceholderMatch.match(template, body) {
                let translated = values.mapValues { Self.line($0) }
                return indent + localizer(template, template.hasPrefix("Error: ") || template.hasPrefix("Usage: ") ? translated : values)
            }
        }
        var out = line
        for phrase in libraryPhrases where out.contains(phrase) {
            out = replacingKeepingColumns(out, phrase, localizer(phrase))
        }
        return out
    }
}

/// Replaces `phrase` and takes the difference in length out of (or adds it to) the run of spaces
/// that follows, so the help's next column stays where ArgumentParser put it.
func replacingKeepingColumns(_ text: String, _ phrase: String, _ replacement: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let r = rest.range(of: phrase) {
        out += rest[..<r.lowerBound] + replacement
        rest = rest[r.upperBound...]
        let spaces = rest.prefix { $0 == " " }.count
        let delta = replacement.count - phrase.count
        if spaces >= 2 {
            rest = rest.dropFirst(min(max(delta, 0), spaces - 1))
            if delta < 0 { out += String(repeating: " ", count: -delta) }
        }
    }
    return out + rest
}

/// The English message, translated when shown (`CLIText`): for help strings, which ArgumentParser
/// evaluates when it builds a command, and validation errors.
func t(_ english: String) -> String { CLIText.localizer(english) }
func t(_ english: String, _ values: [String: String]) -> String { CLIText.localizer(english, values) }
func t(_ english: String) -> ArgumentHelp { ArgumentHelp(CLIText.localizer(english)) }
/// Help for an option or argument with the name of its value (`--days <days>`, `--days <дни>`)
/// in the user's language too: `t("Weekdays: …", value: N_("days"))`.
func t(_ english: String, value: String) -> ArgumentHelp {
    ArgumentHelp(CLIText.localizer(english), valueName: CLIText.localizer(value))
}

/// Matches text against a message with `{name}` placeholders, each standing for any text.
enum PlaceholderMatch {
    static func match(_ template: String, _ text: String) -> [String: String]? {
        // Split the template into literal pieces and placeholder names.
        var literals: [String] = []
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(String(rest[..<open]))
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        literals.append(String(rest))
        guard text.hasPrefix(literals[0]) else { return nil }
        var cursor = text.index(text.startIndex, offsetBy: literals[0].count)
        var values: [String: String] = [:]
        for (i, name) in names.enumerated() {
            let next = literals[i + 1]
            let end: String.Index
            if i == names.count - 1 {
                // The last placeholder runs to the final literal, which ends the text.
                guard text[cursor...].hasSuffix(next) else { return nil }
                end = text.index(text.endIndex, offsetBy: -next.count)
                guard end >= cursor else { return nil }
            } else {
                guard let r = Substring(text[cursor...]).range(of: next) else { return nil }
                end = r.lowerBound
            }
            values[name] = String(text[cursor..<end])
            cursor = i == names.count - 1 ? text.endIndex : text.index(end, offsetBy: next.count)
        }
        if names.isEmpty { return text == literals[0] ? [:] : nil }
        return values
    }
}
