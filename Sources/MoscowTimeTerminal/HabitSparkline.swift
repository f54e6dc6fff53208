// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The strength score over the last days as one line of `▁▂▃▄▅▆▇█` (0 % … 100 %), oldest first;
/// days before the start date are blank. harsh shows the same kind of line.
public enum HabitSparkline {
    public static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func render(_ t: HabitTimeline, days: Int = 100) -> String {
        var out = ""
        for i in (t.count - days)..<t.count {
            if i < 0 {
                out.append(" ")
                continue
            }
            out.append(bars[min(7, max(0, Int((t.scores[i] * 7).rounded())))])
        }
        return out
    }
}
