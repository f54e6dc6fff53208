// SPDX-License-Identifier: GPL-3.0-or-later
/// Parses amounts and targets of numeric habits: `3`, `2.5`, `2,5` (a decimal comma, as typed in
/// Russian), up to 1 000 000, kept to thousandths.
public enum AmountParser {
    public static let accepted = N_("a number from 0 to 1000000 such as 3, 2.5 or 2,5")

    public static func amount(_ text: String, what: String = N_("amount")) throws(InputError) -> Double {
        let s = text.trimmingSpaces.replacingAll(",", with: ".")
        let ok =
            !s.isEmpty && s.utf8.allSatisfy { (48...57).contains($0) || $0 == UInt8(ascii: ".") }
            && s.utf8.filter({ $0 == UInt8(ascii: ".") }).count <= 1 && s.first != "." && s.last != "."
        guard ok, let v = Double(s), v <= HabitAmount.maximum else {
            throw InputError(
                "invalid {what} \"{text}\": expected {accepted}", ["text": "\(text)"],
                parts: ["what": Message(what), "accepted": Message(accepted)])
        }
        return HabitAmount.rounded(v)
    }

    /// A target must be above zero.
    public static func target(_ text: String) throws(InputError) -> Double {
        let v = try amount(text, what: N_("target"))
        guard v > 0 else { throw InputError("invalid target \"{text}\": expected a number above 0 such as 8 or 1.5", ["text": "\(text)"]) }
        return v
    }
}
