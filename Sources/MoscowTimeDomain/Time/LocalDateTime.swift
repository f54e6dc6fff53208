// SPDX-License-Identifier: GPL-3.0-or-later
/// A date and time as shown on a wall clock in some zone, with the UTC offset in force then.
public struct LocalDateTime: Hashable, Sendable {
    public let date: CivilDate
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// Seconds east of UTC.
    public let utcOffset: Int

    public var timeOfDay: TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }
    /// `07:30:05`
    public var clockText: String {
        guard isClockReading, ASCIIFormat.fits(second, 2) else { return "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
        return ASCIIFormat.string(capacity: 8) {
            $0.clock(hour, minute)
            $0.byte(UInt8(ascii: ":"))
            $0.digits(second, 2)
        }
    }
    /// `07:30`
    public var shortClockText: String {
        guard isClockReading else { return "\(pad(hour, 2)):\(pad(minute, 2))" }
        return ASCIIFormat.string(capacity: 5) { $0.clock(hour, minute) }
    }

    /// Hour and minute of two digits each (always so when read from a `Zone`).
    var isClockReading: Bool { ASCIIFormat.fits(hour, 2) && ASCIIFormat.fits(minute, 2) }
}
