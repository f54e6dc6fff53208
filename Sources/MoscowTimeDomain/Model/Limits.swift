// SPDX-License-Identifier: GPL-3.0-or-later
/// Ranges accepted for numeric settings and fields, shared by the parsers and the document reader.
public enum Limits {
    public static let snoozeMinutes = 1...120
    public static let ringMinutes = 1...60
    public static let lateWindowMinutes = 0...1440
    /// The fade-in of a ring (`--ramp`, the `ramp` setting): 0 (off) to 10 minutes, in seconds.
    public static let rampSeconds = 0...600
    /// A countdown timer runs at most a week.
    public static let timerSeconds = 1...(7 * 86_400)
    /// Do not disturb lasts at most 31 days (`pause --for`, D-Bus Pause).
    public static let pauseSeconds: ClosedRange<Int64> = 1...(31 * 86_400)
    /// Every instant read from a file or given on a boundary lies in 2000-01-01 … 2200-01-01 UTC:
    /// wider values are damage or an attack, and near Int64's ends arithmetic on them would trap.
    public static let instantSeconds: ClosedRange<Int64> = 946_684_800...7_258_118_400
    /// Days one alarm may skip (`skip --count`, EXDATE read from a calendar).
    public static let skippedDays = 366
    /// How many rings `skip --count` skips at once.
    public static let skipCount = 1...100
    /// How far ahead `disable --until` may reach, in days.
    public static let offUntilDays = 1...366
    /// The days an alarm or a habit can have (`--once`, `--from`, a habit's `--start`, an imported
    /// event or habit), the same years as `instantSeconds`: the CLI, the store, import, export and
    /// sync accept exactly these, so each round-trips.
    public static let alarmDates = CivilDate(year: 2000, month: 1, day: 1)!...CivilDate(year: 2199, month: 12, day: 31)!
}
