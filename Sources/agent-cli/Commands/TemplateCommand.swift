// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct TemplateCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "template",
            abstract: t("Ready-made alarms and habits: workday wake-up, medication, water, Pomodoro…"),
            discussion: t(
                "Examples:\n  agent-cli template list\n  agent-cli template show pomodoro\n  agent-cli template apply workday-wakeup --at 6:45\nA template whose alarm or habit names are already in use is refused: nothing is created."
            ),
            subcommands: [TemplateListCommand.self, TemplateShowCommand.self, TemplateApplyCommand.self],
            defaultSubcommand: TemplateListCommand.self)
    }
}

struct TemplateListCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "list", abstract: t("List the templates.")) }
    @Flag(name: .long, help: t("Stable machine-readable output.")) var json = false

    func run() throws {
        let env = TemplateEnvironment.make()
        let templates = try env.library().all()
        if json {
            Output.line(JSONWriter.pretty(.array(templates.map(env.json))).trimmingTrailingNewline)
            return
        }
        let t = env.t
        var table = TextTable(header: [t("TEMPLATE"), t("NAME"), t("ALARMS"), t("HABITS")])
        for tpl in templates {
            table.add([tpl.id, tpl.name.text(t.language), String(tpl.alarms.count), String(tpl.habits.count)])
        }
        Output.write(table.render())
    }
}

struct TemplateShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: t("Show what a template creates."))
    }
    @Argument(
        help: t("Template name (see agent-cli template list), in English or Russian.", value: N_("name")),
        completion: Completions.of(.template)) var name: String
    @Option(name: .long, help: t("Show the times moved so that the first one is HH:MM.", value: N_("time")), transform: TimeParser.parse)
    var at: TimeOfDay?
    @Flag(name: .long, help: t("Stable machine-readable output.")) var json = false

    func run() throws {
        let env = TemplateEnvironment.make()
        let at = self.at
        let tpl = try env.find(name)
        if json {
            Output.line(JSONWriter.pretty(env.json(tpl)).trimmingTrailingNewline)
            return
        }
        let t = env.t
        let lang = t.language
        let app = TemplateApplication(template: tpl, language: lang, zone: env.zone, now: env.now, at: at)
        let made = app.build(for: StoreDocument())
        var out = "\(tpl.id) — \(tpl.name.text(lang))\n\(tpl.description.text(lang))\n"
        if !made.alarms.isEmpty {
            out += "\n" + t("Alarms:") + "\n"
            var table = TextTable(header: [t("TIME"), t("REPEAT"), t("LABEL")])
            for (spec, a) in zip(tpl.alarms, made.alarms) {
                let time: String
                let repeatText: String
                if case .after(let d) = spec.when, at == nil {
                    time = "+" + DurationParser.format(d)
                    repeatText = t("Timer {duration}", ["duration": DurationParser.format(d)])
                } else {
                    time = ScheduleText.time(a.schedule, zone: env.zone)
                    repeatText = ScheduleText.summary(a.schedule, t, zone: env.zone, holidays: env.holidays)
                }
                table.add([time, repeatText, a.label])
            }
            out += indent(table.render())
        }
        if !made.habits.isEmpty {
            out += "\n" + t("Habits:") + "\n"
            var table = TextTable(header: [t("NAME"), t("FREQUENCY"), t("GOAL"), t("REMINDERS")])
            for h in made.habits {
                table.add([h.name, HabitText.frequency(h.frequency, t), HabitText.goal(h.kind) ?? "—", HabitText.reminders(h.reminders)])
            }
            out += indent(table.render())
        }
        Output.write(out)
    }

    func indent(_ s: String) -> String { s.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n" }
}

struct TemplateApplyCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "apply", abstract: t("Create a template's alarms and habits."),
            discussion: t(
                "With --at, the template's first time becomes HH:MM and the others keep their distance from it; countdowns (Pomodoro) start at the next HH:MM instead of now."
            ))
    }
    @Argument(
        help: t("Template name (see agent-cli template list), in English or Russian.", value: N_("name")),
        completion: Completions.of(.template)) var name: String
    @Option(
        name: .long, help: t("Move the template's times so that the first one is HH:MM.", value: N_("time")), transform: TimeParser.parse)
    var at: TimeOfDay?
    @Flag(name: .long, help: t("Print the created alarms and habits as JSON.")) var json = false

    func run() throws {
        let env = TemplateEnvironment.make()
        // Validate everything before the store is touched.
        let at = self.at
        let tpl = try env.find(name)
        let ctx = try CLIContext()
        let result = try ctx.store.update {
            doc -> (alarms: [Alarm], habits: [Habit], zone: Zone, t: Localizer, calendar: WorkingCalendar) in
            let zone = try ctx.zone(doc.settings)
            let t = ctx.localizer(doc.settings)
            let app = TemplateApplication(template: tpl, language: t.language, zone: zone, now: ctx.now, at: at)
            do {
                let made = try app.apply(to: &doc)
                return (made.alarms, made.habits, zone, t, doc.workingCalendar)
            } catch let error as TemplateClashError {
                throw Self.refusal(error, template: tpl.id, t)
            }
        }
        let t = result.t
        defer { AgentStarter.ensureRunning(ctx, t) }
        let p = AlarmPresenter(zone: result.zone, t: t, now: ctx.now, state: AgentState(), calendar: result.calendar)
        if json {
            Output.line(JSONWriter.pretty(Self.json(tpl.id, alarms: result.alarms, habits: result.habits, p)).trimmingTrailingNewline)
            return
        }
        Output.line(
            t(
                "Applied template \"{template}\": {alarms} alarm(s), {habits} habit(s).",
                ["template": tpl.name.text(t.language), "alarms": String(result.alarms.count), "habits": String(result.habits.count)]))
        for a in result.alarms {
            let next = p.nextRing(a).map(p.whenText) ?? "—"
            Output.line(
                "  "
                    + t(
                        "alarm {id} \"{label}\": {summary} at {time}; next ring {next}",
                        [
                            "id": a.id, "label": a.label, "summary": p.summary(a),
                            "time": ScheduleText.time(a.schedule, zone: result.zone), "next": next,
                        ]))
        }
        for h in result.habits {
            Output.line(
                "  "
                    + t(
                        "habit {id} \"{name}\": {frequency}",
                        ["id": h.id, "name": h.name, "frequency": HabitText.frequency(h.frequency, t)]))
        }
    }

    /// `template apply --json`: what was created.
    static func json(_ template: String, alarms: [Alarm], habits: [Habit], _ p: AlarmPresenter) -> JSONValue {
        .object([
            ("template", .string(template)),
            ("alarms", .array(alarms.map(p.json))),
            ("habits", .array(habits.map { (h: Habit) -> JSONValue in .object([("id", .string(h.id)), ("name", .string(h.name))]) })),
        ])
    }

    /// A template whose alarms or habits clash with the user's, by name: nothing was created.
    static func refusal(_ error: TemplateClashError, template: String, _ t: Localizer) -> InputError {
        let names = error.clashes.map { (c: TemplateApplication.Clash) -> String in
            c.kind == .alarm
                ? t("alarm \"{name}\" ({id})", ["name": c.name, "id": c.existingID])
                : t("habit \"{name}\" ({id})", ["name": c.name, "id": c.existingID])
        }
        return InputError(
            t(
                "template \"{template}\" was not applied: you already have {names}. Remove or rename them first; nothing was created.",
                ["template": template, "names": names.joined(separator: ", ")]))
    }
}

/// What the template commands share: the library, the user's language and zone (store optional).
struct TemplateEnvironment {
    let t: Localizer
    let zone: Zone
    let holidays: HolidayCountry
    let now: Instant
    let environment: [String: String]

    static func make() -> TemplateEnvironment {
        let env = Environment.current
        let settings = (try? DocumentStore(paths: StorePaths.fromEnvironment(env)).load())?.settings ?? Settings()
        let zone = Zone(identifier: settings.zone) ?? Zone(identifier: Zone.moscowIdentifier)!
        let now = (try? CLIContext.clockOverride(env)) ?? nil
        return TemplateEnvironment(
            t: Localizer(Language.resolve(setting: settings.language, environment: env)),
            zone: zone, holidays: settings.holidays, now: now ?? SystemWallClock().now(), environment: env)
    }

    func library() throws -> TemplateLibrary {
        let lib = TemplateLibrary.standard(environment: environment)
        guard lib.directory != nil else {
            throw CLIFailure(
                message: t("no templates found (looked in {dirs}); set MOSCOWTIME_DATADIR", ["dirs": lib.searched.joined(separator: ", ")]),
                status: .failure)
        }
        return lib
    }

    func find(_ name: String) throws -> Template {
        let lib = try library()
        let found: Template?
        found = try lib.find(name)
        guard let found else {
            throw InputError(
                t(
                    "no template \"{name}\": choose one of {names} (agent-cli template list)",
                    ["name": name, "names": lib.ids().joined(separator: ", ")]))
        }
        return found
    }

    func json(_ tpl: Template) -> JSONValue {
        func text(_ l: LocalizedText) -> JSONValue { .object([("en", .string(l.en)), ("ru", .string(l.ru))]) }
        return .object([
            ("id", .string(tpl.id)),
            ("name", .string(tpl.name.text(t.language))),
            ("names", text(tpl.name)),
            ("description", .string(tpl.description.text(t.language))),
            (
                "alarms",
                .array(
                    tpl.alarms.map { a in
                        var m: [(String, JSONValue)] = [("label", .string(a.label.text(t.language)))]
                        switch a.when {
                        case .days(.weekdays(let days), let time):
                            m += [("time", .string(time.description)), ("days", .array(days.sorted().map { .int($0.rawValue) }))]
                        case .days(.workingDays, let time):
                            m += [("time", .string(time.description)), ("days", .string("workdays"))]
                        case .everyNDays(let n, let time): m += [("time", .string(time.description)), ("every", .int(n))]
                        case .after(let d): m.append(("afterSeconds", .int(Int(d))))
                        }
                        return .object(m)
                    })
            ),
            (
                "habits",
                .array(
                    tpl.habits.map { h in
                        .object([
                            ("name", .string(h.name.text(t.language))), ("frequency", .string(h.frequency.key)),
                            ("reminders", .array(h.reminders.map { .string($0.description) })),
                        ])
                    })
            ),
        ])
    }
}
