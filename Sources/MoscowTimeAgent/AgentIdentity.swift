/// Names the agent is known by on the bus and the desktop.
public enum AgentIdentity {
    /// Well-known session-bus name: owning it makes the agent single-instance.
    public static let busName = "org.moscowtime.Agent"
    public static let objectPath = "/org/moscowtime/Agent"
    /// Basename of the application `.desktop` file (the notifications' `desktop-entry` hint).
    public static let desktopEntry = "org.moscowtime.Agent"
    public static let appName = "MoscowTime"
    public static let iconName = "alarm-clock"
    public static let ringingIconName = "alarm-clock"
    public static let version = "0.1.0"
}
