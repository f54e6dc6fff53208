// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

extension Language {
    /// `resolve(setting:environment:)` with this process's environment.
    public static func resolve(setting: LanguageSetting) -> Language {
        resolve(setting: setting, environment: Environment.current)
    }
}
