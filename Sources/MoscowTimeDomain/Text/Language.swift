// SPDX-License-Identifier: GPL-3.0-or-later
/// The language for everything the user reads: Russian or English.
public enum Language: String, Sendable, Equatable {
    case ru, en

    /// The `language` setting wins; otherwise the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that
    /// is set decides (the gettext order). `C`/`POSIX` and anything not Russian mean English.
    public static func resolve(setting: LanguageSetting, environment env: [String: String]) -> Language {
        switch setting {
        case .ru: return .ru
        case .en: return .en
        case .auto: break
        }
        // LANGUAGE is honoured only when the locale is not C, as gettext does.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { env[$0] }.first { !$0.isEmpty } ?? ""
        if let languages = env["LANGUAGE"], !languages.isEmpty, locale != "C", locale != "POSIX" {
            let first = languages.split(separator: ":").first.map(String.init) ?? ""
            return first.hasPrefix("ru") ? .ru : .en
        }
        return locale.hasPrefix("ru") ? .ru : .en
    }
}
