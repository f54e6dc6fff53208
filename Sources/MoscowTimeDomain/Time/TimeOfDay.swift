// SPDX-License-Identifier: GPL-3.0-or-later
/// A wall-clock time of day, minute resolution (what an alarm is set to).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public var secondsIntoDay: Int64 { Int64(hour * 3600 + minute * 60) }
    public var description: String { ASCIIFormat.string(capacity: 5) { $0.clock(hour, minute) } }
    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.secondsIntoDay < b.secondsIntoDay }

    /// The store's own `HH:MM` as UTF-8 bytes (the fast path of `init(text:)`); nil for any other form.
    package init?(hhmm u: UnsafeBufferPointer<UInt8>) {
        guard u.count == 5, u[2] == UInt8(ascii: ":"), let h = ISO8601.digits(u, 0, 2), let m = ISO8601.digits(u, 3, 2)
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Parses `7:30` or `07:30` (also `7.30`); nil otherwise.
    public init?(text: Substring) {
        var bytes = text
        if let t = bytes.withUTF8(TimeOfDay.init(hhmm:)) {
            self = t
            return
        }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." })
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            // Digits only: Int() would also take a sign, reading "-0:30" as 00:30 and "+7:30" as 07:30.
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        self.init(hour: h, minute: m)
    }
}
