// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeStore

/// A change this command wrote is taken in by the running agent before the command returns, so that
/// a script's next command (`stop`, `status`, `next`) meets the agent on the new version, not on the
/// one its file monitor has not reported yet (`edit P --once tomorrow && stop P` switched the alarm
/// off: the agent decided on the version before the edit). Never starts an agent (`AgentStarter`
/// does where a change must ring). The change is saved either way: an agent that does not answer in
/// time (stopped, hung) takes it in when its monitor reports it.
enum RunningAgentUpdate {
    static let timeoutMilliseconds: Int32 = 3_000

    static func afterWrites(_ command: () throws -> Void) rethrows {
        let path = StorePaths.fromEnvironment().document
        let before = FileIdentity(path: path)
        try command()
        guard FileIdentity(path: path) != before, let client = try? AgentClient(), client.isRunning() else { return }
        _ = client.reloadIfRunning(timeoutMilliseconds: timeoutMilliseconds)
    }
}
