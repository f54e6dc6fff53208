// SPDX-License-Identifier: GPL-3.0-or-later
/// The bounds `ReminderReader` keeps on top of `CalendarLimits` (the file's size, components,
/// lines and nesting), so that no calendar costs more than a bounded time however it is written.
public enum ReminderLimits {
    /// libical iterator steps per recurrence rule: a daily rule from 1900 that must be walked
    /// from its start (it has a COUNT) is 46 000; a secondly one is refused rather than walked.
    public static let maximumSteps = 200_000
    /// Reminders one calendar object yields in one window (REPEAT:1000 with DURATION:PT1S, say).
    public static let maximumReminders = 10_000
    /// A trigger at most ten years from its event, a DURATION of a repeat at most a year.
    public static let maximumOffsetSeconds: Int64 = 3_660 * 86_400
    public static let maximumRepeat = 1_000
}
