// SPDX-License-Identifier: GPL-3.0-or-later
/// Which other media players a pause took from Playing, and so which to resume: pure bookkeeping
/// for `OtherPlayersPause`, which does the bus calls. Answers arrive late or never; each round
/// has a number, and an answer for an ended round changes nothing.
public struct PausedPlayers: Equatable, Sendable {
    /// The round now under way, or nil between rounds.
    public private(set) var round: Int?
    /// The players paused in this round, in the order they were paused.
    public private(set) var paused: [String] = []
    private var lastRound = 0

    public init() {}

    /// Players that only stand in for another: playerctld forwards Pause to the player that
    /// played last, which while an alarm rings is our own (Pause would stop the alarm).
    public static let proxies = [MprisPlayer.namePrefix + "playerctld"]

    /// Among the bus names listed, the MPRIS players to look at: `org.mpris.MediaPlayer2.*`
    /// but not `own` nor a proxy (nor a name inside one, as `<own>.instance2`).
    public static func candidates(_ names: [String], own: String) -> [String] {
        let excluded = [own] + proxies
        return names.filter { name in
            name.hasPrefix(MprisPlayer.namePrefix) && name.count > MprisPlayer.namePrefix.count
                && !excluded.contains { name == $0 || name.hasPrefix($0 + ".") }
        }.sorted()
    }

    /// A new round starts (something began that other media must not drown); nil when one is
    /// already under way.
    public mutating func begin() -> Int? {
        guard round == nil else { return nil }
        lastRound += 1
        round = lastRound
        paused = []
        return lastRound
    }

    /// `name` answered PlaybackStatus `status` in `round`: whether to pause it now. Only a player
    /// that plays, in the round still under way, and not already paused by us.
    public func shouldPause(_ name: String, status: String?, round: Int) -> Bool {
        status == "Playing" && round == self.round && !paused.contains(name)
    }

    /// Pause was sent to `name` in `round` (remembered even when its answer is late: it may still pause).
    public mutating func didPause(_ name: String, round: Int) {
        guard round == self.round, !paused.contains(name) else { return }
        paused.append(name)
    }

    /// The round ends: the players to look at again (each is resumed only if `shouldResume`).
    public mutating func end() -> [String] {
        defer {
            round = nil
            paused = []
        }
        return round == nil ? [] : paused
    }

    /// A player we paused is resumed only if it is still Paused: one the user started again, or
    /// stopped, or that went away, is left as it is.
    public static func shouldResume(status: String?) -> Bool { status == "Paused" }
}
