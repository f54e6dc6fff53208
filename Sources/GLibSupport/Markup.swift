// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// The notification spec's body markup (a small subset of Pango markup).
public enum Markup {
    /// `<`, `>`, `&`, quotes escaped, so that text shows as written on servers with `body-markup`.
    public static func escape(_ s: String) -> String {
        guard let p = g_markup_escape_text(s, -1) else { return s }
        defer { g_free(p) }
        return String(cString: p)
    }
}
