// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeTerminal

/// The year grid and the sparkline. 2026-11-21 is a Saturday.
struct HabitHeatmapTests {
    typealias F = HabitFixture

    @Test func gridShapeAndPlacement() {
        let h = F.habit(
            start: "2026-11-02", kind: F.glasses,
            ["2026-11-02": "8", "2026-11-03": "2", "2026-11-04": "5", "2026-11-05": "7", "2026-11-06": "skip"])
        let grid = HabitHeatmap.cells(HabitTimeline(h, today: F.day("2026-11-21")))
        #expect(grid.count == 7 && grid.allSatisfy { $0.count == 53 })
        // The last column is the week of 16 Nov; the week of 2 Nov is two columns before it.
        #expect(HabitHeatmap.firstMonday(today: F.day("2026-11-21")).adding(days: 52 * 7) == F.day("2026-11-16"))
        let c = 50
        #expect(grid[0][c] == .level(4))  // Mon 2: 8 of 8
        #expect(grid[1][c] == .level(1))  // Tue 3: 2 of 8 → under a third
        #expect(grid[2][c] == .level(2))  // Wed 4: 5 of 8
        #expect(grid[3][c] == .level(3))  // Thu 5: 7 of 8
        #expect(grid[4][c] == .skipped)  // Fri 6
        #expect(grid[5][c] == .level(0))  // Sat 7: due, nothing
        #expect(grid[6][49] == .blank)  // Sun 1: before the start
        #expect(grid[5][52] == .level(0))  // Sat 21: today
        #expect(grid[6][52] == .blank)  // Sun 22: after today
    }

    @Test func daysNotDueAreBlankUnlessDone() {
        let h = F.habit(.weekdays([.monday]), start: "2026-11-02", ["2026-11-03": "done"])
        let grid = HabitHeatmap.cells(HabitTimeline(h, today: F.day("2026-11-21")))
        #expect(grid[0][50] == .level(0))  // Mon 2, due, missed
        #expect(grid[1][50] == .level(4))  // Tue 3, done off schedule
        #expect(grid[2][50] == .blank)  // Wed 4, not due
    }

    @Test func characterRendering() {
        let h = F.habit(start: "2026-11-16", ["2026-11-16": "done", "2026-11-17": "skip"])
        let text = HabitHeatmap.render(HabitTimeline(h, today: F.day("2026-11-21")), style: .characters, language: .en)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 8)
        #expect(lines[1] == "Mon " + String(repeating: " ", count: 52) + "█")
        #expect(lines[2].hasSuffix("-"))
        #expect(lines[6] == "Sat " + String(repeating: " ", count: 52) + "·")
        #expect(lines[7] == "Sun")
        #expect(!text.contains("\u{1B}"))
        // Month names sit above the week holding the 1st: Nov 2026 starts on a Sunday (column 49).
        #expect(Array(lines[0])[4 + 49..<4 + 52] == ["N", "o", "v"])
    }

    @Test func russianLabelsAndColour() {
        let h = F.habit(start: "2026-11-02", ["2026-11-16": "done"])
        let text = HabitHeatmap.render(HabitTimeline(h, today: F.day("2026-11-21")), style: .ansi256, language: .ru)
        #expect(text.contains("ноя"))
        #expect(text.contains("\n" + "пн "))
        #expect(text.contains("\u{1B}[38;5;40m■"))  // done, GitHub's brightest green
        // Tuesdays 3, 10, 17 Nov: due, nothing — one escape for the run.
        #expect(text.contains("\nвт  " + String(repeating: " ", count: 50) + "\u{1B}[38;5;238m■■■\u{1B}[0m\n"))
        #expect(!text.contains(" \u{1B}[0m"))  // blank cells need no escapes
    }

    @Test func legend() {
        let text = "· nothing  ░▒▓ part of the goal  █ done  - skipped"
        #expect(HabitHeatmap.legend(text, style: .characters) == text)
        let coloured = HabitHeatmap.legend(text, style: .ansi256)
        #expect(coloured.hasPrefix("\u{1B}[38;5;238m■\u{1B}[0m nothing  \u{1B}[38;5;22m■"))
        #expect(coloured.hasSuffix("\u{1B}[38;5;67m■\u{1B}[0m skipped"))
    }

    @Test func sparklineShowsTheScoreOverTheLastHundredDays() {
        let h = F.habit(start: "2026-11-19", F.run("2026-11-19", 3))
        let line = HabitSparkline.render(HabitTimeline(h, today: F.day("2026-11-21")))
        #expect(line.count == 100)
        #expect(line.hasPrefix(String(repeating: " ", count: 97)))
        #expect(line.hasSuffix("▁▂▂"))  // 0.05, 0.10, 0.15 of 7 steps, rounded
        let perfect = F.habit(start: "2021-11-22", F.run("2021-11-22", 1826))
        #expect(HabitSparkline.render(HabitTimeline(perfect, today: F.day("2026-11-21"))) == String(repeating: "█", count: 100))
    }
}
