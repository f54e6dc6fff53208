// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDesktop

@Suite("Log")
struct LogTests {
    @Test func formatsOneLinePerMessage() {
        #expect(Log.format(.warning, "disk full") == "warning: disk full")
        #expect(Log.format(.error, "a\nb") == "error: a b")
        #expect(Log.format(.info, "hello", journal: true) == "<6>info: hello")
        #expect(Log.format(.debug, "x", journal: true) == "<7>debug: x")
    }

    @Test func levelsAreOrdered() {
        #expect(LogLevel.debug < .info)
        #expect(LogLevel.info < .warning)
        #expect(LogLevel.warning < .error)
    }

    @Test func thresholdDefaultsToInfoAndCanChange() {
        #expect(Log.threshold == .info)
        Log.threshold = .error
        #expect(Log.threshold == .error)
        var evaluated = false
        Log.write(.warning) {
            evaluated = true
            return "suppressed"
        }
        #expect(!evaluated, "messages below the threshold are not even built")
        Log.threshold = .info
    }

    @Test func debugMessagesAreBuiltOnlyWhenWanted() {
        var built = 0
        func costly() -> String {
            built += 1
            return "state dump"
        }
        // The threshold is info (or error while the test above runs): debug lines are dropped unbuilt.
        Log.debug(costly())
        #expect(built == 0)
    }
}
