// SPDX-License-Identifier: GPL-3.0-or-later
/// Short fixed-layout texts (dates, clock times, short ids) written byte by byte into their String.
///
/// `agent-cli list` formats a date and a time for each of up to 10 000 rows; string interpolation
/// of zero-padded numbers cost about 1 000 instructions per date, this about a tenth of that.
struct ASCIIFormat {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// A String of at most `capacity` UTF-8 bytes, as written by `body`.
    static func string(capacity: Int, _ body: (inout ASCIIFormat) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var f = ASCIIFormat(buffer)
            body(&f)
            return f.count
        }
    }

    /// Appends at most `capacity` bytes, as written by `body`, to `out` (no String made).
    static func append(capacity: Int, to out: inout [UInt8], _ body: (inout ASCIIFormat) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var f = ASCIIFormat(buffer)
            body(&f)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<f.count]))
        }
    }

    mutating func byte(_ b: UInt8) {
        buffer[count] = b
        count += 1
    }

    mutating func text(_ s: String) {
        for b in s.utf8 { byte(b) }
    }

    /// `value` (0 ≤ value < 10^width) zero-padded to `width` digits.
    mutating func digits(_ value: Int, _ width: Int) {
        var v = value
        var k = count + width
        while k > count {
            k -= 1
            buffer[k] = UInt8(48 + v % 10)
            v /= 10
        }
        count += width
    }

    /// Whether `value` fits `digits(value, width)`.
    static func fits(_ value: Int, _ width: Int) -> Bool {
        switch width {
        case 2: return value >= 0 && value < 100
        case 4: return value >= 0 && value < 10_000
        default: return false
        }
    }
}

extension ASCIIFormat {
    /// `2026-12-31` (year 0…9999).
    mutating func isoDate(_ d: CivilDate) {
        digits(d.year, 4)
        byte(UInt8(ascii: "-"))
        digits(d.month, 2)
        byte(UInt8(ascii: "-"))
        digits(d.day, 2)
    }

    /// `2026-12-31T07:30:05Z` (year 0…9999), `seconds` into the UTC day `date`.
    mutating func utc(_ date: CivilDate, _ seconds: Int) {
        isoDate(date)
        byte(UInt8(ascii: "T"))
        clock(seconds / 3600, seconds / 60 % 60)
        byte(UInt8(ascii: ":"))
        digits(seconds % 60, 2)
        byte(UInt8(ascii: "Z"))
    }

    /// `07:30`
    mutating func clock(_ hour: Int, _ minute: Int) {
        digits(hour, 2)
        byte(UInt8(ascii: ":"))
        digits(minute, 2)
    }
}
