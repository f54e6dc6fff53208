// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses durations: `90s`, `25m`, `1h30m`, `2h`, a bare number of minutes (`25`), and Russian
/// units `ч`/`м`/`мин`/`с`.
public enum DurationParser {
    public static let accepted = N_("a number with units h, m, s such as 90s, 25m or 1h30m")

    public static func parse(_ text: String) throws(InputError) -> Int64 {
        let s = text.lowercased().trimmingSpaces
        let fail = InputError(
            "invalid duration \"{text}\": expected {accepted}", ["text": "\(text)"], parts: ["accepted": Message(accepted)])
        if !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let m = Int64(s), m > 0, m <= 100_000 else { throw fail }
            return m * 60
        }
        var total: Int64 = 0
        var number = ""
        var sawUnit = false
        var chars = Array(s)
        chars.removeAll { $0 == " " }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isASCII, c.isNumber {
                number.append(c)
                i += 1
                continue
            }
            var unit = ""
            while i < chars.count, !(chars[i].isASCII && chars[i].isNumber) {
                unit.append(chars[i])
                i += 1
            }
            guard let n = Int64(number), number.count <= 6 else { throw fail }
            let factor: Int64
            switch unit {
            case "h", "hr", "hours", "hour", "ч", "час", "часа", "часов": factor = 3600
            case "m", "min", "mins", "minute", "minutes", "м", "мин", "минут", "минуты": factor = 60
            case "s", "sec", "secs", "second", "seconds", "с", "сек", "секунд": factor = 1
            default: throw fail
            }
            total += n * factor
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty, total > 0 else { throw fail }
        return total
    }

    /// `1h30m`, `25m`, `90s` → compact text for display.
    public static func format(_ seconds: Int64) -> String {
        var out = ""
        let h = seconds / 3600
        let m = seconds / 60 % 60
        let s = seconds % 60
        if h > 0 { out += "\(h)h" }
        if m > 0 { out += "\(m)m" }
        if s > 0 || out.isEmpty { out += "\(s)s" }
        return out
    }
}
