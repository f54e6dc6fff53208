// SPDX-License-Identifier: GPL-3.0-or-later
/// Names of the agent's D-Bus API, shared by the agent and `agent-cli`.
/// The interface itself is documented in data/dbus/org.moscowtime.Agent1.xml (`xml` is a copy that
/// a test keeps identical).
public enum AgentInterface {
    public static let busName = "org.moscowtime.Agent"
    public static let objectPath = "/org/moscowtime/Agent"
    public static let name = "org.moscowtime.Agent1"

    public enum ErrorName {
        public static let unknownAlarm = "org.moscowtime.Agent1.Error.UnknownAlarm"
        public static let notRinging = "org.moscowtime.Agent1.Error.NotRinging"
        public static let invalidArgument = "org.moscowtime.Agent1.Error.InvalidArgument"
        public static let nothingToSkip = "org.moscowtime.Agent1.Error.NothingToSkip"
    }
}
