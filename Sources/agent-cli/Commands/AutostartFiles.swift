// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import Glibc
import MoscowTimeStore

/// The files `agent-cli autostart` writes, and where. Pure text and paths: tested by content.
enum AutostartFiles {
    static let unitName = "moscowtime-agent.service"
    static let desktopName = AgentIdentity.desktopEntry + ".desktop"
    /// Marks the files we wrote, so that we only ever overwrite or remove our own.
    static let marker = "X-MoscowTime-Written-By=agent-cli"
    // not UI: a comment in the unit file
    static let unitMarker = "# Written by agent-cli autostart enable; agent-cli autostart disable removes it."

    /// `$XDG_CONFIG_HOME` when absolute (the spec ignores relative values), else `~/.config`.
    static func configHome(_ env: [String: String]) -> String {
        if let v = env["XDG_CONFIG_HOME"], v.hasPrefix("/") { return v }
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.config"
    }

    /// `$XDG_CONFIG_DIRS` (default `/etc/xdg`): where system-wide autostart entries live.
    static func configDirs(_ env: [String: String]) -> [String] {
        let dirs = (env["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return dirs.isEmpty ? ["/etc/xdg"] : dirs
    }

    static func userDesktopPath(_ env: [String: String]) -> String { configHome(env) + "/autostart/" + desktopName }
    static func systemDesktopPaths(_ env: [String: String]) -> [String] { configDirs(env).map { $0 + "/autostart/" + desktopName } }
    static func userUnitPath(_ env: [String: String]) -> String { configHome(env) + "/systemd/user/" + unitName }

    /// The XDG autostart entry that starts `agentPath`, or (`hidden`) the one that switches a
    /// system-wide entry off for this user (the spec's `Hidden=true`).
    /// `X-systemd-skip=true`: where systemd manages the session, the unit starts the agent instead
    /// (systemd-xdg-autostart-generator and gnome-session both honour the key).
    static func desktopEntry(agentPath: String, hidden: Bool = false) -> String {
        var lines = [
            "[Desktop Entry]",  // not UI: file content
            "Type=Application",
            "Name=MoscowTime",
            "Name[ru]=Московское время",
            "Comment=Rings alarms and habit reminders in Moscow time",  // not UI: the .desktop file (translated by desktop environments)
            "Comment[ru]=Будильники и напоминания о привычках по московскому времени",
            "Icon=" + AgentIdentity.iconName,
            "Exec=" + desktopExecQuote(agentPath),
            "Terminal=false",
            "NoDisplay=true",
            "X-systemd-skip=true",
        ]
        if hidden { lines.append("Hidden=true") }
        lines.append(marker)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The user unit that runs `agentPath` with the graphical session (see data/systemd).
    static func unit(agentPath: String) -> String {  // not UI: the unit file
        """
        \(unitMarker)
        [Unit]
        Description=MoscowTime Agent: alarms and habit reminders in Moscow time
        Documentation=man:moscowtime-agent(1) man:agent-cli(1)
        PartOf=graphical-session.target
        After=graphical-session.target

        [Service]
        Type=dbus
        BusName=\(AgentInterface.busName)
        ExecStart=\(systemdExecQuote(agentPath))
        Restart=on-failure
        RestartSec=2s

        [Install]
        WantedBy=graphical-session.target

        """
    }

    /// Desktop Entry spec, "The Exec key": a path with reserved characters is double-quoted, and
    /// inside quotes `"`, `` ` ``, `$` and `\` are backslash-escaped; `%` is always doubled.
    static func desktopExecQuote(_ path: String) -> String {
        let escapedPercent = path.replacingOccurrences("%", "%%")
        let reserved: Set<Character> = [" ", "\t", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]
        guard escapedPercent.contains(where: reserved.contains) else { return escapedPercent }
        var out = "\""
        for c in escapedPercent {
            if c == "\"" || c == "`" || c == "$" || c == "\\" { out += "\\" }
            out.append(c)
        }
        return out + "\""
    }

    /// systemd.service(5) ExecStart=: quote when needed, escape `\` and `"`; `%` → `%%` (specifiers)
    /// and `$` → `$$` (variable expansion).
    static func systemdExecQuote(_ path: String) -> String {
        var s = path.replacingOccurrences("%", "%%").replacingOccurrences("$", "$$")
        if s.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "\\" || $0 == "'" }) {
            s = "\"" + s.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"") + "\""
        }
        return s
    }

    /// The value of `key` in a desktop or unit file's text (first occurrence), nil when absent.
    static func value(_ key: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let l = line.drop { $0 == " " || $0 == "\t" }
            if l.hasPrefix(key + "=") { return String(l.dropFirst(key.count + 1)).trimmingTrailingSpaces }
        }
        return nil
    }

    /// Paths of the executables an `Exec=`/`ExecStart=` value starts (first word, quotes removed;
    /// systemd's `-@:+!` prefixes dropped).
    static func executable(ofExec value: String) -> String {
        var v = Substring(value)
        while let f = v.first, "-@:+!".contains(f) { v = v.dropFirst() }
        if v.first == "\"" {
            var out = ""
            var escaped = false
            for c in v.dropFirst() {
                if escaped {
                    out.append(c)
                    escaped = false
                    continue
                }
                if c == "\\" {
                    escaped = true
                    continue
                }
                if c == "\"" { break }
                out.append(c)
            }
            return out.replacingOccurrences("%%", "%").replacingOccurrences("$$", "$")
        }
        let word = v.prefix { $0 != " " && $0 != "\t" }
        return String(word).replacingOccurrences("%%", "%").replacingOccurrences("$$", "$")
    }

    static func isTrue(_ value: String?) -> Bool { value == "true" }
}

/// The autostart files' reads and writes, through the core's `UserFile` (regular files only,
/// exclusive temporary file, fsync and rename), worded for agent-cli.
enum Files {
    /// The file's text; nil when it is missing or cannot be read.
    static func read(_ path: String) -> String? {
        guard let bytes = try? UserFile.readIfPresent(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func isExecutable(_ path: String) -> Bool { ResourceLocator.isFile(path) && access(path, X_OK) == 0 }

    /// Replaces `path` with `text` atomically, creating its folders (0755; the file 0644).
    static func writeAtomically(_ text: String, to path: String) throws {
        // A StoreError: "cannot write PATH: why; the previous version is unchanged", exit 1.
        try UserFile.writeAtomically(text, to: path, shared: true)
    }

    static func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw CLIFailure(
                "cannot remove {path}: {value}", ["path": path], parts: ["value": FileSystemReason.errno(errno)], status: .failure)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    fileprivate var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
