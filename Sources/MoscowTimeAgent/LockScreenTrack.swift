// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Which ringing alarm the lock screen's media controls show, and how. A player has one track,
/// so with several alarms ringing it shows the one that began last (the one the user just heard
/// start); Stop and Next act on that one, and the next press reaches the one shown after it.
enum LockScreenTrack {
    /// Track ids live under the agent's own path, never under /org/mpris.
    static let pathPrefix = "/org/moscowtime/Agent1/Alarm"

    /// The alarm shown: the latest to start ringing (then the latest due, then the greatest id,
    /// so that the choice never depends on dictionary order). Nil when nothing rings.
    static func shown(_ ringing: [String: RingingAlarm]) -> RingingAlarm? {
        ringing.values.max { a, b in
            (a.startedAt, a.due, a.alarmID) < (b.startedAt, b.due, b.alarmID)
        }
    }

    /// Title: the alarm's label, as the notification's summary; artist: the application's name;
    /// art: the ringing icon, when its file is found (`icons`).
    static func track(_ r: RingingAlarm, icons: IconFiles? = nil) -> MprisTrack {
        MprisTrack(
            trackID: MprisTrack.objectPath(pathPrefix, r.alarmID), title: r.label, artists: [AgentIdentity.appName],
            artFile: icons?.file(for: AgentIdentity.ringingIconName))
    }
}
