// SPDX-License-Identifier: GPL-3.0-or-later
/// The fade-in of a ring (`--ramp`, `agent-cli settings ramp`): a duration as `DurationParser` reads
/// it (`30s`, `1m`, `1m30s`; a bare number is minutes there too), or `0`/`off` for none, within
/// `Limits.rampSeconds`.
public enum RampDuration {
    public static func parse(_ text: String) throws(InputError) -> Int {
        let s = text.trimmingSpaces.lowercased()
        if s == "0" || s == "off" || s == "выкл" { return 0 }
        let refused = InputError(
            "invalid ramp \"{text}\": expected a duration from 0 (off) to {max}, such as 30s or 1m",
            ["text": text, "max": format(Limits.rampSeconds.upperBound)])
        guard let seconds = try? DurationParser.parse(text), seconds <= Int64(Limits.rampSeconds.upperBound) else { throw refused }
        return Int(seconds)
    }

    /// `30s`, `1m30s`; `0` when off.
    public static func format(_ seconds: Int) -> String {
        seconds == 0 ? "0" : DurationParser.format(Int64(seconds))
    }
}
