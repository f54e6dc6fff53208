// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain

/// The counts in the import, export and sync summaries, each a counted phrase in the language's
/// plural form («1 новый будильник», «3 новых будильника», «5 новых будильников»).
enum SummaryWording {
    static func alarms(_ n: Int, _ t: Localizer) -> String { t.plural("{n} alarm", "{n} alarms", count: n, ["n": String(n)]) }
    static func habits(_ n: Int, _ t: Localizer) -> String { t.plural("{n} habit", "{n} habits", count: n, ["n": String(n)]) }

    /// The parts of an import summary, "2 new alarms, 1 alarm unchanged; 1 new habit": only the
    /// counts that are not zero, and "nothing" when every one is.
    static func imported(_ s: CalendarMerge.Summary, ignored: Int, _ t: Localizer) -> String {
        func n(_ k: Int) -> [String: String] { ["n": String(k)] }
        // Each part only when its count is not zero (the plural call stays literal for the catalogue).
        let alarms = [
            s.alarmsAdded > 0 ? t.plural("{n} new alarm", "{n} new alarms", count: s.alarmsAdded, n(s.alarmsAdded)) : nil,
            s.alarmsReplaced > 0
                ? t.plural("{n} alarm replaced", "{n} alarms replaced", count: s.alarmsReplaced, n(s.alarmsReplaced)) : nil,
            s.alarmsUnchanged > 0
                ? t.plural("{n} alarm unchanged", "{n} alarms unchanged", count: s.alarmsUnchanged, n(s.alarmsUnchanged)) : nil,
        ]
        let habits = [
            s.habitsAdded > 0 ? t.plural("{n} new habit", "{n} new habits", count: s.habitsAdded, n(s.habitsAdded)) : nil,
            s.habitsReplaced > 0
                ? t.plural("{n} habit replaced", "{n} habits replaced", count: s.habitsReplaced, n(s.habitsReplaced)) : nil,
            s.habitsUnchanged > 0
                ? t.plural("{n} habit unchanged", "{n} habits unchanged", count: s.habitsUnchanged, n(s.habitsUnchanged)) : nil,
        ]
        let skipped =
            ignored > 0
            ? t.plural(
                "{n} item without a reminder or in the past ignored", "{n} items without a reminder or in the past ignored",
                count: ignored, n(ignored)) : nil
        let groups =
            [alarms.compactMap { $0 }, habits.compactMap { $0 }].filter { !$0.isEmpty }.map { $0.joined(separator: ", ") }
            + [skipped].compactMap { $0 }
        return groups.isEmpty ? t("no alarms or habits") : groups.joined(separator: "; ")
    }

    static func synced(_ r: SyncEngine.Report, url: String, dryRun: Bool, _ t: Localizer) -> String {
        // A held alarm edited here is a conflict until the user settles it.
        let n = r.conflicts + r.unsettled
        let conflicts = t.plural("{n} conflict", "{n} conflicts", count: n, ["n": String(n)])
        let requests = t.plural("{n} request", "{n} requests", count: r.requests, ["n": String(r.requests)])
        if dryRun {
            return t(
                "Would sync with {url}: {take}, {send}, {conflicts} ({requests} so far).",
                [
                    "url": url, "conflicts": conflicts, "requests": requests,
                    "take": t.plural("{n} change to take", "{n} changes to take", count: r.downloaded, ["n": String(r.downloaded)]),
                    "send": t.plural("{n} to send", "{n} to send", count: r.uploaded, ["n": String(r.uploaded)]),
                ])
        }
        return t(
            "Synced with {url}: {taken}, {sent}, {conflicts} ({requests}).",
            [
                "url": url, "conflicts": conflicts, "requests": requests,
                "taken": t.plural("{n} change taken", "{n} changes taken", count: r.downloaded, ["n": String(r.downloaded)]),
                "sent": t.plural("{n} sent", "{n} sent", count: r.uploaded, ["n": String(r.uploaded)]),
            ])
    }
}
