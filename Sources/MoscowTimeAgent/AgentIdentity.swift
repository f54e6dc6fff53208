// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore

/// Names the agent is known by on the bus and the desktop.
public enum AgentIdentity {
    /// Well-known session-bus name: owning it makes the agent single-instance.
    public static let busName = "org.moscowtime.Agent"
    public static let objectPath = "/org/moscowtime/Agent"
    /// Basename of the application `.desktop` file (the notifications' `desktop-entry` hint).
    public static let desktopEntry = "org.moscowtime.Agent"
    public static let appName = "MoscowTime"
    /// hicolor icons installed by `make install` (data/icons): scalable/apps/<name>.svg and
    /// symbolic/apps/<name>-symbolic.svg.
    public static let iconName = "org.moscowtime.Agent"
    public static let ringingIconName = "org.moscowtime.Agent-ringing"
    public static let pausedIconName = "org.moscowtime.Agent-paused"
    public static let version = "0.1.0"
}

extension AgentIdentity {
    /// The icon files on disk (installed beside the program, else the source tree's data/icons):
    /// the tray's IconThemePath and the notifications' image, for hosts whose icon theme lacks them.
    static let iconFiles: IconFiles? = ResourceLocator.iconFiles(probe: iconName,
                                                                  executableDirectory: ResourceLocator.executableDirectory())
}
