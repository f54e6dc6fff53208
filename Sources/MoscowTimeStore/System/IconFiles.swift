// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the agent's own icons are on disk, for hosts that cannot find them by name: a tray host
/// searches `themePath` (StatusNotifierItem's IconThemePath), notifications carry `file(for:)` as
/// their image. From a build tree the icons are the source tree's `data/icons/<name>.svg`; installed,
/// the agent's own hicolor theme under `<prefix>/share/moscowtime/icons` (an index.theme and links to
/// the icons installed in `<prefix>/share/icons/hicolor`).
public struct IconFiles: Equatable, Sendable {
    public enum Layout: Equatable, Sendable {
        /// `<themePath>/hicolor/scalable/apps/<name>.svg`
        case hicolorTheme
        /// `<themePath>/<name>.svg` (GTK's and Qt's "unthemed" icons in a search path)
        case flat
    }

    public let themePath: String
    public let layout: Layout

    public init(themePath: String, layout: Layout) {
        self.themePath = themePath
        self.layout = layout
    }

    /// The scalable icon file of `name` (an icon theme name such as org.moscowtime.Agent-ringing).
    public func file(for name: String) -> String {
        switch layout {
        case .hicolorTheme: return "\(themePath)/hicolor/scalable/apps/\(name).svg"
        case .flat: return "\(themePath)/\(name).svg"
        }
    }
}
