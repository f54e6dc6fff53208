// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli`: create and edit alarms, habits and settings, and control the running agent.
struct AgentCLI: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "agent-cli",
            abstract: t("Alarms and habits in Moscow time (or any zone you choose)."),
            discussion: t(
                "Exit status: 0 success, 2 invalid usage or input (nothing was changed), 1 other failures, 3 the agent is not running (commands that control it).\nData: $XDG_DATA_HOME/moscowtime/store.json (default ~/.local/share/moscowtime)."
            ),
            version: AgentIdentity.version,
            subcommands: [
                AddCommand.self, TimerCommand.self, ListCommand.self, ShowCommand.self,
                EditCommand.self, RemoveCommand.self, EnableCommand.self, DisableCommand.self, SkipCommand.self, UnskipCommand.self,
                NextCommand.self, NowCommand.self, SettingsCommand.self, HolidaysCommand.self,
                StatusCommand.self, SnoozeCommand.self, StopCommand.self, PauseCommand.self,
                ResumeCommand.self, ReloadCommand.self, HabitCommand.self,
                TemplateCommand.self, AutostartCommand.self, CompleteCommand.self,
                ExportCommand.self, ImportCommand.self, SyncCommand.self, CalendarsCommand.self,
            ]
        )
    }
}

@main
enum Main {
    static func main() {
        ProcessHeap.prepare()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `list`, `status`, `--version` and the like: the same command without building the parser.
        if let run = FastPath.command(for: arguments) {
            do { try run() } catch {
                CLIText.useUserLanguage()
                fail(error)
            }
            return
        }
        var command: ParsableCommand
        do {
            command = try AgentCLI.parseAsRoot(arguments)
        } catch {
            // --version is the same in every language: no store read (a large one is most of the
            // cost of a run).
            if AgentCLI.exitCode(for: error) == .success, AgentCLI.fullMessage(for: error) == AgentIdentity.version {
                Output.write(AgentIdentity.version + "\n")
                Output.exit(.success)
            }
            // Help or an error: now the user's language matters. ArgumentParser words its help and
            // messages when asked, and our errors carry their values, so they are worded in it.
            CLIText.useUserLanguage()
            if let e = TimerCommand.negativeDuration(in: arguments) { fail(e) }
            fail(ParseErrors.typedError(in: error) ?? error)
        }
        do {
            try RunningAgentUpdate.afterWrites { try command.run() }
        } catch {
            CLIText.useUserLanguage()
            fail(error)
        }
    }

    /// The one place an error is worded and its exit status chosen.
    static func fail(_ error: Error) -> Never {
        switch HabitErrorWording.worded(error) {
        case let e as InputError:
            Output.error(e.message(in: CLIText.localizer))
            Output.exit(.invalidInput)
        case let e as UsageError:
            Output.error(t("{message} (see agent-cli --help)", ["message": e.message.text(CLIText.localizer)]))
            Output.exit(.invalidInput)
        case let e as StoreError:
            Output.error(e.message(in: CLIText.localizer))
            Output.exit(.failure)
        case let e as TemplateError:
            Output.error(e.message(in: CLIText.localizer))
            Output.exit(.failure)
        case let e as CLIFailure:
            Output.error(e.message)
            Output.exit(e.status)
        default:
            let code = AgentCLI.exitCode(for: error)
            if code == .success {
                // --help, --version: ArgumentParser's text on stdout.
                Output.write(CLIText.help(AgentCLI.fullMessage(for: error)) + "\n")
                Output.exit(.success)
            }
            let message = AgentCLI.message(for: error)
            if code == .validationFailure {
                Output.error(t("{message} (see agent-cli --help)", ["message": CLIText.line(message)]))
                Output.exit(.invalidInput)
            }
            Output.error(CLIText.line(message))
            Output.exit(.failure)
        }
    }
}
