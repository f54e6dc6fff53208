// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses dates: `2026-12-31`, `today`/`сегодня`, `tomorrow`/`завтра`; relative words are days in the zone.
public enum DateParser {
    public static let accepted = N_("YYYY-MM-DD (e.g. 2026-12-31), today/сегодня or tomorrow/завтра")

    public static func parse(_ text: String, today: CivilDate) throws(InputError) -> CivilDate {
        switch text.lowercased().trimmingSpaces {
        case "today", "сегодня": return today
        case "tomorrow", "завтра": return today.adding(days: 1)
        case "yesterday", "вчера": return today.adding(days: -1)
        case let s:
            if let d = CivilDate(iso: Substring(s)) { return d }
            throw InputError("invalid date \"{text}\": expected {accepted}", ["text": "\(text)"], parts: ["accepted": Message(accepted)])
        }
    }
}
