// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A cache's text split by file, for a reading told which files changed
/// (`CachedFolderReader.readNamed`): the summary decoded, each file's block found by its name
/// alone, only the named ones decoded, and the text written back with the others' blocks copied
/// as they were — a change costs the files it names, not the folder's thousands of entries.
struct ReminderCacheBlocks {
    typealias Coding = ReminderCacheCoding
    let bytes: [UInt8]
    let context: String
    let summary: FolderSummary
    /// Where the files' blocks begin, after the summary.
    let filesStart: Int

    init?(_ bytes: [UInt8], context: String) {
        var lines = Coding.Lines(bytes)
        guard bytes.last == UInt8(ascii: "\n"), let head = lines.next(), head.elementsEqual(Coding.header(context).utf8.dropLast()),
            let first = lines.next(), let summary = Coding.summary(Coding.fields(first), &lines)
        else { return nil }
        (self.bytes, self.context, self.summary, filesStart) = (bytes, context, summary, lines.start)
    }

    /// Each file's block by its name; nil when one is cut short or a name is there twice.
    func blocks() -> [String: Range<Int>]? {
        var lines = Coding.Lines(bytes)
        lines.start = filesStart
        var out: [String: Range<Int>] = [:]
        let tab = UInt8(ascii: "\t")
        while let line = lines.next() {
            let begin = line.startIndex
            guard line.first == UInt8(ascii: "F"), let a = line.firstIndex(of: tab), let b = line[(a + 1)...].firstIndex(of: tab),
                let last = line.lastIndex(of: tab), let n = Int(Coding.text(line[(last + 1)...])), n >= 0
            else { return nil }
            for _ in 0..<n { guard lines.next() != nil else { return nil } }
            let name = Coding.unescape(Coding.text(line[(a + 1)..<b]))
            guard out.updateValue(begin..<lines.start, forKey: name) == nil else { return nil }
        }
        return out
    }

    /// The reading a block holds; nil when it is damaged.
    func entry(_ block: Range<Int>) -> CachedReading? {
        var lines = Coding.Lines(bytes)
        lines.start = block.lowerBound
        guard let first = lines.next(), let (_, entry) = Coding.block(Coding.fields(first), &lines), lines.start == block.upperBound
        else { return nil }
        return entry
    }

    /// The text with `summary`, the blocks `kept` as they were, and `entries` encoded.
    func encode(_ summary: FolderSummary, keeping kept: [Range<Int>], entries: [(String, CachedReading)]) -> [UInt8] {
        var out = Array((Coding.header(context) + Coding.encode(summary)).utf8)
        out.reserveCapacity(bytes.count + 4_096)
        for block in kept.sorted(by: { $0.lowerBound < $1.lowerBound }) { out.append(contentsOf: bytes[block]) }
        for (name, entry) in entries { out.append(contentsOf: Coding.encode(name, entry).utf8) }
        return out
    }
}
