// SPDX-License-Identifier: GPL-3.0-or-later
/// Builds a habit's frequency from one of: daily, fixed weekdays, every N days, X per week, X per
/// month, X times in Y days (agent-cli's `--daily` … `--times-in`, a template's `daily` … `per-month:`).
/// Equivalent forms are stored one way (every 1 day, 7 per week, 3 in 3 days and all seven weekdays
/// are daily; 2 in 7 days is 2 per week). Errors are typed: the caller names its own options.
public enum HabitFrequencyParser {
    /// Nil when no option was given.
    public static func parse(
        daily: Bool, days: String?, every: String?, perWeek: String?,
        perMonth: String?, timesIn: String? = nil
    ) throws(HabitFrequencyError) -> HabitFrequency? {
        let given = [daily, days != nil, every != nil, perWeek != nil, perMonth != nil, timesIn != nil].filter { $0 }.count
        if given > 1 { throw .conflicting }
        if daily { return .daily }
        if let days {
            let selection: DaySelection
            do { selection = try DaysParser.selection(days) } catch { throw .invalidDays(error) }
            switch selection {
            case .workingDays: return .workingDays
            case .weekdays(let set): return set == Weekday.all ? .daily : .weekdays(set)
            }
        }
        if let every {
            let n = try number(every, .everyNDays)
            return n == 1 ? .daily : .everyNDays(n)
        }
        if let perWeek {
            let n = try number(perWeek, .perWeek)
            return n == 7 ? .daily : .timesPerWeek(n)
        }
        if let timesIn {
            let parts = timesIn.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Int(String(parts[0]).trimmingSpaces), let y = Int(String(parts[1]).trimmingSpaces),
                let f = HabitFrequency.make(times: x, inDays: y)
            else {
                throw .invalidTimesIn(text: timesIn)
            }
            return f
        }
        if let perMonth {
            return .timesPerMonth(try number(perMonth, .perMonth))
        }
        return nil
    }

    static func number(_ text: String, _ count: HabitFrequencyCount) throws(HabitFrequencyError) -> Int {
        guard let n = Int(text.trimmingSpaces), count.range.contains(n) else { throw .invalidCount(count, text: text) }
        return n
    }
}
