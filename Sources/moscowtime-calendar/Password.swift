// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCore

/// The sync password: printed by the account's `--password-command` (first line), never stored by us.
enum Password {
    static func fetch(_ account: SyncAccount) throws(ToolFailure) -> String? {
        guard account.user != nil else { return nil }
        guard let command = account.passwordCommand else {
            throw ToolFailure("no password source: set one with agent-cli sync setup URL --user NAME --password-command CMD", status: 1)
        }
        guard let pipe = popen(command, "r") else { throw ToolFailure("cannot run the password command: \(String(cString: strerror(errno)))", status: 1) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buf, 1, buf.count, pipe)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        let status = pclose(pipe)
        guard status == 0 else { throw ToolFailure("the password command failed (exit status \(status >> 8)): \(command)", status: 1) }
        let line = bytes.split(separator: 10, maxSplits: 1, omittingEmptySubsequences: false).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard !line.isEmpty else { throw ToolFailure("the password command printed nothing: \(command)", status: 1) }
        return line
    }
}
