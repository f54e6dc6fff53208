// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// `agent-cli habit export`'s CSV, read back by `habit import` (a lossless round trip). One file,
/// spreadsheet friendly: a `habit` row per habit with its definition, then an `entry` row per
/// logged day, linked by `id` (the name is repeated for people reading it).
///
///     record,id,name,description,frequency,reminders,start,archived,unit,target,goal,created,modified,date,state,amount,note
///     habit,3f9a0c12,Water,,daily,08:00 20:00,2026-11-01,false,glasses,8,at-least,2026-11-01T09:00:00Z,…,,,,
///     entry,3f9a0c12,Water,,,,,,,,,,,2026-11-01,done,6,
///
/// An `achievement` row (`date` earned, `state` its key such as `streak-7`) follows a habit's entries.
/// `frequency` is `daily`, `weekdays:mon,wed`, `every:3`, `perWeek:3`, `perMonth:10` or `timesInDays:2/5`; `state` is
/// `done`, `skip` or `none` (a note alone); `goal` is `at-least` or `at-most`, with `:period` when
/// the target is for the frequency's days rather than each day.
public enum HabitCSVFormat {
    public static let columns = [
        "record", "id", "name", "description", "frequency", "reminders", "start", "archived",
        "unit", "target", "goal", "created", "modified", "date", "state", "amount", "note",
    ]

    public static func frequencyText(_ f: HabitFrequency) -> String {
        switch f {
        case .daily: return "daily"
        case .weekdays(let days): return "weekdays:" + days.sorted().map(\.key).joined(separator: ",")
        case .workingDays: return "workdays"
        case .everyNDays(let n): return "every:\(n)"
        case .timesPerWeek(let n): return "perWeek:\(n)"
        case .timesPerMonth(let n): return "perMonth:\(n)"
        case .timesInDays(let x, let y): return "timesInDays:\(x)/\(y)"
        }
    }

    public static func frequency(_ text: String) -> HabitFrequency? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let kind = parts.first else { return nil }
        let arg = parts.count == 2 ? parts[1] : ""
        switch kind {
        case "daily": return parts.count == 1 ? .daily : nil
        case "workdays": return parts.count == 1 ? .workingDays : nil
        case "weekdays":
            var days = WeekdaySet()
            for k in arg.split(separator: ",") {
                guard let w = Weekday(key: String(k)) else { return nil }
                days.insert(w)
            }
            return days.isEmpty ? nil : .weekdays(days)
        case "every":
            guard let n = Int(arg), (2...HabitFrequency.maximumInterval).contains(n) else { return nil }
            return .everyNDays(n)
        case "perWeek":
            guard let n = Int(arg), HabitFrequency.weekTimes.contains(n) else { return nil }
            return .timesPerWeek(n)
        case "perMonth":
            guard let n = Int(arg), HabitFrequency.monthTimes.contains(n) else { return nil }
            return .timesPerMonth(n)
        case "timesInDays":
            let xy = arg.split(separator: "/").map { Int($0) }
            guard xy.count == 2, let x = xy[0], let y = xy[1], let f = HabitFrequency.make(times: x, inDays: y) else { return nil }
            return f
        default: return nil
        }
    }
}
