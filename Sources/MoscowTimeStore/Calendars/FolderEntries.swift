// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// A folder's entries in `readdir`'s order, hidden ones (vdirsyncer's temporary files start with a
/// dot) skipped, each name seen as its bytes: telling a collection from another folder stops at
/// its first calendar file, and counting its items sorts and copies nothing (every reading of the
/// reminded calendars discovers them again; docs/REMINDERS.md, "Cost").
enum FolderEntries {
    /// Calls `body` with each name until it returns false.
    static func visit(_ folder: String, _ body: (UnsafeRawBufferPointer) -> Bool) {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let goOn = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                return name.first == UInt8(ascii: ".") || body(name)
            }
            if !goOn { return }
        }
    }

    /// Whether one of the names passes `test`; the listing stops there.
    static func contains(_ folder: String, where test: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var found = false
        visit(folder) { name in
            found = test(name)
            return !found
        }
        return found
    }

    /// How many of the names pass `test`.
    static func count(_ folder: String, where test: (UnsafeRawBufferPointer) -> Bool) -> Int {
        var n = 0
        visit(folder) { name in
            if test(name) { n += 1 }
            return true
        }
        return n
    }

    /// A calendar object's file (`*.ics`; hidden ones are skipped before).
    static func isItem(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count >= 4 && name.suffix(4).elementsEqual(".ics".utf8)
    }

    /// What makes a folder a collection: an item, or vdirsyncer's `displayname`.
    static func marksCollection(_ name: UnsafeRawBufferPointer) -> Bool {
        isItem(name) || name.elementsEqual("displayname".utf8)
    }
}
