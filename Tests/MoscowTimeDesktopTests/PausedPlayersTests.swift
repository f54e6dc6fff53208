// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDesktop

/// Which media players a ring pauses and which it resumes: answers come late or never, and only a
/// player that played is paused, only one still Paused at the end is resumed.
@Suite("PausedPlayers")
struct PausedPlayersTests {
    let own = "org.mpris.MediaPlayer2.MoscowTime"

    /// Not ours, and not playerctld, which would forward the Pause to ours.
    @Test func candidatesAreOtherMprisPlayersOnly() {
        let names = [
            "org.freedesktop.DBus", ":1.7", "org.mpris.MediaPlayer2.vlc", "org.mpris.MediaPlayer2.",
            "org.mpris.MediaPlayer2.MoscowTime", "org.mpris.MediaPlayer2.MoscowTime.instance2",
            "org.mpris.MediaPlayer2.MoscowTimeOther", "org.mpris.MediaPlayer2.firefox.instance_1_23",
            "org.mpris.MediaPlayer2Extra", "org.kde.StatusNotifierItem-1-1",
            "org.mpris.MediaPlayer2.playerctld", "org.mpris.MediaPlayer2.playerctldx",
        ]
        #expect(
            PausedPlayers.candidates(names, own: own)
                == [
                    "org.mpris.MediaPlayer2.MoscowTimeOther", "org.mpris.MediaPlayer2.firefox.instance_1_23",
                    "org.mpris.MediaPlayer2.playerctldx", "org.mpris.MediaPlayer2.vlc",
                ])
    }

    @Test func onlyAPlayingPlayerInTheCurrentRoundIsPausedAndOnce() throws {
        var book = PausedPlayers()
        let begun = book.begin()
        let round = try #require(begun)
        #expect(book.begin() == nil, "a round under way is not begun again")
        #expect(book.shouldPause("a", status: "Playing", round: round))
        #expect(!book.shouldPause("b", status: "Paused", round: round))
        #expect(!book.shouldPause("c", status: "Stopped", round: round))
        #expect(!book.shouldPause("d", status: nil, round: round), "no answer in time: left alone")
        book.didPause("a", round: round)
        #expect(!book.shouldPause("a", status: "Playing", round: round), "paused once")
        book.didPause("a", round: round)
        #expect(book.paused == ["a"])
    }

    @Test func anAnswerForAnEndedRoundChangesNothing() throws {
        var book = PausedPlayers()
        let begun = book.begin()
        let first = try #require(begun)
        #expect(book.end() == [])
        #expect(!book.shouldPause("late", status: "Playing", round: first))
        book.didPause("late", round: first)
        #expect(book.paused == [])
        let begunAgain = book.begin()
        let second = try #require(begunAgain)
        #expect(second != first)
        #expect(!book.shouldPause("late", status: "Playing", round: first), "the old round's answer, in the new one")
        #expect(book.shouldPause("late", status: "Playing", round: second))
    }

    @Test func theEndNamesThePausedPlayersOnceAndOnlyStillPausedOnesAreResumed() throws {
        var book = PausedPlayers()
        let begun = book.begin()
        let round = try #require(begun)
        book.didPause("a", round: round)
        book.didPause("b", round: round)
        #expect(book.end() == ["a", "b"])
        #expect(book.round == nil && book.paused.isEmpty)
        #expect(book.end() == [], "ended once")
        #expect(PausedPlayers.shouldResume(status: "Paused"))
        #expect(!PausedPlayers.shouldResume(status: "Playing"), "the user started it again")
        #expect(!PausedPlayers.shouldResume(status: "Stopped"))
        #expect(!PausedPlayers.shouldResume(status: nil), "gone, or hung")
    }
}
