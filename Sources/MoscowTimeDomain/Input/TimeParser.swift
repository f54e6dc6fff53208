// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses the time of day users type: `7:30`, `07:30`.
public enum TimeParser {
    public static func parse(_ text: String) throws(InputError) -> TimeOfDay {
        let t = text.trimmingSpaces
        if let v = TimeOfDay(text: Substring(t)) { return v }
        throw InputError(
            "invalid time \"{text}\": expected HH:MM with hours 0–23 and minutes 00–59, e.g. 7:30 or 07:30", ["text": "\(text)"])
    }
}

extension String {
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
