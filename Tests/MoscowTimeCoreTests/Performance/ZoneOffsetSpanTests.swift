// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// `Zone` keeps the spans of time with one offset; every answer must still be GLib's own.
@Suite(.timeLimit(.minutes(1)))
struct ZoneOffsetSpanTests {
    static let zones = [
        "Europe/Moscow", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
        "America/Sao_Paulo", "Pacific/Apia", "Europe/Dublin", "UTC",
    ]

    @Test(arguments: zones)
    func offsetsAreGLibsInAnyOrder(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        var rng = SplitMix(seed: UInt64(identifier.utf8.count))
        let low: Int64 = -2_208_988_800
        let high: Int64 = 7_258_118_400  // 1900 … 2200
        for _ in 0..<3000 {
            let t = low + Int64(rng.next() % UInt64(high - low))
            #expect(zone.utcOffset(at: Instant(secondsSinceEpoch: t)) == zone.uncachedUTCOffset(at: t), "\(identifier) at \(t)")
        }
    }

    /// Each second either side of every change of offset from 1970 to 2100, asked in an order that
    /// makes the cache hold neighbouring spans.
    @Test(arguments: zones)
    func secondsAroundTransitions(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let fresh = try #require(Zone(identifier: identifier))
        var t: Int64 = 0
        var edges: [Int64] = []
        while t < 4_102_444_800 {
            let next = t + 6 * 3600
            if fresh.uncachedUTCOffset(at: t) != fresh.uncachedUTCOffset(at: next) {
                var lo = t
                var hi = next
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if fresh.uncachedUTCOffset(at: mid) == fresh.uncachedUTCOffset(at: t) { lo = mid } else { hi = mid }
                }
                edges.append(hi)
            }
            t = next
        }
        if identifier != "UTC" { #expect(!edges.isEmpty) }
        for e in edges.reversed() {
            for x in [e, e - 1, e + 1, e - 86_400, e + 86_400] {
                #expect(zone.utcOffset(at: Instant(secondsSinceEpoch: x)) == zone.uncachedUTCOffset(at: x), "\(identifier) at \(x)")
            }
        }
    }
}
