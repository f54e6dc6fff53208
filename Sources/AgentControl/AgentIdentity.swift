// SPDX-License-Identifier: GPL-3.0-or-later
/// The product's version and the names it is known by on the desktop, shared by the agent and
/// `agent-cli` (the bus names are in `AgentInterface`). Packaging repeats the version in
/// debian/changelog.
public enum AgentIdentity {
    public static let version = "0.1.0"
    /// Basename of the application `.desktop` file (the notifications' `desktop-entry` hint).
    public static let desktopEntry = "org.moscowtime.Agent"
    public static let appName = "MoscowTime"
    /// hicolor icons installed by `make install` (data/icons): scalable/apps/<name>.svg and
    /// symbolic/apps/<name>-symbolic.svg.
    public static let iconName = "org.moscowtime.Agent"
    public static let ringingIconName = "org.moscowtime.Agent-ringing"
    public static let pausedIconName = "org.moscowtime.Agent-paused"
}
