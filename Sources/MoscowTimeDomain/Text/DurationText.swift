// SPDX-License-Identifier: GPL-3.0-or-later
/// Durations as a person reads them: «25 мин», «1 ч 30 мин», «2 дня 3 ч» / "25 min", "1 h 30 min".
///
/// A duration is rounded once, to whole minutes (up: a ring 30 s away is "1 min", not "0 min"),
/// and only then split into days, hours and minutes — so 59 min 59 s reads "1 h", never "0 min".
public enum DurationText {
    /// Days, hours and minutes; seconds only when the whole duration is under a minute and
    /// `seconds` is set (a timer of 90 s reads "1 min 30 s").
    public static func words(_ seconds: Int64, _ t: Localizer, exactSeconds: Bool = false) -> String {
        let s = max(0, seconds)
        if exactSeconds, s % 60 != 0 {
            let rest = s % 60
            let head = s >= 60 ? words(s - rest, t) + " " : ""
            return head + t("{n} s", ["n": String(rest)])
        }
        let total = (s + 59) / 60
        let d = total / 1440
        let h = total / 60 % 24
        let m = total % 60
        var parts: [String] = []
        if d > 0 { parts.append(t.plural("{n} day", "{n} days", count: Int(d), ["n": String(d)])) }
        if h > 0 { parts.append(t("{n} h", ["n": String(h)])) }
        if m > 0 || parts.isEmpty { parts.append(minutes(Int(m), t)) }
        return parts.joined(separator: " ")
    }

    /// «21 мин» / "21 min".
    public static func minutes(_ n: Int, _ t: Localizer) -> String {
        t("{n} min", ["n": String(n)])
    }
}
