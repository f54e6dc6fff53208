// SPDX-License-Identifier: GPL-3.0-or-later
/// What the runtime must do after `AgentScheduler` decided something (`AgentDecision`), in order.
/// Neither the scheduler nor the alarm engine performs I/O; the runner carries each effect out and
/// the D-Bus service turns them into signals. Saving the state is not an effect: the decision says
/// whether it changed, and the runner saves it first.
///
/// To add an effect: add a case here (with the data the runtime needs, never a callback), emit it
/// from `AgentScheduler` or `AlarmEngine`, handle it in `AgentRunner.carryOut` (the switch is
/// exhaustive, so the compiler lists every place to update) and, if it is visible on the bus, in
/// `AgentBusService`.
public enum AgentEffect: Hashable, Sendable {
    /// Show the alarm's critical notification and loop its sound.
    case ring(RingingAlarm)
    /// The ringing alarm's label was edited: show the new one; the sound goes on.
    case relabel(RingingAlarm)
    /// Close the alarm's notification and stop its sound.
    case silence(alarmID: String, reason: SilenceReason)
    /// One notification listing these, however many there are.
    case reportMissed([MissedAlarm])
    /// A one-time alarm or timer is done: disable it in the user's document (never delete it).
    case disableAlarm(String)
    /// Show a habit reminder (Done / Skip / Later) and play its sound once.
    case showHabitReminder(HabitReminder)
    /// Close a habit reminder: answered, or its day was settled elsewhere, or the habit is gone.
    case closeHabitReminder(habitID: String)
    /// Log Done or Skip for the reminder's day in the user's document.
    case recordHabit(HabitCheckIn.Action, habitID: String, day: CivilDate)
    /// A habit reminder came too late to be shown (machine asleep, agent off): log it only.
    case dropHabitReminder(HabitReminder)
    /// A habit earned an achievement today (from any source): one short normal-urgency
    /// notification and the `AchievementEarned` signal. Not emitted when the setting is off.
    case announceAchievement(EarnedAchievement)
}
