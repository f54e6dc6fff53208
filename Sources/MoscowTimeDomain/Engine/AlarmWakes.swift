// SPDX-License-Identifier: GPL-3.0-or-later
/// Per alarm of the engine's document (by its place in `StoreDocument.alarms`), the instant it can
/// next come due: its next occurrence after its search start, or its snooze's end, whichever is
/// first (`nil`: never, as the document stands). What `AlarmEngine` evaluates at a timer's fire
/// is only the alarms whose instant has come and those whose track changed meanwhile (`stale`);
/// the others are proven unchanged (see `AlarmEngine.evaluate`). With a thousand alarms, a ring
/// no longer costs a thousand occurrence computations.
///
/// The instants hold only while the clock moves forward over one document and zone: the engine
/// forgets them (`forget`) when the document or zone changes, at start, and when it is asked
/// about an instant before its last evaluation (a clock set back), and then evaluates every alarm.
struct AlarmWakes {
    /// Per alarm index: the instant it next needs evaluating.
    private var wakes: [Instant?] = []
    /// The alarm ids whose track changed outside their own evaluation (snoozed, stopped, withdrawn,
    /// timed out): evaluated at the next pass, and looked at afresh by `nextWake` until then.
    private(set) var stale: Set<String> = []
    /// Whether `wakes` holds an instant for every alarm of the document.
    private(set) var isKnown = false

    /// Every instant forgotten: the next evaluation looks at every alarm.
    mutating func forget() {
        wakes = []
        stale = []
        isKnown = false
    }

    /// The instants of a full evaluation, one per alarm of the document.
    mutating func know(_ all: [Instant?]) {
        wakes = all
        stale = []
        isKnown = true
    }

    mutating func set(_ index: Int, _ wake: Instant?) { wakes[index] = wake }

    /// The alarm `id`'s track changed outside its evaluation.
    mutating func touch(_ id: String) { stale.insert(id) }

    mutating func clearStale() { stale = [] }

    /// The alarms (by index, in document order) whose instant is at or before `now`.
    func due(at now: Instant) -> [Int] {
        wakes.indices.filter { i in wakes[i].map { $0 <= now } ?? false }
    }

    /// The earliest instant of the alarms not in `except` (by index).
    func earliest(except: Set<Int>) -> Instant? {
        var best: Instant?
        for (i, w) in wakes.enumerated() where !except.contains(i) {
            if let w, best.map({ w < $0 }) ?? true { best = w }
        }
        return best
    }
}
