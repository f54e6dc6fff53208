// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import GLibSupport
import MoscowTimeDesktop
import MoscowTimeDomain

/// While an alarm rings the agent is an MPRIS player, `org.mpris.MediaPlayer2.MoscowTime`, because
/// lock screens show media controls (Plasma; GNOME 49 on) and media keys reach a player while the
/// screen is locked (GNOME 43–48), where notification buttons are not shown. Pause, PlayPause and
/// Stop stop the alarm shown (`LockScreenTrack`), Next snoozes it, Play does nothing (it plays).
/// They are the same runner actions as the notification's Stop and Snooze buttons.
///
/// Other media that plays is paused when the first alarm starts ringing and resumed when the last
/// one ends (stopped, snoozed, unanswered, withdrawn); not when the machine goes to sleep, so
/// that music does not start on its own at wake-up. Thin: follows the scheduler after every event.
@MainActor
final class LockScreenPlayer: AgentRunnerObserver {
    static let busNameSuffix = "MoscowTime"

    private let runner: AgentRunner
    private let player: MprisPlayer
    private let others: OtherPlayersPause
    /// The alarm the controls act on: the one shown.
    private var shownID: String?
    private var ringing = false
    /// A ring of this event batch was silenced for sleep.
    private var slept = false

    init(connection: BusConnection, runner: AgentRunner) {
        self.runner = runner
        player = MprisPlayer(
            connection: connection, suffix: Self.busNameSuffix, identity: AgentIdentity.appName,
            desktopEntry: AgentIdentity.desktopEntry)
        others = OtherPlayersPause(connection: connection, own: player.busName)
        player.onCommand = { [weak self] command in self?.command(command) }
        // GNOME's media keys go to the player that plays, but not to one that appears while
        // another still plays (the music we are pausing): once it has paused, say we play.
        others.onPaused = { [weak self] _ in self?.player.announcePlaying() }
        refresh()
    }

    func runner(didCarryOut effect: AgentEffect) {
        if case .silence(_, .sleep) = effect { slept = true }
    }

    func runnerDidSettle() { refresh() }

    private func refresh() {
        let shown = LockScreenTrack.shown(runner.scheduler.ringing)
        shownID = shown?.alarmID
        player.show(shown.map { LockScreenTrack.track($0, icons: AgentIdentity.iconFiles) })
        if shown != nil, !ringing {
            ringing = true
            others.pause()
        } else if shown == nil, ringing {
            ringing = false
            if slept { others.forget() } else { others.resume() }
        }
        slept = false
    }

    private func command(_ command: MprisCommand) {
        guard let id = shownID else { return }
        Log.info("media player: \(command.rawValue) for alarm \(id)")
        let action: AgentAction
        switch command {
        case .play: return
        case .pause, .playPause, .stop: action = .stop(alarmID: id)
        case .next: action = .snooze(alarmID: id, minutes: nil)
        }
        do { try runner.perform(action) } catch { Log.warning("media player: \(action): \(error)") }
    }
}
