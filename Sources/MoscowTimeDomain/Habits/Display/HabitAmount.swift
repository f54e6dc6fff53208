// SPDX-License-Identifier: GPL-3.0-or-later
/// Amounts of numeric habits: thousandths at most (Loop stores amounts × 1000, so imports are exact),
/// written without trailing zeros ("8", "2.5", "0.125").
public enum HabitAmount {
    /// The largest amount or target accepted.
    public static let maximum = 1_000_000.0

    public static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    public static func text(_ x: Double) -> String {
        let milli = Int((x * 1000).rounded())
        let sign = milli < 0 ? "-" : ""
        let m = abs(milli)
        var s = sign + String(m / 1000)
        var frac = m % 1000
        if frac != 0 {
            var digits = 3
            while frac % 10 == 0 {
                frac /= 10
                digits -= 1
            }
            s += "." + pad(frac, digits)
        }
        return s
    }
}
