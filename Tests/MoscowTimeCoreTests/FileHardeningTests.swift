// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Data files opened without surprises: a FIFO is refused at once (no hang), temporary files are
/// exclusive and unpredictable, folders others can write are refused, a symlinked store stays a link.
@Suite(.timeLimit(.minutes(1)))
struct FileHardeningTests {
    typealias D = ScratchDirectory

    func seeded() throws -> (D, DocumentStore) {
        let dir = D("harden")
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 4 }
        return (dir, store)
    }

    @Test func fifoInPlaceOfTheStoreIsRefusedWithoutBlocking() throws {
        let (dir, store) = try seeded()
        unlink(dir.paths.document)
        #expect(mkfifo(dir.paths.document, 0o600) == 0)
        // Nobody writes to the FIFO: a blocking open would hang here until the time limit.
        #expect { try store.load() } throws: { e in
            let text = (e as? StoreError)?.description ?? ""
            return text.contains(dir.paths.document) && text.contains("named pipe (FIFO)") && !text.contains("\n")
        }
        #expect(throws: StoreError.self) { try store.update { $0.settings.snoozeMinutes = 9 } }
        var st = stat()
        #expect(lstat(dir.paths.document, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO, "left as it was")
    }

    @Test func fifoInPlaceOfTheAgentStateOrTheLockIsRefused() throws {
        let (dir, store) = try seeded()
        D.makeDirectories(dir.paths.stateDirectory)
        #expect(mkfifo(dir.paths.agentState, 0o600) == 0)
        #expect { try AgentStateStore(paths: dir.paths).load() } throws: {
            ($0 as? StoreError)?.description.contains("named pipe") == true
        }
        unlink(dir.paths.lock)
        #expect(mkfifo(dir.paths.lock, 0o600) == 0)
        #expect { try store.update { $0.settings.snoozeMinutes = 9 } } throws: {
            ($0 as? StoreError)?.description.contains("not a regular file") == true
        }
        #expect(try store.load().settings.snoozeMinutes == 4)
    }

    @Test func devicesAndHugeFilesAreNotRead() throws {
        #expect { try FileSystem.read("/dev/zero") } throws: { ($0 as? FileSystem.Failure)?.message.contains("character device") == true }
        #expect { try FileSystem.read("/tmp") } throws: { ($0 as? FileSystem.Failure)?.message.contains("folder") == true }
        let dir = D("harden")
        let big = dir.path + "/big"
        D.write(big, "x")
        #expect(truncate(big, 2 << 30) == 0)  // sparse 2 GB
        #expect { try FileSystem.read(big) } throws: { ($0 as? FileSystem.Failure)?.message.contains("2147483648 bytes") == true }
    }

    @Test func aSymlinkPlantedAtTheOldTemporaryNameRedirectsNothing() throws {
        let (dir, store) = try seeded()
        // Another user's trap: the predictable name of the old code, pointing at a file the owner can write.
        let victim = dir.path + "/victim"
        D.write(victim, "precious")
        #expect(symlink(victim, dir.paths.document + ".tmp-\(getpid())") == 0)
        #expect(symlink(victim, dir.paths.backup + ".tmp-\(getpid())") == 0)
        try store.update { $0.settings.snoozeMinutes = 6 }
        #expect(D.read(victim) == Array("precious".utf8))
        #expect(try store.load().settings.snoozeMinutes == 6)
    }

    @Test func temporaryNamesAreUnpredictableAndCreatedExclusively() throws {
        let names = Set((0..<50).map { _ in FileSystem.temporaryName(for: "/x/store.json") })
        #expect(names.count == 50)
        #expect(names.allSatisfy { $0.hasPrefix("/x/store.json.tmp-") && $0.count == "/x/store.json.tmp-".count + 16 })
        let dir = D("harden")
        let (fd, path) = try FileSystem.createExclusive(beside: dir.path + "/f")
        close(fd)
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test(arguments: [0o777 as mode_t, 0o770, 0o702])
    func aDataFolderOthersCanWriteIsRefusedWithTheFix(mode: mode_t) throws {
        let (dir, store) = try seeded()
        chmod(dir.paths.dataDirectory, mode)
        if mode == 0o770 {
            // Group-writable counts when the group is not the user's own: root can pick any group,
            // others one of their supplementary groups (without one, this case cannot be set up).
            var groups = [gid_t](repeating: 0, count: 64)
            let n = getgroups(Int32(groups.count), &groups)
            let foreign = geteuid() == 0 ? 65_534 : groups.prefix(Int(max(n, 0))).first { $0 != getegid() }
            guard let foreign else { return }
            try #require(chown(dir.paths.dataDirectory, geteuid(), foreign) == 0)
        }
        let before = D.read(dir.paths.document)
        #expect { try store.update { $0.settings.snoozeMinutes = 9 } } throws: { e in
            let text = (e as? StoreError)?.description ?? ""
            return text.contains("writable by other users") && text.contains("chmod go-w '\(dir.paths.dataDirectory)'")
        }
        #expect(D.read(dir.paths.document) == before)
        chmod(dir.paths.dataDirectory, 0o700)
        try store.update { $0.settings.snoozeMinutes = 9 }
        #expect(try store.load().settings.snoozeMinutes == 9)
    }

    @Test func aFolderWritableOnlyByTheUsersOwnGroupIsAccepted() throws {
        let (dir, store) = try seeded()
        chmod(dir.paths.dataDirectory, 0o770)
        try store.update { $0.settings.snoozeMinutes = 8 }
        #expect(try store.load().settings.snoozeMinutes == 8)
    }

    @Test func aSymlinkedStoreStaysASymlinkAndItsTargetIsWrittenAtomically() throws {
        let dir = D("harden")
        let synced = dir.path + "/Sync"
        D.makeDirectories(synced)
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 4 }
        // The user moves the store into a synced folder and links it back.
        #expect(rename(dir.paths.document, synced + "/store.json") == 0)
        #expect(symlink(synced + "/store.json", dir.paths.document) == 0)
        try store.update { $0.settings.snoozeMinutes = 7 }
        var st = stat()
        #expect(lstat(dir.paths.document, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK, "still a link")
        #expect(String(decoding: D.read(synced + "/store.json")!, as: UTF8.self).contains("\"snoozeMinutes\": 7"))
        #expect(try store.load().settings.snoozeMinutes == 7)
        #expect(D.entries(synced) == ["store.json"], "no temporary file left beside the target")
    }

    @Test func aStoreLinkedIntoAnotherFileSystemStillKeepsItsBackup() throws {
        // /dev/shm is a tmpfs: another file system than /tmp here (checked, not assumed).
        var shm = Array("/dev/shm/mt-backup-XXXXXX".utf8CString)
        guard let made = shm.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            Issue.record("cannot create a folder under /dev/shm")
            return
        }
        let other = String(cString: made)
        defer { D.removeTree(other) }
        let dir = D("harden")
        var a = stat()
        var b = stat()
        #expect(stat(dir.path, &a) == 0 && stat(other, &b) == 0 && a.st_dev != b.st_dev, "two file systems")
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 4 }
        #expect(rename(dir.paths.document, other + "/store.json") != 0 && errno == EXDEV)  // as the user would find
        D.write(other + "/store.json", D.read(dir.paths.document)!)
        #expect(unlink(dir.paths.document) == 0 && symlink(other + "/store.json", dir.paths.document) == 0)
        let v1 = D.read(other + "/store.json")!
        try store.update { $0.settings.snoozeMinutes = 7 }
        #expect(D.read(dir.paths.backup) == v1, "the previous version, copied across")
        #expect(D.mode(dir.paths.backup) == 0o600)
        try store.update { $0.settings.snoozeMinutes = 9 }
        #expect(String(decoding: D.read(dir.paths.backup)!, as: UTF8.self).contains("\"snoozeMinutes\": 7"))
        #expect(try store.load().settings.snoozeMinutes == 9)
        #expect(D.entries(dir.paths.dataDirectory).filter { $0.contains(".tmp-") } == [], "no temporary file left")
    }
}

@Suite struct TerminalTextTests {
    @Test func controlAndEscapeCharactersBecomeVisibleEscapes() {
        #expect(TerminalText.oneLine("a\nb\tc\r") == "a\\nb\\tc\\r")
        #expect(TerminalText.oneLine("\u{1b}[31mred\u{7}") == "\\x1b[31mred\\x07")
        #expect(TerminalText.oneLine("\u{9b}2J \u{7f}") == "\\x9b2J \\x7f")
        #expect(TerminalText.oneLine("x\u{2028}y\u{202e}z") == "x\\u{2028}y\\u{202e}z")
    }

    @Test func ordinaryTextIsKept() {
        for s in ["Подъём 🏃‍♂️", "tab\\slash/ and ✓", "", "\"quoted\""] { #expect(TerminalText.oneLine(s) == s) }
    }
}
