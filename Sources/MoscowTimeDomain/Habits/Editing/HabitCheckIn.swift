// SPDX-License-Identifier: GPL-3.0-or-later
/// The agent's Done and Skip buttons on a habit reminder: log the reminder's day (today by default)
/// in the user's document. Done adds one unit to a numeric habit. Call inside `DocumentStore.update`.
public enum HabitCheckIn {
    public enum Action: String, Sendable { case done, skip }

    /// Throws when the habit is gone (deleted since the reminder was shown) or the day is not loggable.
    /// Achievements the change earns are awarded (kept in the document) as from the CLI.
    @discardableResult
    public static func record(
        _ action: Action, habitID: String, in doc: inout StoreDocument,
        day: CivilDate? = nil, now: Instant, zone: Zone
    ) throws(InputError) -> HabitEntry {
        try recordAwarding(action, habitID: habitID, in: &doc, day: day, now: now, zone: zone).0
    }

    static func log(
        _ action: Action, habitID: String, in doc: inout StoreDocument,
        day: CivilDate?, now: Instant, zone: Zone
    ) throws(InputError) -> HabitEntry {
        guard let i = doc.habits.firstIndex(where: { $0.id == habitID }) else {
            throw InputError("no habit with id {habitID}: it was deleted", ["habitID": "\(habitID)"])
        }
        let today = zone.local(now).date
        let date = day ?? today
        do {
            switch action {
            case .done: return try HabitLog.done(&doc.habits[i], on: date, today: today)
            case .skip: return try HabitLog.skip(&doc.habits[i], on: date, today: today)
            }
        } catch {
            throw error.inputError
        }
    }

    /// Logs the day, then awards the habit's new achievements (returned, to be announced).
    public static func recordAwarding(
        _ action: Action, habitID: String, in doc: inout StoreDocument,
        day: CivilDate? = nil, now: Instant, zone: Zone
    ) throws(InputError) -> (HabitEntry, [HabitAchievement]) {
        let entry = try log(action, habitID: habitID, in: &doc, day: day, now: now, zone: zone)
        let i = doc.habits.firstIndex { $0.id == habitID }!
        return (entry, HabitAchievements.award(&doc.habits[i], today: zone.local(now).date))
    }
}
