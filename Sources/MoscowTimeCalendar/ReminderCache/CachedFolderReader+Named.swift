// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

extension CachedFolderReader {
    /// `read`, for a folder whose watcher named the files that changed since its cache was written
    /// (`names`: file names, none when nothing changed): the cache's summary answers for every
    /// other file without it being looked at; the named files and those whose reading is volatile
    /// are looked at, and read when their stamp changed. A name that is not an item, did not
    /// change or is gone costs a look, nothing else. nil when the cache cannot answer so (damaged,
    /// no summary, the window beyond the one it holds): the caller reads the folder. With the
    /// reading, the cache's new text when it changed (the other files' blocks copied as they were).
    public func readNamed(
        _ folder: String, changed names: Set<String>, window: Range<Instant>, cache bytes: [UInt8], context: String,
        now: Int64 = CalendarFileStamp.realNanoseconds()
    ) -> (reading: FolderReading, cache: [UInt8]?)? {
        guard let text = ReminderCacheBlocks(bytes, context: context) else { return nil }
        let look = names.filter(LocalCalendars.isItemName).union(text.summary.volatile)
        if look.isEmpty { return text.summary.reading(folder, over: window).map { ($0, nil) } }
        guard let blocks = text.blocks() else { return nil }
        var base = text.summary
        var fresh: [String: CachedReading] = [:]
        var answers: [String: ArraySlice<CalendarReminder>] = [:]
        var (filesRead, removed) = (0, false)
        for name in look.sorted() {
            let previous = blocks[name].flatMap(text.entry)
            guard blocks[name] == nil || previous != nil else { return nil }
            if let p = previous, !p.volatile, !p.unreadable { base.otherActions -= p.otherActions }
            guard let stamp = CalendarFileStamp(path: folder + "/" + name) else {
                removed = removed || previous != nil
                continue
            }
            if let p = previous, p.answers(window, stamp: stamp) {
                (fresh[name], answers[name]) = (p, p.reminders(in: window))
            } else {
                let (entry, exact) = read(folder + "/" + name, stamp: stamp, window: window, now: now)
                (fresh[name], answers[name]) = (entry, exact.map { ArraySlice($0) } ?? entry.reminders(in: window))
                filesRead += 1
            }
        }
        base.reminders.removeAll { look.contains($0.file) }
        base.unreadable.removeAll(where: look.contains)
        base.volatile = []
        guard let summary = base.merging(fresh), var out = summary.reading(folder, over: window) else { return nil }
        (out.filesRead, out.filesLooked) = (filesRead, look.count)
        for (name, e) in fresh.sorted(by: { $0.key < $1.key }) where e.volatile {
            if e.unreadable {
                out.unreadable.append(folder + "/" + name)
            } else {
                out.otherActions += e.otherActions
                out.reminders += (answers[name] ?? []).map { FolderReminder($0, file: folder + "/" + name) }
            }
        }
        guard filesRead > 0 || removed else { return (out, nil) }
        let kept = blocks.filter { !look.contains($0.key) }.map(\.value)
        return (out, text.encode(summary, keeping: kept, entries: fresh.sorted { $0.key < $1.key }))
    }
}
