// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestSupport
import Testing

@testable import MoscowTimeDesktop

@Suite("DirectoryWatcher", .serialized)
@MainActor
struct DirectoryWatcherTests {
    @Test func atomicRenameIntoPlaceTriggersOnce() {
        let base = makeTemporaryDirectory("moscowtime-watch")
        defer { removeTree(base) }
        var changes = 0
        let watcher = DirectoryWatcher(directory: base, fileNames: ["alarms.json"]) { changes += 1 }
        spinMainLoop(seconds: 0.05)

        // The way a careful writer saves: a temporary file in the same directory, then rename(2).
        writeFile("\(base)/.alarms.json.tmp", "{\"alarms\": []}\n")
        let start = monotonicMilliseconds()
        #expect(rename("\(base)/.alarms.json.tmp", "\(base)/alarms.json") == 0)
        #expect(spinMainLoop(seconds: 1) { changes > 0 })
        #expect(monotonicMilliseconds() - start < 1000)
        spinMainLoop(seconds: 0.4)
        #expect(changes == 1)
        withExtendedLifetime(watcher) {}
    }

    @Test func ignoresOtherFiles() {
        let base = makeTemporaryDirectory("moscowtime-watch")
        defer { removeTree(base) }
        var changes = 0
        let watcher = DirectoryWatcher(directory: base, fileNames: ["alarms.json"]) { changes += 1 }
        writeFile("\(base)/notes.txt", "hello")
        writeFile("\(base)/.alarms.json.tmp", "x")
        unlink("\(base)/.alarms.json.tmp")
        spinMainLoop(seconds: 0.5)
        #expect(changes == 0)
        withExtendedLifetime(watcher) {}
    }

    @Test func createsAMissingDirectoryAndWatchesIt() {
        let base = makeTemporaryDirectory("moscowtime-watch")
        defer { removeTree(base) }
        let directory = "\(base)/config/moscowtime"
        var changes = 0
        let watcher = DirectoryWatcher(directory: directory, fileNames: ["settings.json"]) { changes += 1 }
        var info = stat()
        #expect(stat(directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        writeFile("\(directory)/settings.json", "{}")
        #expect(spinMainLoop(seconds: 1) { changes > 0 })
        withExtendedLifetime(watcher) {}
    }

    @Test func survivesTheDirectoryBeingDeletedAndRecreated() {
        let base = makeTemporaryDirectory("moscowtime-watch")
        defer { removeTree(base) }
        let directory = "\(base)/state"
        var changes = 0
        let watcher = DirectoryWatcher(directory: directory, fileNames: ["alarms.json"]) { changes += 1 }
        writeFile("\(directory)/alarms.json", "1")
        #expect(spinMainLoop(seconds: 1) { changes == 1 })

        removeTree(directory)
        #expect(spinMainLoop(seconds: 1) { changes == 2 }, "deleting the directory deletes the file")
        spinMainLoop(seconds: 0.2)
        // The watcher re-created the directory and watches the new one.
        writeFile("\(directory)/alarms.json", "2")
        #expect(spinMainLoop(seconds: 1) { changes == 3 })
        withExtendedLifetime(watcher) {}
    }

    @Test func namesTheFilesThatChangedAndNoneWhenTheDirectoryWent() {
        let base = makeTemporaryDirectory("moscowtime-watch")
        defer { removeTree(base) }
        let directory = "\(base)/calendar"
        #expect(mkdir(directory, 0o700) == 0)
        writeFile("\(directory)/c.ics", "old")
        var names: Set<String> = []
        var unknown = false
        var watcher: DirectoryWatcher?
        watcher = DirectoryWatcher(directory: directory, fileNames: [], everyFile: true) {
            if let changed = watcher?.changedNames { names.formUnion(changed) } else { unknown = true }
        }
        spinMainLoop(seconds: 0.05)
        writeFile("\(directory)/a.ics", "new")
        writeFile("\(directory)/.b.tmp", "renamed into place")
        #expect(rename("\(directory)/.b.tmp", "\(directory)/b.ics") == 0)
        unlink("\(directory)/c.ics")
        #expect(spinMainLoop(seconds: 2) { names.isSuperset(of: ["a.ics", "b.ics", "c.ics"]) }, "\(names)")
        #expect(names.isSubset(of: ["a.ics", ".b.tmp", "b.ics", "c.ics"]), "\(names)")
        #expect(!unknown)
        removeTree(directory)
        #expect(spinMainLoop(seconds: 2) { unknown }, "the directory went: which files changed is not known")
        withExtendedLifetime(watcher) {}
    }
}
