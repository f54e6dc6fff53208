// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// What the shell completes from the user's own data: alarm ids and labels, habit names, template
/// names, settings keys and values, zone names. The completion scripts ArgumentParser generates
/// call back into agent-cli for these (`.custom`); `agent-cli __complete KIND` prints the same lists.
enum Completions {
    enum Kind: String, CaseIterable, ExpressibleByArgument {
        case alarm, habit, template, setting, zone, language
    }

    static func candidates(_ kind: Kind) -> [String] {
        let env = Environment.current
        let doc = { try? DocumentStore(paths: StorePaths.fromEnvironment(env)).load() }
        switch kind {
        case .alarm:
            let alarms = doc()?.alarms ?? []
            return alarms.map(\.id) + alarms.map(\.label)
        case .habit:
            return (doc()?.habits ?? []).map(\.name)
        case .template:
            return TemplateLibrary.standard(environment: env).ids()
        case .setting:
            return Settings.keys
        case .zone:
            return ZoneNames.all()
        case .language:
            return ["auto", "ru", "en"]
        }
    }

    static func of(_ kind: Kind) -> CompletionKind {
        .custom { _, _, prefix in candidates(kind).filter { $0.hasPrefix(prefix) } }
    }

    /// `settings KEY VALUE`: the values of the key before it.
    static let settingValue: CompletionKind = .custom { words, index, prefix in
        let key = index >= 1 && index - 1 < words.count ? words[index - 1] : ""
        let values: [String]
        switch key {
        case "zone": values = candidates(.zone)
        case "language": values = candidates(.language)
        case "dismiss": values = DismissAction.allCases.map(\.rawValue)
        case "holidays": values = HolidayCountry.allCases.map(\.rawValue)
        default: values = []
        }
        return values.filter { $0.hasPrefix(prefix) }
    }
}

/// `agent-cli __complete KIND`: one candidate a line (hidden; for scripts and tests).
struct CompleteCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "__complete", abstract: t("Print completion candidates."), shouldDisplay: false)
    }

    @Argument(help: t("What to list.", value: N_("kind"))) var kind: Completions.Kind

    func run() {
        let list = Completions.candidates(kind)
        Output.write(list.isEmpty ? "" : list.joined(separator: "\n") + "\n")
    }
}
