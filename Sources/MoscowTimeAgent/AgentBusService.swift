// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import GLibSupport
import MoscowTimeDesktop
import MoscowTimeDomain

/// org.moscowtime.Agent1 on the session bus: status, snooze, stop, pause/resume, reload, quit, and
/// signals for what the alarms do. Thin: every decision is the runner's (and so the engine's).
@MainActor
final class AgentBusService: AgentRunnerObserver {
    private var exporter: DBusObjectExporter?
    private let runner: AgentRunner
    private let status: () -> AgentStatus
    private let quit: () -> Void

    init(connection: BusConnection, runner: AgentRunner, status: @escaping () -> AgentStatus, quit: @escaping () -> Void) throws {
        self.runner = runner
        self.status = status
        self.quit = quit
        exporter = try DBusObjectExporter(
            connection: connection, objectPath: AgentInterface.objectPath, interfaceXML: AgentInterface.xml,
            interfaceName: AgentInterface.name,
            handler: { [weak self] method, parameters, _ in
                guard let self else { return .error(name: "org.freedesktop.DBus.Error.Failed", message: "agent is shutting down") }
                return self.handle(method, parameters)
            },
            getProperty: { name in name == "Version" ? .string(AgentIdentity.version) : nil })
    }

    private func handle(_ method: String, _ args: VariantReader) -> DBusReply {
        switch method {
        case "GetStatus":
            return reply([status().variant])
        case "ListRinging":
            return listRinging()
        case "ListSnoozed":
            return listSnoozed()
        case "NextTriggers":
            return nextTriggers(count: Int(min(args.child(0).uint32 ?? 5, 1000)))
        case "Snooze":
            return snooze(args)
        case "Stop":
            let id = args.child(0).string ?? ""
            if let bad = badID(id) { return bad }
            return each(id, ringingOnly: false) { (target: String) throws(EngineError) in
                try self.runner.perform(.stop(alarmID: target))
            }
        case "Skip":
            return skip(args)
        case "Pause":
            return pause(until: Instant(secondsSinceEpoch: args.child(0).int64 ?? 0))
        case "Resume":
            try? runner.perform(.pause(until: nil))
            return reply([])
        case "Reload":
            runner.reload()
            return reply([])
        case "Quit":
            quit()
            return reply([])
        default:
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "no method \(method)")
        }
    }

    private func listRinging() -> DBusReply {
        let items = runner.scheduler.ringing.values.sorted { $0.alarmID < $1.alarmID }.map {
            RingingAlarmRecord(
                id: $0.alarmID, label: $0.label, due: $0.due.secondsSinceEpoch,
                ringsUntil: $0.endsAt.secondsSinceEpoch, isLate: $0.isLate)
        }
        return reply([RingingAlarmRecord.array(items)])
    }

    /// The snoozes that will ring, as `next` lists them: not one a pause silences or an
    /// occurrence comes before (`NextRing`, the one rule).
    private func listSnoozed() -> DBusReply {
        let engine = runner.scheduler
        let rule = NextRing(document: engine.document, state: engine.state, zone: engine.zone, now: runner.now)
        let items = engine.state.snoozes.sorted { $0.key < $1.key }.compactMap { id, s -> SnoozedAlarmRecord? in
            guard let alarm = engine.document.alarm(id: id), rule.next(alarm, engine.state.alarms[id])?.snoozedFrom != nil else {
                return nil
            }
            return SnoozedAlarmRecord(id: id, label: alarm.label, until: s.until.secondsSinceEpoch, due: s.due.secondsSinceEpoch)
        }
        return reply([SnoozedAlarmRecord.array(items)])
    }

    private func nextTriggers(count: Int) -> DBusReply {
        let engine = runner.scheduler
        let triggers = UpcomingTriggers.list(engine.document, state: engine.state, zone: engine.zone, now: runner.now, count: count)
        let items = triggers.map {
            NextTriggerRecord(id: $0.alarm.id, label: $0.alarm.label, at: $0.at.secondsSinceEpoch, isSnoozed: $0.snoozedFrom != nil)
        }
        return reply([NextTriggerRecord.array(items)])
    }

    private func snooze(_ args: VariantReader) -> DBusReply {
        let id = args.child(0).string ?? ""
        if let bad = badID(id) { return bad }
        let minutes = args.child(1).uint32 ?? 0
        guard minutes == 0 || Limits.snoozeMinutes.contains(Int(minutes)) else {
            return .error(
                name: AgentInterface.ErrorName.invalidArgument,
                message:
                    "snooze minutes must be \(Limits.snoozeMinutes.lowerBound)–\(Limits.snoozeMinutes.upperBound) (0 for the alarm's own)"
            )
        }
        return each(id, ringingOnly: true) { (target: String) throws(EngineError) in
            try self.runner.perform(.snooze(alarmID: target, minutes: minutes == 0 ? nil : Int(minutes)))
        }
    }

    private func skip(_ args: VariantReader) -> DBusReply {
        let id = args.child(0).string ?? ""
        if let bad = badID(id) { return bad }
        let count = args.child(1).uint32 ?? 0
        guard Limits.skipCount.contains(Int(count)) else {
            return .error(
                name: AgentInterface.ErrorName.invalidArgument,
                message: "count must be \(Limits.skipCount.lowerBound)–\(Limits.skipCount.upperBound)")
        }
        guard runner.scheduler.document.alarm(id: id) != nil else {
            return .error(name: AgentInterface.ErrorName.unknownAlarm, message: "no alarm \(id)")
        }
        guard let days = runner.skip(id, count: Int(count)) else {
            return .error(name: AgentInterface.ErrorName.nothingToSkip, message: "alarm \(id) has no ring to skip")
        }
        return reply([.strings(days.map(\.description))])
    }

    private func pause(until: Instant) -> DBusReply {
        guard until > runner.now else {
            return .error(name: AgentInterface.ErrorName.invalidArgument, message: "pause needs an instant in the future")
        }
        // Compared as a difference of two in-range values: no arithmetic on the raw argument.
        guard until.secondsSinceEpoch <= Limits.instantSeconds.upperBound,
            until - runner.now <= Limits.pauseSeconds.upperBound
        else {
            return .error(name: AgentInterface.ErrorName.invalidArgument, message: "a pause lasts at most 31 days")
        }
        try? runner.perform(.pause(until: until))
        return reply([])
    }

    /// Applies `action` to one alarm, or with an empty id to every ringing one (and, for Stop, every snoozed one).
    private func each(_ id: String, ringingOnly: Bool, _ action: (String) throws(EngineError) -> Void) -> DBusReply {
        let engine = runner.scheduler
        var targets = [id]
        if id.isEmpty {
            var all = Set(engine.ringing.keys)
            if !ringingOnly { all.formUnion(engine.state.snoozes.keys) }
            targets = all.sorted()
            guard !targets.isEmpty else {
                return .error(
                    name: AgentInterface.ErrorName.notRinging,
                    message: ringingOnly ? "no alarm is ringing" : "no alarm is ringing or snoozed")
            }
        }
        for target in targets {
            do { try action(target) } catch {
                switch error {
                case .unknownAlarm: return .error(name: AgentInterface.ErrorName.unknownAlarm, message: error.description)
                case .notRinging, .notRingingOrSnoozed: return .error(name: AgentInterface.ErrorName.notRinging, message: error.description)
                }
            }
        }
        return reply([.strings(targets)])
    }

    /// Alarm ids are short tokens; anything longer is refused before it reaches a log or a message.
    private func badID(_ id: String) -> DBusReply? {
        guard id.utf8.count > 64 else { return nil }
        return .error(name: AgentInterface.ErrorName.invalidArgument, message: "an alarm id is at most 64 bytes")
    }

    private func reply(_ values: [Variant]) -> DBusReply { .value(.tuple(values)) }

    func runnerDidSettle() {}

    /// Turns the effects carried out into the interface's signals.
    func runner(didCarryOut effect: AgentEffect) {
        guard let exporter else { return }
        switch effect {
        case .ring(let r):
            exporter.emit(
                signal: "AlarmRinging",
                parameters: Variant.tuple([
                    .string(r.alarmID), .string(r.label), .int64(r.due.secondsSinceEpoch), .bool(r.isLate),
                ]))
        case .silence(let id, let reason):
            switch reason {
            case .snoozed(let until):
                exporter.emit(signal: "AlarmSnoozed", parameters: Variant.tuple([.string(id), .int64(until.secondsSinceEpoch)]))
            case .stopped: emitStopped(id, "stopped")
            case .unanswered: emitStopped(id, "unanswered")
            case .sleep: emitStopped(id, "sleep")
            case .withdrawn: emitStopped(id, "withdrawn")
            }
        case .reportMissed(let list):
            for m in list {
                exporter.emit(
                    signal: "AlarmMissed",
                    parameters: Variant.tuple([
                        .string(m.alarmID), .string(m.label), .int64(m.due.secondsSinceEpoch), .string(m.reason.rawValue),
                    ]))
            }
        case .showHabitReminder(let r):
            exporter.emit(
                signal: "HabitReminderShown",
                parameters: Variant.tuple([
                    .string(r.habitID), .string(r.name), .int64(r.due.secondsSinceEpoch),
                ]))
        case .announceAchievement(let a):
            exporter.emit(
                signal: "AchievementEarned",
                parameters: Variant.tuple([
                    .string(a.habitID), .string(a.habitName), .string(a.achievement.key), .string(a.achievement.earned.description),
                ]))
        case .disableAlarm, .closeHabitReminder, .recordHabit, .dropHabitReminder, .relabel:
            break
        }
    }

    private func emitStopped(_ id: String, _ reason: String) {
        exporter?.emit(signal: "AlarmStopped", parameters: Variant.tuple([.string(id), .string(reason)]))
    }
}
