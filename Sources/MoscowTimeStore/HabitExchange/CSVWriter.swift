// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes CSV as `CSVReader` reads it: a field is quoted only when it must be (comma, quote,
/// line break, or surrounding spaces), lines end with LF.
public struct CSVWriter {
    public private(set) var text = ""

    public init() {}

    public mutating func row(_ fields: [String]) {
        for (k, f) in fields.enumerated() {
            if k > 0 { text.append(",") }
            text.append(Self.escape(f))
        }
        text.append("\n")
    }

    static func escape(_ f: String) -> String {
        let needs =
            f.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || f.first == " " || f.last == " "
        return needs ? "\"" + f.replacingAll("\"", with: "\"\"") + "\"" : f
    }
}
