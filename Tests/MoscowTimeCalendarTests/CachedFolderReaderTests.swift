// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import TestSupport
import Testing

@testable import MoscowTimeCalendar

/// A folder read through its cache answers what reading every file answers: after random
/// writes, touches, renames, removals, garbage and the window moving, with the cache kept as text
/// between readings. Every write gets its own modification time, so the stamp alone tells it.
@Suite("Calendar folder cache")
struct CachedFolderReaderTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static let start = ISO8601.parse("2026-11-01T00:00:00Z")!

    @Test("cached answer equals a full read after random changes", arguments: [1, 2, 3, 4] as [UInt64])
    func differential(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        var rng = SplitMix(seed: seed)
        // Seconds, ahead of the real clock (a file's status change time is real): every write gets a time of its own.
        var fake = CalendarFileStamp.realNanoseconds() / 1_000_000_000 + 86_400
        var cache = ReminderCache(context: "test")
        var named: [UInt8] = []
        var now = Self.start
        for i in 0..<40 { try folder.write("f\(i).ics", Self.calendar(&rng, now: now), mtime: &fake) }
        var (reads, namedReads) = (0, 0)
        for step in 0..<60 {
            let changed = try Self.change(folder, &rng, now: &now, mtime: &fake)
            let window = (now - Int64(rng.next() % 2) * 3_600)..<(now + 7 * 86_400)
            let files = LocalCalendars.itemFiles(folder.path)
            // Decoded from its text each time: what the next run of the helper would find.
            cache = ReminderCacheCoding.decode(ReminderCacheCoding.encode(cache), context: "test") ?? ReminderCache(context: "none")
            #expect(cache.context == "test")
            let clock = Int64(fake + 100) * 1_000_000_000
            let cached = CachedFolderReader(zone: Self.moscow, floating: nil).read(files, window: window, cache: &cache, now: clock)
            let full = Self.fullRead(files, window: window)
            Self.expectEqual(cached, full, "seed \(seed) step \(step)")
            reads += cached.filesRead
            // The agent's path: the files its watcher named (and some that did not change); a
            // name it missed (an overflow) and a periodic reading are a full look.
            let names = rng.next() % 8 == 0 ? nil : changed.union(Self.extraNames(folder, &rng))
            // Sometimes read at the real clock: every file the test wrote is then racily new.
            let real = rng.next() % 4 == 0 ? CalendarFileStamp.realNanoseconds() : clock
            let answer = Self.readNamed(folder.path, names, window: window, text: named, now: real)
            named = answer.text
            Self.expectEqual(answer.reading, full, "named: seed \(seed) step \(step)")
            namedReads += answer.reading.filesRead
            try Self.unchanged(folder.path, text: named, window: window, later: Int64(rng.next() % (2 * 86_400)), fake: fake)
        }
        #expect(reads < 60 * 10, "the cache spared nothing: \(reads) files read")
        #expect(namedReads < 60 * 20, "naming the files spared nothing: \(namedReads) files read")
    }

    static func expectEqual(_ cached: FolderReading, _ full: FolderReading, _ what: String) {
        #expect(canonical(cached.reminders) == canonical(full.reminders), "\(what)")
        #expect(cached.otherActions == full.otherActions && Set(cached.unreadable) == Set(full.unreadable), "\(what)")
    }

    /// What the helper does with a folder: `readNamed` over the cache's text when the watcher named
    /// its changes (`names`), else — or when that cannot answer — every file looked at.
    static func readNamed(_ folder: String, _ names: Set<String>?, window: Range<Instant>, text: [UInt8], now: Int64)
        -> (reading: FolderReading, text: [UInt8])
    {
        let reader = CachedFolderReader(zone: moscow, floating: nil)
        if let names, let (reading, new) = reader.readNamed(folder, changed: names, window: window, cache: text, context: "n", now: now) {
            return (reading, new ?? text)
        }
        var cache = ReminderCacheCoding.decode(text, context: "n") ?? ReminderCache(context: "n")
        let reading = reader.read(LocalCalendars.itemFiles(folder), window: window, cache: &cache, now: now)
        return (reading, ReminderCacheCoding.encode(cache))
    }

    /// With no file changed since the cache was written (the agent's `--watched`), the folder's
    /// cache answers what a full reading does, there and `later` seconds on (or cannot answer).
    static func unchanged(_ folder: String, text: [UInt8], window: Range<Instant>, later: Int64, fake: Int64) throws {
        let files = LocalCalendars.itemFiles(folder)
        for w in [window, (window.lowerBound + later)..<(window.upperBound + later)] {
            let answer = CachedFolderReader(zone: moscow, floating: nil).readNamed(
                folder, changed: [], window: w, cache: text, context: "n", now: Int64(fake + 100) * 1_000_000_000)
            if let answer { expectEqual(answer.reading, fullRead(files, window: w), "unchanged") }
        }
    }

    @Test("a file changed within the racy window is read again though its stamp is equal")
    func racy() throws {
        let folder = try TemporaryFolder()
        var fake: Int64 = 2_000_000_000
        let file = folder.path + "/a.ics"
        try folder.write("a.ics", Self.event(uid: "a", summary: "First", at: "20261105T100000Z"), mtime: &fake)
        var cache = ReminderCache(context: "t")
        let window = Self.start..<(Self.start + 30 * 86_400)
        let reader = CachedFolderReader(zone: Self.moscow, floating: nil)
        let clock = (fake - 1) * 1_000_000_000  // read within a second of the write
        _ = reader.read([file], window: window, cache: &cache, now: clock)
        #expect(cache.entries["a.ics"]?.volatile == true)
        // Written again within the same tick: same size, and (as the kernel's coarse clock can
        // leave them) the same stamp.
        try folder.write("a.ics", Self.event(uid: "a", summary: "Other", at: "20261105T100000Z"), mtime: &fake, reuse: true)
        cache.entries["a.ics"]?.stamp = try #require(CalendarFileStamp(path: file))
        let later = clock + 5_000_000_000
        #expect(reader.read([file], window: window, cache: &cache, now: later).reminders.map(\.reminder.summary) == ["Other"])
        let third = reader.read([file], window: window, cache: &cache, now: later)
        #expect(third.filesRead == 0 && third.reminders.map(\.reminder.summary) == ["Other"])
    }

    @Test("a damaged, foreign or planted cache file is an empty cache, and a planted link is replaced, not followed")
    func damaged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/c.cache"
        var cache = ReminderCache(context: "ctx")
        cache.entries["x.ics"] = CachedReading(
            stamp: CalendarFileStamp(device: 1, inode: 2, size: 3, modified: 4, statusChanged: 5),
            window: Self.start..<(Self.start + 10), unreadable: false, volatile: false, otherActions: 1,
            reminders: [Self.reminder(summary: "tab\there\nand\\line")])
        cache.save(path)
        #expect(ReminderCache.load(path, context: "ctx") == cache)
        #expect(ReminderCache.load(path, context: "other").entries.isEmpty)
        let text = try #require(ReminderCache.bytes(path))
        for cut in [1, text.count / 2, text.count - 1] {
            try folder.writeRaw("c.cache", Array(text.prefix(cut)))
            #expect(ReminderCache.load(path, context: "ctx").entries.isEmpty, "cut at \(cut)")
        }
        try folder.writeRaw("c.cache", Array("garbage\n\u{0}\u{1}".utf8))
        #expect(ReminderCache.load(path, context: "ctx").entries.isEmpty)
        // A link planted in the cache's place: not read through, and replaced by the next save.
        let target = folder.path + "/target"
        cache.save(target)
        unlink(path)
        #expect(symlink(target, path) == 0)
        #expect(ReminderCache.load(path, context: "ctx").entries.isEmpty)
        let before = try #require(ReminderCache.bytes(target))
        ReminderCache(context: "ctx").save(path)
        #expect(ReminderCache.bytes(target) == before, "the link target was written")
        var st = stat()
        #expect(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
    }

    @Test("the window moving re-reads only what can repeat")
    func windowMoves() throws {
        let folder = try TemporaryFolder()
        var fake: Int64 = 3_000_000_000
        try folder.write("once.ics", Self.event(uid: "o", summary: "Once", at: "20261220T100000Z"), mtime: &fake)
        try folder.write("weekly.ics", Self.event(uid: "w", summary: "Weekly", at: "20261102T100000Z", rule: "FREQ=WEEKLY"), mtime: &fake)
        try folder.write("none.ics", Self.event(uid: "n", summary: "No alarm", at: "20261102T100000Z", alarm: false), mtime: &fake)
        var cache = ReminderCache(context: "t")
        let reader = CachedFolderReader(zone: Self.moscow, floating: nil)
        let files = LocalCalendars.itemFiles(folder.path)
        let clock = (fake + 100) * 1_000_000_000
        #expect(reader.read(files, window: Self.start..<(Self.start + 7 * 86_400), cache: &cache, now: clock).filesRead == 3)
        let day = Self.start + 86_400
        #expect(reader.read(files, window: day..<(day + 7 * 86_400), cache: &cache, now: clock).filesRead == 0)
        let later = Self.start + 8 * 86_400
        let moved = reader.read(files, window: later..<(later + 7 * 86_400), cache: &cache, now: clock)
        #expect(moved.filesRead == 1 && moved.reminders.map(\.reminder.summary) == ["Weekly"])
        let month = Self.start + 60 * 86_400
        let far = reader.read(files, window: month..<(month + 7 * 86_400), cache: &cache, now: clock)
        #expect(far.filesRead == 1 && far.reminders.map(\.reminder.summary) == ["Weekly"])
    }
}
