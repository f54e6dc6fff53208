// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore

/// The compact texts of `X-MOSCOWTIME-FREQUENCY` and `X-MOSCOWTIME-REMINDERS`.
enum HabitCalendarText {
    static func frequency(_ f: HabitFrequency) -> String {
        switch f {
        case .daily: return "daily"
        case .weekdays(let days): return "weekdays:" + days.sorted().map(\.key).joined(separator: ",")
        case .everyNDays(let n): return "every:\(n)"
        case .timesPerWeek(let n): return "perWeek:\(n)"
        case .timesPerMonth(let n): return "perMonth:\(n)"
        case .timesInDays(let x, let y): return "timesInDays:\(x)/\(y)"
        }
    }

    static func frequency(_ text: String) -> HabitFrequency? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        func number(_ range: ClosedRange<Int>) -> Int? {
            guard parts.count == 2, let n = Int(parts[1]), range.contains(n) else { return nil }
            return n
        }
        switch parts.first {
        case "daily" where parts.count == 1: return .daily
        case "weekdays":
            guard parts.count == 2 else { return nil }
            var days = Set<Weekday>()
            for key in parts[1].split(separator: ",") {
                guard let d = Weekday(key: String(key)) else { return nil }
                days.insert(d)
            }
            return days.isEmpty ? nil : .weekdays(days)
        case "every": return number(2...HabitFrequency.maximumInterval).map { .everyNDays($0) }
        case "perWeek": return number(HabitFrequency.weekTimes).map { .timesPerWeek($0) }
        case "perMonth": return number(HabitFrequency.monthTimes).map { .timesPerMonth($0) }
        case "timesInDays":
            let xy = parts.count == 2 ? parts[1].split(separator: "/").map { Int($0) } : []
            guard xy.count == 2, let x = xy[0], let y = xy[1] else { return nil }
            return HabitFrequency.make(times: x, inDays: y)
        default: return nil
        }
    }

    static func reminders(_ text: String) -> [TimeOfDay]? {
        var out: [TimeOfDay] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let t = TimeOfDay(text: part) else { return nil }
            out.append(t)
        }
        return out
    }
}
