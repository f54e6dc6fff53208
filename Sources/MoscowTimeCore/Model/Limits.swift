// SPDX-License-Identifier: GPL-3.0-or-later
/// Ranges accepted for numeric settings and fields, shared by the parsers and the document reader.
public enum Limits {
    public static let snoozeMinutes = 1...120
    public static let ringMinutes = 1...60
    public static let lateWindowMinutes = 0...1440
    /// A countdown timer runs at most a week.
    public static let timerSeconds = 1...(7 * 86_400)
}
