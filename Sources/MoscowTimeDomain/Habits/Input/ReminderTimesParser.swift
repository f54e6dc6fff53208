// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses reminder times: `08:00,20:00` (commas or spaces), or `none` for no reminders.
public enum ReminderTimesParser {
    public static let maximumCount = 12

    public static func parse(_ text: String) throws(InputError) -> [TimeOfDay] {
        let s = text.lowercased().trimmingSpaces
        if s == "none" || s == "нет" || s == "off" { return [] }
        let parts = s.split(whereSeparator: { $0 == "," || $0 == " " })
        guard !parts.isEmpty else { throw InputError("no reminder times given: expected HH:MM times such as 08:00,20:00, or none") }
        var times = Set<TimeOfDay>()
        for p in parts {
            guard let t = TimeOfDay(text: p) else {
                throw InputError("invalid reminder time \"{p}\": expected HH:MM times such as 08:00,20:00, or none", ["p": "\(p)"])
            }
            times.insert(t)
        }
        guard times.count <= maximumCount else {
            throw InputError(
                "too many reminder times ({timesCount}): at most {maximumCount} a day",
                ["timesCount": "\(times.count)", "maximumCount": "\(maximumCount)"])
        }
        return times.sorted()
    }
}
