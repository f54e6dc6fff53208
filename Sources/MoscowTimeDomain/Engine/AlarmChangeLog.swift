// SPDX-License-Identifier: GPL-3.0-or-later
/// The ids of the alarms whose track changed, in order, shared by an `AlarmBook` and its copies:
/// what saves the book now and then (the agent's state file) asks for the ids changed since its
/// last save instead of comparing a thousand tracks. A book changed while a copy shares its log
/// starts a log of its own, so a log only ever holds one line of changes. Appended to only
/// through a book that holds it alone (`isKnownUniquelyReferenced`), hence unchecked Sendable.
final class AlarmChangeLog: @unchecked Sendable {
    /// Entries kept before a log starts afresh (its readers then compare every track once).
    static let limit = 4096
    var ids: [String] = []
}

/// A place in a book's change log, taken when the book was saved (`AlarmBook.changeMark`).
public struct AlarmChangeMark: @unchecked Sendable {
    /// Weak: a mark does not keep a log shared (that would start a new one at the next change).
    weak var log: AlarmChangeLog?
    let count: Int
}
