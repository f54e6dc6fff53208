// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// The cache folder keeps only what is in use, and a cache is not taken over other zone data.
@Suite("Calendar cache hygiene")
struct ReminderCacheHygieneTests {
    @Test("the caches of folders no longer reminded and old temporary files go; nothing else is touched")
    func clean() throws {
        let dir = try TemporaryFolder()
        let kept = ReminderCache.path(of: "/home/u/.calendars/work", in: dir.path)
        let dropped = ReminderCache.path(of: "/home/u/.calendars/old", in: dir.path)
        let other = ReminderCache.path(of: "/elsewhere", in: dir.path)
        for path in [kept, dropped] { ReminderCache(context: "c").save(path) }
        let old = dropped + ".tmp-1f"
        let young = kept + ".tmp-2e"
        var fake: Int64 = 1_000_000_000
        try dir.write(String(old.split(separator: "/").last!), "cut", mtime: &fake)
        fake += 2 * ReminderCache.temporaryLifetimeSeconds
        let now = fake + 60
        try dir.write(String(young.split(separator: "/").last!), "being written", mtime: &fake)
        try dir.write("notes.cache", "not ours", mtime: &fake)
        try dir.write("target", "a link's target", mtime: &fake)
        // A link by a cache's name, to a file: neither it nor its target goes.
        #expect(symlink(dir.path + "/target", other) == 0)
        ReminderCache.clean(dir.path, keeping: [kept], now: now)
        let left = Set(TemporaryFolder.entries(dir.path))
        let name = { (p: String) in String(p.split(separator: "/").last!) }
        #expect(left == Set([name(kept), name(young), name(other), "notes.cache", "target"]))
    }

    @Test("a cache's temporary file is one by its name alone")
    func names() {
        #expect(ReminderCache.isCacheName("0123456789abcdef.cache"))
        #expect(!ReminderCache.isCacheName("0123456789abcdeg.cache"))
        #expect(ReminderCache.isTemporaryName("0123456789abcdef.cache.tmp-9f"))
        #expect(!ReminderCache.isTemporaryName("0123456789abcdef.cache.tmp-"))
        #expect(!ReminderCache.isTemporaryName("0123456789abcdef.cache.tmp-x"))
    }

    @Test("the zone data's stamp changes when tzdata replaces its files")
    func zoneData() throws {
        let tz = try TemporaryFolder()
        var fake: Int64 = 1_500_000_000
        try tz.write("tzdata.zi", "# version 2025b\n", mtime: &fake)
        try tz.write("UTC", "TZif", mtime: &fake)
        let before = ReminderCache.zoneDataStamp(["UTC"], directory: tz.path)
        #expect(ReminderCache.zoneDataStamp(["UTC"], directory: tz.path) == before)
        try tz.write("tzdata.zi", "# version 2026a\n", mtime: &fake)
        let updated = ReminderCache.zoneDataStamp(["UTC"], directory: tz.path)
        #expect(updated != before)
        try tz.write("UTC", "TZif", mtime: &fake)
        #expect(ReminderCache.zoneDataStamp(["UTC"], directory: tz.path) != updated)
    }
}
