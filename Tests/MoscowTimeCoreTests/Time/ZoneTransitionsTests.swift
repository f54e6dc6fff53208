// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// Zone reads TZif files itself; GLib's GTimeZone (code no one here wrote, which Zone used before)
/// reads the same files. Every zone of the system's database must give the same offsets both ways.
@Suite(.timeLimit(.minutes(2)))
struct ZoneTransitionsTests {
    static let from: Int64 = -2_208_988_800  // 1900-01-01
    static let to: Int64 = 4_102_444_800  // 2100-01-01

    /// GLib's offset at `t`, one lookup.
    final class GLibZone {
        let tz: OpaquePointer
        init(_ name: String) { tz = g_time_zone_new_identifier(name)! }
        deinit { g_time_zone_unref(tz) }
        func offset(_ t: Int64) -> Int {
            Int(g_time_zone_get_offset(tz, g_time_zone_find_interval(tz, G_TIME_TYPE_UNIVERSAL, gint64(t))))
        }
    }

    /// GLib 2.74 reads a footer whose "daylight" time is behind standard time (Dublin: IST in
    /// summer, GMT as the daylight time of winter) an hour ahead in winter; Python's zoneinfo and
    /// Zone read it as the tz database means (`theNegativeDaylightTimeOfDublin`). Such zones are
    /// compared with GLib up to their last transition only.
    static func comparable(_ zone: ZoneTransitions, at t: Int64) -> Bool {
        guard let daylight = zone.footer?.daylight, daylight.offset < zone.footer!.standardOffset,
            let last = zone.instants.last
        else { return true }
        return t < last
    }

    static func transitions(_ name: String) throws -> ZoneTransitions {
        let bytes = try #require(ZoneNames.tzif(name))
        return try #require(ZoneTransitions(bytes))
    }

    @Test(.tags(.slow), .fullTierOnly) func everyZoneAgreesWithGLibAroundEachTransitionAndAtRandomInstants() throws {
        let names = ZoneNames.all()
        #expect(names.count > 400)
        var rng = SplitMix(seed: 24)
        var disagreements: [String] = []
        for name in names {
            let ours = try Self.transitions(name)
            let glib = GLibZone(name)
            var probes = ours.instants.filter { $0 > Self.from && $0 < Self.to }.flatMap { [$0 - 1, $0, $0 + 1] }
            probes += (0..<200).map { _ in Int64.random(in: Self.from..<Self.to, using: &rng) }
            for t in probes where Self.comparable(ours, at: t) && ours.utcOffset(at: t) != glib.offset(t) {
                disagreements.append("\(name) at \(t): \(ours.utcOffset(at: t)) vs GLib \(glib.offset(t))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// Every six hours for two centuries: a transition either reader missed (or the footer's rule
    /// for the years after the file's last transition read differently) shows as a difference.
    @Test(
        .tags(.slow), .fullTierOnly,
        arguments: [
            "Europe/Moscow", "Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago",
            "Asia/Tehran", "Australia/Lord_Howe", "Africa/Casablanca", "Europe/Dublin", "Antarctica/Troll",
            "Pacific/Chatham", "America/Nuuk", "America/Godthab", "Asia/Gaza", "Europe/Samara", "Asia/Kolkata",
            "Pacific/Kiritimati", "America/St_Johns", "Europe/Kyiv", "UTC", "EST5EDT", "Factory",
        ])
    func everySixHoursForTwoCenturies(_ name: String) throws {
        let ours = try Self.transitions(name)
        let glib = GLibZone(name)
        var disagreements: [Int64] = []
        for t in stride(from: Self.from, to: Self.to, by: 21_600)
        where Self.comparable(ours, at: t) && ours.utcOffset(at: t) != glib.offset(t) {
            disagreements.append(t)
        }
        #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(10))")
    }

    @Test func theFooterRuleCarriesOnAfterTheLastTransition() throws {
        let berlin = try Self.transitions("Europe/Berlin")
        let moscow = try Self.transitions("Europe/Moscow")
        #expect(berlin.footer?.daylight != nil)
        #expect(moscow.footer == PosixZoneRule(Array("MSK-3".utf8)))
        // 2099: long after the files' last transitions (2037 at most), summer and winter.
        #expect(berlin.utcOffset(at: 4_086_000_000) == 7_200)  // 2099-06-25
        #expect(berlin.utcOffset(at: 4_072_000_000) == 3_600)  // 2099-01-14
        #expect(moscow.utcOffset(at: 4_086_000_000) == 10_800)
    }

    /// Values from Python's zoneinfo for the years after Dublin's file ends (2037).
    @Test func theNegativeDaylightTimeOfDublin() throws {
        let dublin = try Self.transitions("Europe/Dublin")
        #expect(dublin.footer == PosixZoneRule(Array("IST-1GMT0,M10.5.0,M3.5.0/1".utf8)))
        let zoneinfo: [(Int64, Int)] = [
            (2_153_347_200, 0), (2_160_000_000, 3_600), (2_172_117_600, 0), (2_203_567_200, 0), (4_102_423_200, 0),
        ]
        for (t, offset) in zoneinfo { #expect(dublin.utcOffset(at: t) == offset, "at \(t)") }
    }

    // MARK: damaged files

    @Test func everyTruncationOfARealFileIsRefused() throws {
        for name in ["Europe/Moscow", "America/New_York", "UTC"] {
            let bytes = try #require(ZoneNames.tzif(name))
            #expect(ZoneTransitions(bytes) != nil)
            for n in 0..<bytes.count - 1 {
                #expect(ZoneTransitions(Array(bytes.prefix(n))) == nil, "\(name) cut at \(n)")
            }
        }
    }

    @Test func damagedBytesNeverCrashAndGiveBoundedOffsets() throws {
        let bytes = try #require(ZoneNames.tzif("America/Santiago"))
        var rng = SplitMix(seed: 5545)
        var accepted = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                damaged[Int.random(in: 0..<damaged.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            guard let z = ZoneTransitions(damaged) else { continue }
            accepted += 1
            for _ in 0..<20 {
                let offset = z.utcOffset(at: Int64.random(in: Self.from..<Self.to, using: &rng))
                #expect(abs(offset) < 86_400 + 168 * 3_600)
            }
        }
        #expect(accepted > 0)  // damage to the names and padding leaves a readable file
    }

    @Test func aVersionOneFileIsReadFromItsThirtyTwoBitData() throws {
        let bytes = try #require(ZoneNames.tzif("Europe/Moscow"))
        let count = { (k: Int) in bytes[20 + 4 * k..<24 + 4 * k].reduce(0) { $0 << 8 | Int($1) } }
        let v1Size = 44 + count(3) * 5 + count(4) * 6 + count(5) + count(2) * 8 + count(1) + count(0)
        var v1 = Array(bytes.prefix(v1Size))
        v1[4] = 0
        let old = try #require(ZoneTransitions(v1))
        let full = try Self.transitions("Europe/Moscow")
        #expect(old.footer == nil)
        for t in stride(from: Int64(-2_000_000_000), to: 2_100_000_000, by: 86_400) {
            #expect(old.utcOffset(at: t) == full.utcOffset(at: t), "at \(t)")
        }
    }

    // MARK: the footer's rule on its own (RFC 8536, 3.3)

    static func rule(_ text: String) -> PosixZoneRule? { PosixZoneRule(Array(text.utf8)) }
    static func at(_ iso: String) -> Int64 { ISO8601.parse(iso)!.secondsSinceEpoch }

    @Test func rulesAsTheDatabaseWritesThem() throws {
        let moscow = try #require(Self.rule("MSK-3"))
        #expect(moscow.standardOffset == 10_800 && moscow.daylight == nil)
        #expect(Self.rule("<+0330>-3:30")?.standardOffset == 12_600)
        #expect(Self.rule("<-0930>9:30")?.standardOffset == -34_200)

        let berlin = try #require(Self.rule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(berlin.utcOffset(at: Self.at("2030-03-31T00:59:59Z")) == 3_600)  // last Sunday of March, 02:00 CET
        #expect(berlin.utcOffset(at: Self.at("2030-03-31T01:00:00Z")) == 7_200)
        #expect(berlin.utcOffset(at: Self.at("2030-10-27T00:59:59Z")) == 7_200)  // 03:00 CEST
        #expect(berlin.utcOffset(at: Self.at("2030-10-27T01:00:00Z")) == 3_600)

        // Southern hemisphere: daylight time spans the new year.
        let sydney = try #require(Self.rule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.utcOffset(at: Self.at("2040-01-15T00:00:00Z")) == 39_600)
        #expect(sydney.utcOffset(at: Self.at("2040-06-15T00:00:00Z")) == 36_000)
        #expect(sydney.utcOffset(at: Self.at("2040-12-15T00:00:00Z")) == 39_600)

        // A negative transition time (Nuuk): 23:00 local on the Saturday before, 01:00 UTC as in the EU.
        let nuuk = try #require(Self.rule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.utcOffset(at: Self.at("2030-03-31T00:59:59Z")) == -7_200)
        #expect(nuuk.utcOffset(at: Self.at("2030-03-31T01:00:00Z")) == -3_600)

        // Daylight time all year (RFC 8536's example), and a Julian day in a leap year.
        let allYear = try #require(Self.rule("EST5EDT4,0/0,J365/25"))
        for month in 1...12 {
            #expect(allYear.utcOffset(at: Self.at("2032-\(month < 10 ? "0" : "")\(month)-15T12:00:00Z")) == -14_400)
        }
        let julian = try #require(Self.rule("XXX0YYY,J60/0,J300/0"))  // J60 is 1 March, leap year or not
        #expect(julian.utcOffset(at: Self.at("2032-02-29T23:59:59Z")) == 0)
        #expect(julian.utcOffset(at: Self.at("2032-03-01T00:00:00Z")) == 3_600)
        let zeroBased = try #require(Self.rule("XXX0YYY,59/0,300/0"))  // day 59 is 29 February in a leap year
        #expect(zeroBased.utcOffset(at: Self.at("2032-02-29T00:00:00Z")) == 3_600)
        #expect(zeroBased.utcOffset(at: Self.at("2031-03-01T00:00:00Z")) == 3_600)
        #expect(zeroBased.utcOffset(at: Self.at("2031-02-28T23:59:59Z")) == 0)
    }

    @Test func aRuleRepeatsEveryFourHundredYearsAndTakesAnyInstant() throws {
        let berlin = try #require(Self.rule("CET-1CEST,M3.5.0,M10.5.0/3"))
        let cycle: Int64 = 146_097 * 86_400
        var rng = SplitMix(seed: 400)
        for _ in 0..<2_000 {
            let t = Int64.random(in: Self.from..<Self.to, using: &rng)
            let k = Int64.random(in: -1_000...1_000, using: &rng)
            #expect(berlin.utcOffset(at: t + k * cycle) == berlin.utcOffset(at: t), "at \(t) + \(k) cycles")
        }
        for t in [Int64.min, Int64.min + 1, -1, 0, Int64.max - 1, Int64.max] {
            #expect([3_600, 7_200].contains(berlin.utcOffset(at: t)))
        }
    }

    @Test(arguments: [
        "", "CET", "MS-3", "<AB>1", "<+03-3", "CET-25", "CET-1:60", "CET-1CEST", "CET-1CEST,M3.5.0",
        "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0", "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J300",
        "CET-1CEST,366,300", "CET-1CEST,M3.5.0/168,M10.5.0", "CET-1CEST,M3.5.0,M10.5.0/3x", "CET-1 ",
    ])
    func malformedRulesAreRefused(_ text: String) {
        #expect(Self.rule(text) == nil)
    }
}
