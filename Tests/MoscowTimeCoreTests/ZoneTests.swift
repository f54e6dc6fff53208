// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite(.timeLimit(.minutes(1)))
struct ZoneTests {
    typealias F = CoreFixtures

    @Test func moscowIsUTCPlusThreeToday() {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let now = Instant(secondsSinceEpoch: Int64(ts.tv_sec))
        #expect(F.moscow.utcOffset(at: now) == 3 * 3600)
        #expect(SystemWallClock().now() - now < 5)
        // From the tz database, not a constant: Moscow was UTC+4 in 2012 and had DST in 2010.
        #expect(F.moscow.utcOffset(at: F.at("2012-06-01T00:00:00Z")) == 4 * 3600)
        #expect(F.moscow.utcOffset(at: F.at("2010-07-01T00:00:00Z")) == 4 * 3600)
        #expect(F.moscow.utcOffset(at: F.at("2010-01-15T00:00:00Z")) == 3 * 3600)
    }

    @Test func localReading() {
        let l = F.moscow.local(F.at("2026-11-21T12:00:05Z"))
        #expect(l.date == F.day(2026, 11, 21))
        #expect(l.clockText == "15:00:05")
        #expect(l.shortClockText == "15:00")
        #expect(l.utcOffset == 10_800)
        // Across midnight and before the epoch.
        #expect(F.moscow.local(F.at("2026-12-31T22:30:00Z")).date == F.day(2027, 1, 1))
        #expect(F.newYork.local(F.at("1969-12-31T23:00:00Z")).clockText == "18:00:00")
    }

    @Test func plainTimesResolveToTheOnlyInstant() {
        #expect(F.moscow.instant(F.day(2026, 11, 23), F.time(7, 30)) == F.at("2026-11-23T04:30:00Z"))
        #expect(F.berlin.instant(F.day(2026, 7, 1), F.time(7, 30)) == F.at("2026-07-01T05:30:00Z"))
        #expect(F.newYork.instant(F.day(2026, 1, 1), F.time(0, 0)) == F.at("2026-01-01T05:00:00Z"))
    }

    // MARK: gaps → the first instant after the gap

    @Test func berlinSpringForwardGap() {
        let day = F.day(2026, 3, 29)
        let end = F.at("2026-03-29T01:00:00Z")  // 03:00 CEST
        #expect(F.berlin.instant(day, F.time(2, 0)) == end)
        #expect(F.berlin.instant(day, F.time(2, 30)) == end)
        #expect(F.berlin.instant(day, F.time(2, 59)) == end)
        #expect(F.berlin.instant(day, F.time(3, 0)) == end)
        #expect(F.berlin.instant(day, F.time(1, 59)) == F.at("2026-03-29T00:59:00Z"))
        #expect(F.berlin.local(end).shortClockText == "03:00")
        #expect(F.berlin.local(end).utcOffset == 7200)
    }

    @Test func newYorkSpringForwardGap() {
        let day = F.day(2026, 3, 8)
        let end = F.at("2026-03-08T07:00:00Z")  // 03:00 EDT
        #expect(F.newYork.instant(day, F.time(2, 30)) == end)
        #expect(F.newYork.instant(day, F.time(2, 0)) == end)
        #expect(F.newYork.local(end).utcOffset == -4 * 3600)
        #expect(F.newYork.instant(day, F.time(1, 30)) == F.at("2026-03-08T06:30:00Z"))
    }

    // MARK: overlaps → the first occurrence (the DST offset)

    @Test func berlinFallBackOverlap() {
        let day = F.day(2026, 10, 25)
        #expect(F.berlin.instant(day, F.time(2, 30)) == F.at("2026-10-25T00:30:00Z"))  // 02:30 CEST, not CET
        #expect(F.berlin.instant(day, F.time(2, 0)) == F.at("2026-10-25T00:00:00Z"))
        #expect(F.berlin.instant(day, F.time(3, 0)) == F.at("2026-10-25T02:00:00Z"))
        // Both readings exist: the second one is an hour later.
        #expect(F.berlin.local(F.at("2026-10-25T01:30:00Z")).shortClockText == "02:30")
    }

    @Test func newYorkFallBackOverlap() {
        let day = F.day(2026, 11, 1)
        #expect(F.newYork.instant(day, F.time(1, 30)) == F.at("2026-11-01T05:30:00Z"))  // 01:30 EDT
        #expect(F.newYork.instant(day, F.time(1, 0)) == F.at("2026-11-01T05:00:00Z"))
        #expect(F.newYork.instant(day, F.time(2, 0)) == F.at("2026-11-01T07:00:00Z"))
        #expect(F.newYork.local(F.at("2026-11-01T06:30:00Z")).shortClockText == "01:30")
    }

    // MARK: Moscow's own history

    @Test func moscow2011PermanentSummerTime() {
        let day = F.day(2011, 3, 27)
        // 02:00 MSK became 03:00 MSD: the night's 02:30 does not exist.
        #expect(F.moscow.instant(day, F.time(2, 30)) == F.at("2011-03-26T23:00:00Z"))
        #expect(F.moscow.utcOffset(at: F.at("2011-03-26T22:59:59Z")) == 3 * 3600)
        #expect(F.moscow.utcOffset(at: F.at("2011-03-26T23:00:00Z")) == 4 * 3600)
        #expect(F.moscow.instant(F.day(2011, 3, 28), F.time(7, 0)) == F.at("2011-03-28T03:00:00Z"))
        // No change in the autumn of 2011: still UTC+4 in winter.
        #expect(F.moscow.utcOffset(at: F.at("2012-01-15T00:00:00Z")) == 4 * 3600)
    }

    @Test func moscow2014BackToUTCPlusThree() {
        let day = F.day(2014, 10, 26)
        // 02:00 MSK (+4) became 01:00 MSK (+3): 01:00–02:00 happened twice.
        #expect(F.moscow.instant(day, F.time(1, 30)) == F.at("2014-10-25T21:30:00Z"))
        #expect(F.moscow.local(F.at("2014-10-25T22:30:00Z")).shortClockText == "01:30")
        #expect(F.moscow.instant(day, F.time(2, 0)) == F.at("2014-10-25T23:00:00Z"))
        #expect(F.moscow.utcOffset(at: F.at("2014-10-25T21:59:59Z")) == 4 * 3600)
        #expect(F.moscow.utcOffset(at: F.at("2014-10-25T22:00:00Z")) == 3 * 3600)
    }

    /// Every resolved instant reads back as the requested wall time, except inside a gap.
    @Test func resolvedInstantsReadBack() {
        for zone in [F.moscow, F.berlin, F.newYork] {
            var day = F.day(2026, 1, 1)
            while day.year == 2026 {
                for time in [F.time(0, 0), F.time(1, 30), F.time(2, 30), F.time(7, 0), F.time(23, 59)] {
                    let t = zone.instant(day, time)
                    let l = zone.local(t)
                    if l.date != day || l.timeOfDay != time {
                        // Only allowed in a gap: then it is the first instant after it.
                        #expect(zone.utcOffset(at: t - 1) < zone.utcOffset(at: t), "\(zone.identifier) \(day) \(time) → \(t)")
                    }
                }
                day = day.adding(days: 1)
            }
        }
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Atlantis", "Nowhere/Nothing"])
    func unknownZonesAreNil(name: String) {
        #expect(Zone(identifier: name) == nil)
    }

    @Test(arguments: [
        "UTC+3", "MSK-3", "/etc/passwd", "", "../etc/passwd", "Europe/../../etc/passwd",
        "EST5EDT,M3.2.0,M11.1.0", "Europe/Moscow\n", "Europe/Moscow ", "<+03>-3",
        "right/Europe/Berlin", "posix/Europe/Berlin", "Europe//Berlin", "Europe/Berlin/", "./Europe/Berlin",
        "localtime", "posixrules", "zone.tab", "tzdata.zi", "Europe",
    ])
    func nonIANANamesAreRefused(name: String) {
        #expect(Zone(identifier: name) == nil)
    }

    @Test("a zone name is a TZif file of the database: a FIFO there is refused at once, a link out of it refused")
    func zoneFilesAreCheckedWithoutBlockingOrLeaving() {
        let root = ScratchDirectory("tz")
        let tz = root.path + "/zoneinfo"
        let outside = root.path + "/outside"
        let tzif = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 40)
        ScratchDirectory.write(tz + "/Good/Zone", tzif)
        ScratchDirectory.write(outside + "/Stolen", tzif)
        #expect(mkfifo(tz + "/Good/Fifo", 0o600) == 0)
        #expect(symlink("Zone", tz + "/Good/Alias") == 0)
        #expect(symlink(outside + "/Stolen", tz + "/Good/Out") == 0)
        #expect(symlink("../../outside/Stolen", tz + "/Good/Up") == 0)
        #expect(ZoneNames.contains("Good/Zone", directory: tz))
        #expect(ZoneNames.contains("Good/Alias", directory: tz))  // a link inside the database
        for name in ["Good/Fifo", "Good/Out", "Good/Up", "../outside/Stolen", "/Good/Zone"] {
            #expect(!ZoneNames.contains(name, directory: tz), "\(name)")  // before: blocked on the FIFO
        }
        #expect(ZoneNames.all(directory: tz) == ["Good/Alias", "Good/Zone"])
    }

    @Test func acceptedNames() {
        #expect(Zone(identifier: "UTC")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 0)
        #expect(Zone(identifier: "Asia/Kolkata")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 19_800)
        #expect(Zone(identifier: "America/Argentina/Buenos_Aires") != nil)
        #expect(Zone(identifier: "Etc/GMT-3")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 10_800)
        // Every name of the database, the old and backward ones too.
        #expect(Zone(identifier: "GMT")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 0)
        #expect(Zone(identifier: "Japan")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 32_400)
        #expect(Zone(identifier: "W-SU")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == 10_800)
        #expect(Zone(identifier: "EST5EDT")?.utcOffset(at: F.at("2026-06-01T00:00:00Z")) == -14_400)
    }

    @Test func userInputIsNormalisedOrRefusedWithAReason() throws {
        #expect(try ZoneNames.resolve("europe/moscow") == "Europe/Moscow")
        #expect(try ZoneNames.resolve(" Europe/Berlin ") == "Europe/Berlin")
        #expect(try ZoneNames.resolve("w-su") == "W-SU")
        #expect(
            throws: InputError(
                "\"right/Europe/Berlin\" is from the right/ copy of the tz database, which is not for clocks: use Europe/Berlin")
        ) {
            try ZoneNames.resolve("right/Europe/Berlin")
        }
        #expect(
            throws: InputError(
                "\"posix/Europe/Berlin\" is from the posix/ copy of the tz database, which is not for clocks: use Europe/Berlin")
        ) {
            try ZoneNames.resolve("posix/Europe/Berlin")
        }
        for bad in ["Europe//Berlin", "UTC+3", "Mars/Olympus", "localtime", ""] {
            #expect(throws: InputError.self) { try ZoneNames.resolve(bad) }
        }
        let all = ZoneNames.all()
        #expect(all.count > 400 && all.contains("Europe/Moscow") && all.contains("Japan") && !all.contains("localtime"))
        #expect(all.allSatisfy { ZoneNames.contains($0) })
    }
}
