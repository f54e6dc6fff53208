// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeAgent

// moscowtime-agent: the per-user process that rings alarms. All logic lives in MoscowTimeAgent.
switch AgentOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .exit(let code, let message):
    print(message)
    exit(code)
case .run(let options):
    let status = MainActor.assumeIsolated { Agent(options: options).run() }
    exit(status)
}
