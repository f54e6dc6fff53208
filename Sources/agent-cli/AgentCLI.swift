// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

/// `agent-cli`: create and edit alarms, habits and settings, and control the running agent.
struct AgentCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent-cli",
        abstract: "Alarms and habits in Moscow time (or any zone you choose).",
        discussion: """
            Exit status: 0 success, 2 invalid usage or input (nothing was changed), 1 other failures.
            Data: $XDG_DATA_HOME/moscowtime/store.json (default ~/.local/share/moscowtime).
            """,
        version: Version.text,
        subcommands: [AddCommand.self, TimerCommand.self, ListCommand.self, ShowCommand.self,
                      EditCommand.self, RemoveCommand.self, EnableCommand.self, DisableCommand.self,
                      NextCommand.self, NowCommand.self, SettingsCommand.self,
                      StatusCommand.self, SnoozeCommand.self, StopCommand.self, PauseCommand.self,
                      ResumeCommand.self, ReloadCommand.self, HabitCommand.self,
                      TemplateCommand.self, AutostartCommand.self]
    )
}

@main
enum Main {
    static func main() {
        do {
            var command = try AgentCLI.parseAsRoot()
            try command.run()
        } catch let e as InputError {
            Output.error(e.message)
            Output.exit(.invalidInput)
        } catch let e as StoreError {
            Output.error(e.description)
            Output.exit(.failure)
        } catch let e as CLIFailure {
            Output.error(e.message)
            Output.exit(e.status)
        } catch {
            let code = AgentCLI.exitCode(for: error)
            if code == .success {
                // --help, --version: ArgumentParser's text on stdout.
                Output.write(AgentCLI.fullMessage(for: error) + "\n")
                Output.exit(.success)
            }
            if code == .validationFailure {
                Output.error(AgentCLI.message(for: error) + " (see agent-cli --help)")
                Output.exit(.invalidInput)
            }
            Output.error(AgentCLI.message(for: error))
            Output.exit(.failure)
        }
    }
}
