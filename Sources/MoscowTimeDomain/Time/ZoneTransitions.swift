// SPDX-License-Identifier: GPL-3.0-or-later
/// A zone's UTC offsets as its TZif file gives them (RFC 8536): the instants at which the offset
/// changed, the offset before the first of them, and the footer's rule for every instant after the
/// last. Leap-second records are skipped: clocks do not count leap seconds (`ZoneNames` refuses
/// the `right/` files that use them).
struct ZoneTransitions: Sendable {
    /// Seconds since the epoch, ascending.
    let instants: [Int64]
    /// `offsets[i]` is in force from `instants[i]` on.
    let offsets: [Int32]
    /// In force before the first transition: the file's first local time type.
    let initialOffset: Int
    let footer: PosixZoneRule?

    /// The largest file accepted: the biggest in the database are a few kilobytes.
    static let maximumSize = 1 << 20

    /// Nil when `bytes` are not a well-formed TZif file (version 1 to 4).
    init?(_ bytes: [UInt8]) {
        guard bytes.count <= ZoneTransitions.maximumSize, let first = Block(bytes, at: 0, timeSize: 4) else {
            return nil
        }
        var block = first
        var footer: PosixZoneRule?
        if first.version >= UInt8(ascii: "2") {
            // Version 2 and later repeat the data with 64-bit times, then add the footer.
            guard let second = Block(bytes, at: first.end, timeSize: 8) else { return nil }
            block = second
            guard second.end < bytes.count, bytes[second.end] == 0x0A,
                let close = bytes[(second.end + 1)...].firstIndex(of: 0x0A)
            else { return nil }
            let text = bytes[(second.end + 1)..<close]
            if !text.isEmpty {
                guard let rule = PosixZoneRule(text) else { return nil }
                footer = rule
            }
        }
        var instants: [Int64] = []
        var offsets: [Int32] = []
        instants.reserveCapacity(block.transitionCount)
        offsets.reserveCapacity(block.transitionCount)
        for i in 0..<block.transitionCount {
            let t = block.time(bytes, i)
            guard instants.last.map({ $0 < t }) ?? true else { return nil }
            let type = Int(bytes[block.typeIndices + i])
            guard type < block.typeCount else { return nil }
            instants.append(t)
            offsets.append(block.offset(bytes, type: type))
        }
        // RFC 8536 bounds an offset to a day either way; the database's are within ±16 hours.
        guard (0..<block.typeCount).allSatisfy({ abs(Int(block.offset(bytes, type: $0))) < 86_400 }) else { return nil }
        self.instants = instants
        self.offsets = offsets
        self.initialOffset = Int(block.offset(bytes, type: 0))
        self.footer = footer
    }

    /// The UTC offset in seconds in force at `t` seconds since the epoch.
    func utcOffset(at t: Int64) -> Int {
        guard let firstInstant = instants.first else { return footer?.utcOffset(at: t) ?? initialOffset }
        if t < firstInstant { return initialOffset }
        if t >= instants[instants.count - 1], let footer { return footer.utcOffset(at: t) }
        // The last transition at or before t.
        var low = 0
        var high = instants.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if instants[mid] <= t { low = mid } else { high = mid }
        }
        return Int(offsets[low])
    }

    /// One header and its data block, bounds-checked against the file.
    private struct Block {
        let version: UInt8
        let timeSize: Int
        let transitionCount: Int
        let typeCount: Int
        let transitionTimes: Int
        let typeIndices: Int
        let types: Int
        let end: Int

        init?(_ bytes: [UInt8], at start: Int, timeSize: Int) {
            let headerSize = 44
            guard start + headerSize <= bytes.count,
                bytes[start..<start + 4].elementsEqual("TZif".utf8)
            else { return nil }
            func count(_ k: Int) -> Int { Int(bigEndian(bytes, at: start + 20 + 4 * k, size: 4)) }
            let (isUTCCount, isStandardCount, leapCount) = (count(0), count(1), count(2))
            let (transitionCount, typeCount, charCount) = (count(3), count(4), count(5))
            guard typeCount >= 1, typeCount <= 256, charCount >= 1,
                isUTCCount == 0 || isUTCCount == typeCount, isStandardCount == 0 || isStandardCount == typeCount
            else { return nil }
            version = bytes[start + 4]
            self.timeSize = timeSize
            self.transitionCount = transitionCount
            self.typeCount = typeCount
            transitionTimes = start + headerSize
            typeIndices = transitionTimes + transitionCount * timeSize
            types = typeIndices + transitionCount
            // Counts are 32-bit, the file at most a megabyte: no sum below can overflow.
            end =
                types + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
            guard end <= bytes.count else { return nil }
        }

        func time(_ bytes: [UInt8], _ i: Int) -> Int64 {
            let raw = bigEndian(bytes, at: transitionTimes + i * timeSize, size: timeSize)
            return timeSize == 4 ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(bitPattern: raw)
        }

        func offset(_ bytes: [UInt8], type: Int) -> Int32 {
            Int32(truncatingIfNeeded: bigEndian(bytes, at: types + type * 6, size: 4))
        }
    }

}

private func bigEndian(_ bytes: [UInt8], at i: Int, size: Int) -> UInt64 {
    var v: UInt64 = 0
    for k in 0..<size { v = v << 8 | UInt64(bytes[i + k]) }
    return v
}
