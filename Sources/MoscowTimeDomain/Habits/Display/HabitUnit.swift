// SPDX-License-Identifier: GPL-3.0-or-later
/// The unit of a numeric habit, given in one form (`km`, used as given) or in the forms a count
/// needs: three for Russian (`стакан,стакана,стаканов`: 1 / 2–4 / 5 and 11–14), two for English
/// (`glass,glasses`). Stored as typed; the form is chosen when an amount is shown.
public enum HabitUnit {
    public static func forms(_ unit: String) -> [String] {
        let parts = unit.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        return parts.count >= 2 && parts.count <= 3 && parts.allSatisfy({ !$0.isEmpty }) ? parts : [unit]
    }

    /// The form for `value`: Russian rules with three forms (a fraction takes the second: «2,5
    /// стакана»), English with two (only exactly 1 takes the first).
    public static func form(_ unit: String, for value: Double) -> String {
        let f = forms(unit)
        switch f.count {
        case 3:
            guard value == value.rounded(), abs(value) < 1e15 else { return f[1] }
            let n = Int(abs(value))
            if n % 10 == 1 && n % 100 != 11 { return f[0] }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return f[1] }
            return f[2]
        case 2:
            return value == 1 ? f[0] : f[1]
        default:
            return f[0]
        }
    }
}
