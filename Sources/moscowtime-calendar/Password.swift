// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// The sync password: printed by the account's `--password-command` (first line), never stored by us.
enum Password {
    static func fetch(_ account: SyncAccount) throws(ToolFailure) -> String? {
        guard account.user != nil else { return nil }
        guard let command = account.passwordCommand else {
            guard let p = try SecretStore.lookup(url: account.url, user: account.user!) else {
                throw ToolFailure(
                    "the Secret Service has no password for {user} at {url}: run agent-cli sync setup again",
                    ["user": account.user!, "url": account.url], status: 1)
            }
            return p
        }
        guard let pipe = popen(command, "r") else {
            throw ToolFailure("cannot run the password command: {error}", ["error": String(cString: strerror(errno))], status: 1)
        }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buf, 1, buf.count, pipe)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        let status = pclose(pipe)
        // Killed by a signal: 128 + the signal, as a shell says it (not the 0 of status >> 8).
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard status == 0 else {
            throw ToolFailure(
                "the password command failed (exit status {status}): {command}", ["status": String(code), "command": command], status: 1)
        }
        let line =
            bytes.split(separator: 10, maxSplits: 1, omittingEmptySubsequences: false).first.map { String(decoding: $0, as: UTF8.self) }
            ?? ""
        guard !line.isEmpty else { throw ToolFailure("the password command printed nothing: {command}", ["command": command], status: 1) }
        return line
    }
}

extension Password {
    /// The password typed at `sync setup` (without echo on a terminal), to go to the Secret Service.
    static func read(prompt: String) throws(ToolFailure) -> String {
        let tty = isatty(0) != 0
        var saved = termios()
        if tty {
            ToolOutput.write(prompt, fd: 2)
            tcgetattr(0, &saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSANOW, &quiet)
        }
        defer {
            if tty {
                tcsetattr(0, TCSANOW, &saved)
                ToolOutput.write("\n", fd: 2)
            }
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw ToolFailure("no password given on standard input", status: 2)
        }
        return line
    }
}
