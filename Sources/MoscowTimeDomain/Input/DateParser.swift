// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses dates: `2026-12-31`, `today`/`сегодня`, `tomorrow`/`завтра`; relative words are days in the zone.
public enum DateParser {
    public static let accepted = N_("YYYY-MM-DD (e.g. 2026-12-31), today/сегодня or tomorrow/завтра")

    /// A date as written, before it is placed: a calendar day, or days from today (today, tomorrow,
    /// yesterday), which only the configured zone can place. Lets a command check the date while
    /// it parses its arguments and place it once the store is read.
    public enum Expression: Equatable, Sendable {
        case day(CivilDate)
        case fromToday(Int64)

        public func resolve(today: CivilDate) -> CivilDate {
            switch self {
            case .day(let d): return d
            case .fromToday(let n): return today.adding(days: n)
            }
        }
    }

    public static func expression(_ text: String) throws(InputError) -> Expression {
        switch text.lowercased().trimmingSpaces {
        case "today", "сегодня": return .fromToday(0)
        case "tomorrow", "завтра": return .fromToday(1)
        case "yesterday", "вчера": return .fromToday(-1)
        case let s:
            if let d = CivilDate(iso: Substring(s)) { return .day(d) }
            throw InputError("invalid date \"{text}\": expected {accepted}", ["text": "\(text)"], parts: ["accepted": Message(accepted)])
        }
    }

    public static func parse(_ text: String, today: CivilDate) throws(InputError) -> CivilDate {
        try expression(text).resolve(today: today)
    }
}
