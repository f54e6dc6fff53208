// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses weekday sets: `mon,tue…`, Russian `пн,вт…`, ranges `mon-fri`, and the words
/// `weekdays`/`будни`, `weekends`/`выходные`, `everyday`/`каждый день`; and (`selection`) the
/// production calendar's working days, `workdays`/`рабочие`.
public enum DaysParser {
    static let names: [String: Weekday] = {
        var m: [String: Weekday] = [:]
        let en = [
            ["mon", "monday", "mo"], ["tue", "tuesday", "tu"], ["wed", "wednesday", "we"], ["thu", "thursday", "th"],
            ["fri", "friday", "fr"], ["sat", "saturday", "sa"], ["sun", "sunday", "su"],
        ]
        let ru = [
            ["пн", "пон", "понедельник"], ["вт", "вто", "вторник"], ["ср", "сре", "среда"], ["чт", "чет", "четверг"],
            ["пт", "пят", "пятница"], ["сб", "суб", "суббота"], ["вс", "вос", "воскресенье"],
        ]
        for (i, group) in en.enumerated() { for n in group { m[n] = Weekday(rawValue: i + 1) } }
        for (i, group) in ru.enumerated() { for n in group { m[n] = Weekday(rawValue: i + 1) } }
        return m
    }()

    static let words: [String: WeekdaySet] = [
        "weekdays": Weekday.workdays, "будни": Weekday.workdays,
        "weekends": Weekday.weekend, "weekend": Weekday.weekend, "выходные": Weekday.weekend,
        "everyday": Weekday.all, "every-day": Weekday.all, "daily": Weekday.all, "all": Weekday.all,
        "каждый день": Weekday.all, "ежедневно": Weekday.all, "все": Weekday.all,
    ]

    /// The working days of the production calendar: a choice of its own, not a set of weekdays.
    static let calendarWords: Set<String> = ["workdays", "working-days", "рабочие", "рабочие дни"]

    public static let accepted = N_(
        "mon,tue,wed,thu,fri,sat,sun (or пн,вт,ср,чт,пт,сб,вс), ranges like mon-fri, or weekdays/будни, weekends/выходные, everyday/каждый день"
    )
    /// The same with the production calendar's working days first (for alarms).
    public static let acceptedWithCalendar = N_(
        "workdays/рабочие (the official working days: holidays and transfers), mon,tue,wed,thu,fri,sat,sun (or пн,вт,ср,чт,пт,сб,вс), ranges like mon-fri, or weekdays/будни, weekends/выходные, everyday/каждый день"
    )

    /// Fixed weekdays, or the production calendar's working days.
    public static func selection(_ text: String) throws(InputError) -> DaySelection {
        if calendarWords.contains(text.lowercased().trimmingSpaces) { return .workingDays }
        do { return .weekdays(try parse(text)) } catch {
            throw InputError(
                error.template, error.values, parts: error.parts.mapValues { $0 == Message(accepted) ? Message(acceptedWithCalendar) : $0 })
        }
    }

    public static func parse(_ text: String) throws(InputError) -> WeekdaySet {
        let lower = text.lowercased().trimmingSpaces
        if let w = words[lower] { return w }
        var result = WeekdaySet()
        let parts = lower.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "," || $0 == " " })
        guard !parts.isEmpty else { throw InputError("no days given: use {accepted}", [:], parts: ["accepted": Message(accepted)]) }
        for part in parts {
            let p = String(part)
            if let w = words[p] {
                result.formUnion(w)
                continue
            }
            if let w = names[p] {
                result.insert(w)
                continue
            }
            if calendarWords.contains(p) {
                throw InputError("\"{part}\" follows the production calendar and cannot be combined with other days", ["part": p])
            }
            let range = p.split(separator: "-", omittingEmptySubsequences: false)
            if range.count == 2, let a = names[String(range[0])], let b = names[String(range[1])] {
                var d = a.rawValue
                while true {
                    result.insert(Weekday(rawValue: d)!)
                    if d == b.rawValue { break }
                    d = d % 7 + 1
                }
                continue
            }
            throw InputError("unknown day \"{part}\": use {accepted}", ["part": "\(part)"], parts: ["accepted": Message(accepted)])
        }
        return result
    }
}
