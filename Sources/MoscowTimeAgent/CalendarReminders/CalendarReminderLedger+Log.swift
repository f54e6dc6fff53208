// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeStore

/// The agent's reading and saving of its ledger: what cannot be read or saved is logged, never
/// in the way of a ring (at worst a reminder rings again).
extension CalendarReminderLedger {
    static func load(_ path: String) -> CalendarReminderLedger {
        do {
            return try read(path)
        } catch {
            Log.warning("\(path) cannot be read (\(error)); calendar reminders already rung may ring again")
            return CalendarReminderLedger()
        }
    }

    func save(_ path: String) {
        do {
            try write(path)
        } catch {
            Log.warning("cannot save \(path): \(error)")
        }
    }
}
