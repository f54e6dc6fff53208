// SPDX-License-Identifier: GPL-3.0-or-later
/// Builds a habit's frequency from the command line's `--daily`, `--days`, `--every`, `--per-week`,
/// `--per-month`, `--times-in X/Y` (at most one). Equivalent forms are stored one way (`--every 1`,
/// `--per-week 7`, `--times-in 3/3` and all seven days are daily; `--times-in 2/7` is 2 per week).
public enum HabitFrequencyParser {
    public static let choices = N_("--daily, --days mon,wed, --every N, --per-week X, --per-month X or --times-in X/Y")

    /// Nil when no option was given.
    public static func parse(daily: Bool, days: String?, every: String?, perWeek: String?,
                             perMonth: String?, timesIn: String? = nil) throws(InputError) -> HabitFrequency? {
        let given = [daily, days != nil, every != nil, perWeek != nil, perMonth != nil, timesIn != nil].filter { $0 }.count
        if given > 1 { throw InputError("choose one of {choices}", parts: ["choices": Message(choices)]) }
        if daily { return .daily }
        if let days {
            let set = try DaysParser.parse(days)
            return set == Weekday.all ? .daily : .weekdays(set)
        }
        if let every {
            let n = try number(every, "--every", 1...HabitFrequency.maximumInterval, Message(N_("a number of days from 1 to {max}"), ["max": "\(HabitFrequency.maximumInterval)"]))
            return n == 1 ? .daily : .everyNDays(n)
        }
        if let perWeek {
            let n = try number(perWeek, "--per-week", 1...7, Message(N_("1 to 7 days a week")))
            return n == 7 ? .daily : .timesPerWeek(n)
        }
        if let timesIn {
            let parts = timesIn.split(separator: "/", omittingEmptySubsequences: false)
            let max = HabitFrequency.maximumInterval
            guard parts.count == 2, let x = Int(String(parts[0]).trimmingSpaces), let y = Int(String(parts[1]).trimmingSpaces),
                  let f = HabitFrequency.make(times: x, inDays: y) else {
                throw InputError("invalid --times-in \"{value}\": expected X/Y, X times in Y days, 1 ≤ X ≤ Y ≤ {max} (e.g. 2/5)", ["value": timesIn, "max": String(max)])
            }
            return f
        }
        if let perMonth {
            return .timesPerMonth(try number(perMonth, "--per-month", HabitFrequency.monthTimes, Message(N_("1 to 30 days a month"))))
        }
        return nil
    }

    static func number(_ text: String, _ option: String, _ range: ClosedRange<Int>, _ expected: Message) throws(InputError) -> Int {
        guard let n = Int(text.trimmingSpaces), range.contains(n) else {
            throw InputError("invalid {option} \"{text}\": expected {expected}", ["option": "\(option)", "text": "\(text)"], parts: ["expected": expected])
        }
        return n
    }
}
