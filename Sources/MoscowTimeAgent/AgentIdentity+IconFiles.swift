// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeStore

extension AgentIdentity {
    /// The icon files on disk (installed beside the program, else the source tree's data/icons):
    /// the tray's IconThemePath and the notifications' image, for hosts whose icon theme lacks them.
    static let iconFiles: IconFiles? = ResourceLocator.iconFiles(
        probe: iconName,
        executableDirectory: ResourceLocator.executableDirectory())
}
