// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The compact text of `X-MOSCOWTIME-REMINDERS`. `X-MOSCOWTIME-FREQUENCY` uses the CSV export's
/// frequency text (`HabitCSVFormat.frequencyText` / `frequency`), so both exports read alike.
enum HabitCalendarText {
    static func reminders(_ text: String) -> [TimeOfDay]? {
        var out: [TimeOfDay] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let t = TimeOfDay(text: part) else { return nil }
            out.append(t)
        }
        return out
    }
}
