// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

struct AutostartCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "autostart",
            abstract: t("Start the agent with your desktop session, or stop doing so (for you only)."),
            discussion: t(
                "Where systemd runs your session (systemctl --user answers), this enables the user unit moscowtime-agent.service, bound to graphical-session.target; elsewhere it writes the XDG autostart entry $XDG_CONFIG_HOME/autostart/org.moscowtime.Agent.desktop (default ~/.config). The entry starts the moscowtime-agent installed beside this agent-cli.\nIf the installed unit runs another binary, a unit of your own is written to $XDG_CONFIG_HOME/systemd/user/ and removed again by disable."
            ),
            subcommands: [AutostartStatusCommand.self, AutostartEnableCommand.self, AutostartDisableCommand.self],
            defaultSubcommand: AutostartStatusCommand.self)
    }
}

struct AutostartOptions: ParsableArguments {
    @Option(name: .long, help: t("auto (default: systemd when systemd --user runs, else xdg), systemd or xdg.", value: N_("method")))
    var method = ChoiceArgument<AutostartMethodChoice>(.auto)

    func validate() throws { _ = try method.choice() }
}

struct AutostartEnableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "enable", abstract: t("Start the agent when you log in."))
    }
    @OptionGroup var options: AutostartOptions
    func run() throws { try Autostart.make(options).enable() }
}

struct AutostartDisableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "disable", abstract: t("Do not start the agent when you log in."))
    }
    @OptionGroup var options: AutostartOptions
    func run() throws { try Autostart.make(options).disable() }
}

struct AutostartStatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "status", abstract: t("Say whether and how the agent starts with your session."))
    }
    @OptionGroup var options: AutostartOptions
    @Flag(name: .long, help: t("Machine-readable: enabled, method, file, exec, state.")) var json = false
    func run() throws { try Autostart.make(options).status(json: json) }
}

/// The autostart logic for one user: which mechanism, which files, what to say.
struct Autostart {
    enum Method: String { case systemd, xdg }

    let method: Method
    let env: [String: String]
    let t: Localizer
    let systemd: SystemdUser
    /// The moscowtime-agent beside this agent-cli (resolved path), nil when there is none.
    let agentPath: String?

    static func make(_ options: AutostartOptions) throws -> Autostart {
        let env = Environment.current
        let requested = try options.method.choice().rawValue
        // The language setting, if the store is readable; autostart works without a store.
        let settings = (try? DocumentStore(paths: StorePaths.fromEnvironment(env)).load())?.settings ?? Settings()
        let t = Localizer(Language.resolve(setting: settings.language, environment: env))
        let systemd = SystemdUser(environment: env)
        let method: Method
        switch requested {
        case "systemd":
            guard systemd.isAvailable else {
                throw CLIFailure(message: t("systemd --user is not running for this session: use --method xdg"), status: .failure)
            }
            method = .systemd
        case "xdg": method = .xdg
        default: method = systemd.isAvailable ? .systemd : .xdg
        }
        let agent = ResourceLocator.executableDirectory().map { $0 + "/moscowtime-agent" }
        return Autostart(
            method: method, env: env, t: t, systemd: systemd,
            agentPath: agent.flatMap { Files.isExecutable($0) ? $0 : nil })
    }

    func requireAgent() throws -> String {
        guard let agentPath else {
            let dir = ResourceLocator.executableDirectory() ?? "?"
            throw CLIFailure(message: t("moscowtime-agent is not installed beside agent-cli (in {dir})", ["dir": dir]), status: .failure)
        }
        return agentPath
    }

    // MARK: status

    struct State {
        var enabled: Bool
        var file: String?
        var exec: String?
        /// systemd: the unit file state; xdg: user, system or none.
        var state: String
    }

    func currentState() -> State {
        switch method {
        case .systemd:
            let info = systemd.info(AutostartFiles.unitName)
            let exec = Files.read(info.fragmentPath).flatMap { AutostartFiles.value("ExecStart", in: $0) }
                .map(AutostartFiles.executable(ofExec:))
            return State(
                enabled: info.state.hasPrefix("enabled"), file: info.fragmentPath.isEmpty ? nil : info.fragmentPath,
                exec: exec, state: info.state.isEmpty ? "not-found" : info.state)
        case .xdg:
            let user = AutostartFiles.userDesktopPath(env)
            let candidates = [(user, "user")] + AutostartFiles.systemDesktopPaths(env).map { ($0, "system") }
            for (path, kind) in candidates {
                guard let text = Files.read(path) else { continue }
                let hidden =
                    AutostartFiles.isTrue(AutostartFiles.value("Hidden", in: text))
                    || AutostartFiles.value("X-GNOME-Autostart-enabled", in: text) == "false"
                let exec = AutostartFiles.value("Exec", in: text).map(AutostartFiles.executable(ofExec:))
                return State(enabled: !hidden, file: path, exec: exec, state: kind)
            }
            return State(enabled: false, file: nil, exec: nil, state: "none")
        }
    }

    func status(json: Bool) throws {
        let s = currentState()
        if json {
            Output.line(
                JSONWriter.pretty(
                    .object([
                        ("enabled", .bool(s.enabled)), ("method", .string(method.rawValue)),
                        ("file", .optional(s.file)), ("exec", .optional(s.exec)), ("state", .string(s.state)),
                    ])
                ).trimmingTrailingNewline)
            return
        }
        Output.line(s.enabled ? t("Autostart is enabled.") : t("Autostart is disabled."))
        switch method {
        case .systemd:
            Output.line(t("Method: systemd user unit {unit} (state: {state})", ["unit": AutostartFiles.unitName, "state": s.state]))
        case .xdg:
            Output.line(t("Method: XDG autostart entry (no systemd user session here)"))
        }
        if let file = s.file { Output.line(t("File: {path}", ["path": file])) }
        if let exec = s.exec { Output.line(t("Starts: {path}", ["path": exec])) }
        if s.enabled, let exec = s.exec, let agentPath, realPath(exec) != realPath(agentPath) {
            Output.line(
                t("Note: this agent-cli belongs to {path}; run agent-cli autostart enable to start that one instead.", ["path": agentPath]))
        }
    }

    // MARK: enable

    func enable() throws {
        let agent = try requireAgent()
        switch method {
        case .xdg:
            let path = AutostartFiles.userDesktopPath(env)
            try Files.writeAtomically(AutostartFiles.desktopEntry(agentPath: agent), to: path)
            Output.line(t("Autostart enabled: {path} starts {agent} when you log in (XDG autostart).", ["path": path, "agent": agent]))
        case .systemd:
            let unit = AutostartFiles.unitName
            var info = systemd.info(unit)
            if info.state.hasPrefix("masked") {
                try systemd.change(["unmask", unit])
                info = systemd.info(unit)
            }
            let runs = Files.read(info.fragmentPath).flatMap { AutostartFiles.value("ExecStart", in: $0) }
                .map(AutostartFiles.executable(ofExec:))
            var written: String?
            if info.fragmentPath.isEmpty || runs.map(realPath) != realPath(agent) {
                let path = AutostartFiles.userUnitPath(env)
                if let existing = Files.read(path), !existing.contains(AutostartFiles.unitMarker) {
                    throw CLIFailure(
                        message: t(
                            "{path} exists and was not written by agent-cli: remove it or point its ExecStart= at {agent}",
                            ["path": path, "agent": agent]), status: .failure)
                }
                let before = Files.read(path)
                try Files.writeAtomically(AutostartFiles.unit(agentPath: agent), to: path)
                do { try systemd.change(["daemon-reload"]) } catch {
                    try? restore(path, before)
                    throw error
                }
                written = path
            }
            do { try systemd.change(["enable", unit]) } catch {
                if let written {
                    try? restore(written, nil)
                    _ = systemd.run(["daemon-reload"])
                }
                throw error
            }
            let file = written ?? info.fragmentPath
            Output.line(
                t(
                    "Autostart enabled: the systemd user unit {unit} ({path}) starts {agent} with your graphical session.",
                    ["unit": unit, "path": file, "agent": agent]))
        }
    }

    private func restore(_ path: String, _ content: String?) throws {
        if let content { try Files.writeAtomically(content, to: path) } else { try Files.remove(path) }
    }

    // MARK: disable

    func disable() throws {
        switch method {
        case .xdg:
            let path = AutostartFiles.userDesktopPath(env)
            if let system = AutostartFiles.systemDesktopPaths(env).first(where: Files.exists) {
                // A system-wide entry exists: the spec's way to switch it off for one user.
                let agent =
                    agentPath ?? Files.read(system).flatMap { AutostartFiles.value("Exec", in: $0) }
                    .map(AutostartFiles.executable(ofExec:)) ?? "moscowtime-agent"
                try Files.writeAtomically(AutostartFiles.desktopEntry(agentPath: agent, hidden: true), to: path)
                Output.line(
                    t(
                        "Autostart disabled: {path} hides the system-wide entry {system} (XDG autostart).",
                        ["path": path, "system": system]))
            } else if Files.exists(path) {
                try Files.remove(path)
                Output.line(t("Autostart disabled: removed {path} (XDG autostart).", ["path": path]))
            } else {
                Output.line(t("Autostart was not enabled: there is no {path} (XDG autostart).", ["path": path]))
            }
        case .systemd:
            let unit = AutostartFiles.unitName
            let info = systemd.info(unit)
            if info.fragmentPath.isEmpty {
                Output.line(t("Autostart was not enabled: there is no systemd user unit {unit}.", ["unit": unit]))
                return
            }
            if info.state.hasPrefix("masked") {
                Output.line(t("Autostart was already disabled: {unit} is masked for you.", ["unit": unit]))
                return
            }
            try systemd.change(["disable", unit])
            let own = AutostartFiles.userUnitPath(env)
            if let text = Files.read(own), text.contains(AutostartFiles.unitMarker) {
                try Files.remove(own)
                try systemd.change(["daemon-reload"])
            }
            if systemd.info(unit).state.hasPrefix("enabled") {
                // Enabled for every user (/etc/systemd/user): only a mask switches it off for one user.
                try systemd.change(["mask", unit])
                Output.line(
                    t(
                        "Autostart disabled: {unit} is enabled for all users, so it is now masked for you (agent-cli autostart enable undoes this).",
                        ["unit": unit]))
            } else {
                Output.line(t("Autostart disabled: the systemd user unit {unit} no longer starts with your session.", ["unit": unit]))
            }
        }
    }

    func realPath(_ path: String) -> String {
        guard let p = realpath(path, nil) else { return path }
        defer { free(p) }
        return String(cString: p)
    }
}
