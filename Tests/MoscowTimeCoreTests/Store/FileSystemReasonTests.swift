// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The file system's reasons are catalogue messages: the common errnos are named in the reader's
/// language, and only an errno without a name of its own keeps the system's text, quoted.
struct FileSystemReasonTests {
    @Test func commonErrnosAreNamedInRussian() throws {
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        let named: [(Int32, String)] = [
            (EACCES, "доступ запрещён"), (EPERM, "доступ запрещён"), (EROFS, "только для чтения"), (ENOSPC, "диск заполнен"),
            (EDQUOT, "квота исчерпана"), (ELOOP, "символических ссылок"), (ENOENT, "нет такого файла или папки"),
            (ENOTDIR, "не папка"), (EIO, "ошибка ввода-вывода"), (EMFILE, "слишком много файлов"), (ENOLCK, "блокировки недоступны"),
        ]
        for (code, says) in named {
            let text = FileSystemReason.errno(code).text(ru)
            #expect(text.contains(says) && !text.contains(String(cString: strerror(code))), "\(code): \(text)")
        }
        // No name of its own: the number and the system's text, quoted, inside a Russian sentence.
        let other = FileSystemReason.errno(EPROTO).text(ru)
        #expect(other == "системная ошибка \(EPROTO) («\(String(cString: strerror(EPROTO)))»)")
    }

    @Test func storeErrorsFromTheFileSystemReadInRussian() throws {
        let ru = Localizer(.ru, catalogue: try MessageCatalogueTests.russian())
        let dir = ScratchDirectory("reason")
        let store = DocumentStore(paths: StorePaths(dataDirectory: dir.path, stateDirectory: dir.path + "/state"))
        let fifo = store.paths.document
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect { try store.load() } throws: { error in
            guard let e = error as? StoreError else { return false }
            return e.message(in: ru)
                == "не удаётся прочитать \(fifo): это именованный канал (FIFO), а не обычный файл; уберите его или замените настоящим файлом"
                && e.description
                    == "cannot read \(fifo): it is a named pipe (FIFO), not a regular file; move it away or replace it with the real file"
        }
        let big = dir.path + "/big.json"
        let fd = open(big, O_WRONLY | O_CREAT, 0o600)
        close(fd)
        #expect(truncate(big, 3 << 20) == 0)
        #expect { try FileSystem.read(big, limit: 1 << 20) } throws: { error in
            (error as? FileSystem.Failure)?.reason.text(ru) == "его размер — 3145728 байт, больше допустимых 1048576 байт"
        }
    }
}
