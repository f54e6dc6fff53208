// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop

/// What a tray menu entry does when clicked; `info` entries are greyed-out lines.
enum TrayAction: Hashable {
    case snooze(alarmID: String)
    case stop(alarmID: String)
    case snoozeAll
    case stopAll
    case habitDone(habitID: String)
    /// Skip the next ring of this alarm (the first upcoming one).
    case skipNext(alarmID: String)
    case pauseOneHour
    case resume
    case quit
    /// A disabled line (upcoming ring n, "no upcoming alarms" …) or a separator, by position.
    case info(String)
}

/// Builds the dbusmenu tree from a snapshot. Each action keeps its menu id for the agent's
/// lifetime, so a click on a menu the host opened before a change still does what it said (or
/// nothing, when the entry is gone).
struct TrayMenu {
    private var ids: [TrayAction: Int32] = [:]
    private var actions: [Int32: TrayAction] = [:]
    private var nextID: Int32 = 1

    mutating func id(_ action: TrayAction) -> Int32 {
        if let id = ids[action] { return id }
        let id = nextID
        nextID += 1
        ids[action] = id
        actions[id] = action
        return id
    }

    func action(_ id: Int32) -> TrayAction? { actions[id] }

    mutating func items(_ text: TrayText) -> [DBusMenuItem] {
        let s = text.s
        var items: [DBusMenuItem] = []
        var separators = 0
        func separate() {
            guard let last = items.last, last.properties["type"] != .string("separator") else { return }
            separators += 1
            items.append(.separator(id: id(.info("separator-\(separators)"))))
        }

        // What rings: one Snooze and one Stop per alarm, and both for all of them when several ring.
        for r in s.ringing {
            items.append(.standard(id: id(.snooze(alarmID: r.id)), label: text.snooze(r.label)))
            items.append(.standard(id: id(.stop(alarmID: r.id)), label: text.stop(r.label)))
        }
        if s.ringing.count > 1 {
            items.append(.standard(id: id(.snoozeAll), label: text.snoozeAll))
            items.append(.standard(id: id(.stopAll), label: text.stopAll))
        }
        separate()

        // The next few rings, as greyed-out lines.
        if s.upcoming.isEmpty {
            items.append(.standard(id: id(.info("no-upcoming")), label: text.nextLine, enabled: false))
        }
        for (i, u) in s.upcoming.enumerated() {
            items.append(.standard(id: id(.info("upcoming-\(i)")), label: text.upcomingLine(u), enabled: false))
        }
        if let first = s.upcoming.first, !first.snoozed {
            items.append(.standard(id: id(.skipNext(alarmID: first.id)), label: text.skipNext(first)))
        }
        if let line = text.calendarLine {
            items.append(.standard(id: id(.info("calendar-reminder")), label: line, enabled: false))
        }
        if let year = s.calendarMissingYear {
            items.append(.standard(id: id(.info("calendar-missing")), label: text.calendarMissing(year), enabled: false))
        }
        separate()

        // Today's open habits: a click marks today done.
        for h in s.habitsDue {
            items.append(.standard(id: id(.habitDone(habitID: h.id)), label: text.done(h)))
        }
        separate()

        if let until = s.pausedUntil {
            items.append(.standard(id: id(.resume), label: text.resume(until)))
        } else {
            items.append(.standard(id: id(.pauseOneHour), label: text.pauseHour))
        }
        separate()
        items.append(.standard(id: id(.quit), label: text.quit))
        return items
    }
}
