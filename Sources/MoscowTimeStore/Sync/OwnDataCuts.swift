// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Another program's edit never loses our data (issue 23 §2): a server copy that only *dropped*
/// some of our `X-MOSCOWTIME-*` data is not taken as a change of it.
///
/// Programs that do not know our X-properties keep them as text — and some cut that text: a reader
/// that splits an unescaped value at `,` keeps `10:00` of `10:00,16:00` and `a` of the note
/// `a, b` (vobject; Radicale stores what vobject re-serialises, so every copy uploaded before this
/// version's escaping was cut so), and a program may leave a property out. Such a rewrite keeps our
/// version stamps — `X-MOSCOWTIME-MODIFIED`, the `modified` we wrote (`LAST-MODIFIED` may move:
/// todoman's `done` sets it, with `STATUS`, `COMPLETED` and `PERCENT-COMPLETE`), and a day's
/// `X-LOGGED` — while our own edits always move them (`ChangeStamper`, `HabitLog`). So "only drops
/// our data" is, precisely:
///
/// - the two versions have the same stamp — for the definition, the `modified` we wrote into the
///   server copy (`X-MOSCOWTIME-MODIFIED`; in copies written before it existed `DTSTAMP`, which we
///   always wrote as `modified` and todoman keeps) against ours; for a day, its log time (none on
///   both sides counts as the same);
/// - and the value on one side is a *cut* of the other's: a text (note, unit, sound, the frequency
///   text) that is empty or missing, or is the other's up to just before one of its `,` or `;`;
///   a reminder list that is a strict prefix of the other's (the empty list included: the property
///   was dropped).
///
/// Then both sides take the whole value, the merge sees no change of it, and the rest of the
/// server's version — the real change, such as the day marked done — is merged as usual. A value
/// edited by us on another machine has a later stamp and is merged as every edit is; a cut value
/// with a later stamp is taken as an edit (no one can tell it from one).
public enum OwnDataCuts {
    /// `cut` is `full` cut at one of its `,`/`;`, or empty (`nil`: the property is missing).
    public static func isCut(_ cut: String?, of full: String?) -> Bool {
        guard let full, cut != full else { return false }
        guard let cut, !cut.isEmpty else { return !full.isEmpty }
        let f = full.unicodeScalars
        let c = cut.unicodeScalars
        guard f.count > c.count, f.starts(with: c) else { return false }
        let next = f[f.index(f.startIndex, offsetBy: c.count)]
        return next == "," || next == ";"
    }

    /// `cut` is a strict prefix of `full` (a list cut at its first comma, or dropped).
    public static func isCut(_ cut: [TimeOfDay], of full: [TimeOfDay]) -> Bool {
        cut.count < full.count && full.starts(with: cut)
    }

    /// `h` with each value that is a cut of `other`'s taken whole from `other`, when both are the
    /// same version of the definition (`sameDefinition`); its days likewise, per day at the same log
    /// time (`logged`, `otherLogged`).
    public static func restoring(
        _ h: Habit, logged: [CivilDate: Instant], from other: Habit, otherLogged: [CivilDate: Instant],
        sameDefinition: Bool
    ) -> Habit {
        guard h.id == other.id else { return h }
        var out = h
        if sameDefinition {
            if isCut(h.reminders, of: other.reminders) { out.reminders = other.reminders }
            if h.frequency != other.frequency,
                isCut(HabitCSVFormat.frequencyText(h.frequency), of: HabitCSVFormat.frequencyText(other.frequency))
            {
                out.frequency = other.frequency
            }
            if case .numeric(var goal) = h.kind, case .numeric(let otherGoal) = other.kind, isCut(goal.unit, of: otherGoal.unit) {
                goal.unit = otherGoal.unit
                out.kind = .numeric(goal)
            }
        }
        var otherEntries: [CivilDate: HabitEntry] = [:]
        for e in other.entries { otherEntries[e.date] = e }
        out.entries = h.entries.map { e in
            guard let o = otherEntries[e.date], logged[e.date] == otherLogged[e.date], isCut(e.note, of: o.note) else { return e }
            var whole = e
            whole.note = o.note
            return whole == o ? o : e
        }
        return out
    }

    /// `a` with its sound taken whole from `other` when it is a cut of it in the same version.
    public static func restoring(_ a: Alarm, from other: Alarm, sameDefinition: Bool) -> Alarm {
        guard a.id == other.id, sameDefinition, isCut(a.sound, of: other.sound) else { return a }
        var out = a
        out.sound = other.sound
        return out
    }

    /// Both sides of a habit with every cut value restored from the other (see the type).
    /// `remoteWritten` is the `modified` our writer left in the server copy (`X-MOSCOWTIME-MODIFIED`
    /// or `DTSTAMP`), which stands for the copy's version of our data when another program moved
    /// its `LAST-MODIFIED`; without it the copy's `modified` does.
    public static func restoring(local: HabitVersion, remote: HabitVersion, remoteWritten: Instant? = nil) -> (
        local: HabitVersion, remote: HabitVersion
    ) {
        guard case .present(let lh, let ll, let lr) = local, case .present(let rh, let rl, let rr) = remote else { return (local, remote) }
        let same = (remoteWritten ?? rh.modified) == lh.modified
        return (
            .present(restoring(lh, logged: ll, from: rh, otherLogged: rl, sameDefinition: same), logged: ll, removed: lr),
            .present(restoring(rh, logged: rl, from: lh, otherLogged: ll, sameDefinition: same), logged: rl, removed: rr)
        )
    }

    public static func restoring(local: AlarmVersion, remote: AlarmVersion, remoteWritten: Instant? = nil) -> (
        local: AlarmVersion, remote: AlarmVersion
    ) {
        guard case .present(let l) = local, case .present(let r) = remote else { return (local, remote) }
        let same = (remoteWritten ?? r.modified) == l.modified
        return (.present(restoring(l, from: r, sameDefinition: same)), .present(restoring(r, from: l, sameDefinition: same)))
    }
}
