// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A year at a glance, GitHub style: 7 rows (Monday…Sunday) × 53 week columns ending with the
/// current week, month labels on top, one terminal column per day.
///
/// Cells: met → full, a numeric day short of its goal → ¼…¾ by how close it came, a due day with
/// nothing met → empty mark, skipped → its own mark, days not due / before the start / after today →
/// blank. `characters` draws `·░▒▓█` and `-`; `ansi256` draws `■` in GitHub's greens (the CLI uses
/// it only on a terminal with NO_COLOR unset).
public enum HabitHeatmap {
    public enum Style: Sendable { case characters, ansi256 }

    public enum Cell: Hashable, Sendable {
        case blank
        /// 0 (due, nothing met) … 4 (met).
        case level(Int)
        case skipped
    }

    public static let weeks = 53

    /// The Monday of the first column.
    public static func firstMonday(today: CivilDate) -> CivilDate {
        today.adding(days: -Int64(today.weekday.rawValue - 1) - Int64(7 * (weeks - 1)))
    }

    /// `cells[row][column]`, row 0 = Monday.
    public static func cells(_ t: HabitTimeline) -> [[Cell]] {
        let monday = firstMonday(today: t.today)
        var grid = [[Cell]](repeating: [Cell](repeating: .blank, count: weeks), count: 7)
        for c in 0..<weeks {
            for r in 0..<7 {
                let date = monday.adding(days: Int64(c * 7 + r))
                guard let i = t.index(of: date) else { continue }
                grid[r][c] = cell(outcome: t.outcomes[i], value: t.values[i], scheduled: t.scheduled[i])
            }
        }
        return grid
    }

    static func cell(outcome: HabitDayOutcome, value: Double, scheduled: Bool) -> Cell {
        switch outcome {
        case .met: return .level(4)
        case .skipped: return .skipped
        case .unmet: return .level(value <= 0 ? 0 : min(3, 1 + Int(value * 3)))
        case .empty: return scheduled ? .level(0) : .blank
        }
    }

    public static func render(_ t: HabitTimeline, style: Style, language: Language) -> String {
        let grid = cells(t)
        let monday = firstMonday(today: t.today)
        var out = "    " + monthLabels(firstMonday: monday, language: language) + "\n"
        let names =
            language == .ru
            ? ["пн ", "вт ", "ср ", "чт ", "пт ", "сб ", "вс "]
            : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for r in 0..<7 {
            var line = names[r] + " "
            // Up to the last drawn cell, so that no line ends in blanks.
            let end = (grid[r].lastIndex { $0 != .blank } ?? -1) + 1
            var coloured = false
            for c in 0..<end {
                let cell = grid[r][c]
                if style == .ansi256 {
                    // Escape sequences only where the colour changes: a plain terminal row stays short.
                    if cell == .blank {
                        if coloured {
                            line += reset
                            coloured = false
                        }
                        line += " "
                        continue
                    }
                    let code = colour(cell)
                    if !coloured || grid[r][c - 1] != cell { line += "\u{1B}[38;5;\(code)m" }
                    coloured = true
                    line += "■"
                } else {
                    line += glyph(cell)
                }
            }
            if coloured { line += reset }
            out += trimRight(line) + "\n"
        }
        return out
    }

    /// One line of month names, each above the first week that contains the 1st of that month.
    static func monthLabels(firstMonday: CivilDate, language: Language) -> String {
        let names =
            language == .ru
            ? ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
            : ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var cols = [Character](repeating: " ", count: weeks + 3)
        var freeFrom = 0
        for c in 0..<weeks {
            let sunday = firstMonday.adding(days: Int64(c * 7 + 6))
            // The week holds a 1st exactly when its Sunday is one of the month's first 7 days.
            guard sunday.day <= 7 else { continue }
            guard c >= freeFrom else { continue }
            for (k, ch) in names[sunday.month - 1].enumerated() { cols[c + k] = ch }
            freeFrom = c + 4
        }
        return trimRight(String(cols))
    }

    static let reset = "\u{1B}[0m"

    static func glyph(_ cell: Cell) -> String {
        switch cell {
        case .blank: return " "
        case .skipped: return "-"
        case .level(let n): return ["·", "░", "▒", "▓", "█"][n]
        }
    }

    /// GitHub's contribution greens, a dim grey for "nothing", a blue for skips.
    static func colour(_ cell: Cell) -> Int {
        switch cell {
        case .blank: return 0
        case .skipped: return 67
        case .level(let n): return [238, 22, 28, 34, 40][n]
        }
    }

    /// The legend line (`· nothing  ░▒▓ part of the goal  █ done  - skipped`, translated) with its
    /// symbols drawn as the grid draws them.
    public static func legend(_ text: String, style: Style) -> String {
        guard style == .ansi256 else { return text }
        var out = ""
        var previous: Character = " "
        for ch in text {
            let cell: Cell?
            switch ch {
            case "·": cell = .level(0)
            case "░": cell = .level(1)
            case "▒": cell = .level(2)
            case "▓": cell = .level(3)
            case "█": cell = .level(4)
            case "-" where previous == " ": cell = .skipped
            default: cell = nil
            }
            if let cell { out += "\u{1B}[38;5;\(colour(cell))m■" + reset } else { out.append(ch) }
            previous = ch
        }
        return out
    }

    private static func trimRight(_ s: String) -> String {
        var s = Substring(s)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
