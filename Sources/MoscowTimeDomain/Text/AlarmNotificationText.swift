// SPDX-License-Identifier: GPL-3.0-or-later
/// The words of alarm notifications, in the user's language. Pure, so tests read exactly what the
/// user will read; the agent adds hints, icon and urgency.
public struct AlarmNotificationText: Sendable {
    public let t: Localizer
    public let zone: Zone

    public init(_ t: Localizer, zone: Zone) {
        self.t = t
        self.zone = zone
    }

    public struct Ring: Sendable, Equatable {
        public let summary: String
        /// Plain text; the agent escapes it when the server renders markup.
        public let body: String
        public let snoozeLabel: String
        public let stopLabel: String
    }

    /// `summary`: the label; `body`: the Moscow time and date, how long Snooze waits, plus "late:
    /// due 07:00" and the CLI hint when the server cannot show buttons. Button labels are one short
    /// word: servers that draw narrow buttons (LXQt) cut "Отложить на 10 мин" to "Отло…", so the
    /// minutes go in the body.
    public func ring(_ r: RingingAlarm, now: Instant, serverHasActions: Bool) -> Ring {
        let due = zone.local(r.due)
        let current = zone.local(now)
        var lines = ["\(t("Alarm")) · \(current.shortClockText) · \(DateText.weekdayAndDate(current.date, t.language))"]
        if r.isLate { lines.append(t("late: due {time}", ["time": due.shortClockText])) }
        if r.snoozeCount > 0 {
            lines.append(t.plural("snoozed {n} time", "snoozed {n} times", count: r.snoozeCount, ["n": String(r.snoozeCount)]))
        }
        if serverHasActions {
            lines.append(t("Snooze: {n} min", ["n": String(r.snoozeMinutes)]))
        } else {
            lines.append(t("To snooze: agent-cli snooze {id} · to stop: agent-cli stop {id}", ["id": r.alarmID]))
        }
        return Ring(summary: r.label, body: lines.joined(separator: "\n"), snoozeLabel: t("Snooze"), stopLabel: t("Stop"))
    }

    /// One notification for any number of missed occurrences.
    public func missed(_ list: [MissedAlarm]) -> (summary: String, body: String) {
        let summary = list.count == 1 ? t("Missed alarm") : t("Missed alarms")
        let body = list.map { m -> String in
            let l = zone.local(m.due)
            let reason: String
            switch m.reason {
            case .unanswered: reason = t("(rang unanswered)")
            case .sleep: reason = t("(while the computer slept)")
            case .paused: reason = t("(while paused)")
            case .tooLate: reason = t("(too late to ring)")
            case .interrupted: reason = t("(its ring was cut short: the agent stopped)")
            }
            return t("{label} — due {when}", ["label": m.label, "when": DateText.shortDateTime(l, t.language)]) + " " + reason
        }.joined(separator: "\n")
        return (summary, body)
    }
}
