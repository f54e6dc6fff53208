// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeCore

/// The counts in the import, export and sync summaries, each a counted phrase in the language's
/// plural form («1 новый будильник», «3 новых будильника», «5 новых будильников»).
enum SummaryWording {
    static func alarms(_ n: Int, _ t: Localizer) -> String { t.plural("{n} alarm", "{n} alarms", count: n, ["n": String(n)]) }
    static func habits(_ n: Int, _ t: Localizer) -> String { t.plural("{n} habit", "{n} habits", count: n, ["n": String(n)]) }

    /// "2 new alarms, 1 alarm replaced, 0 alarms unchanged; …; 3 items … ignored" (one sentence's parts).
    static func imported(_ s: CalendarMerge.Summary, ignored: Int, _ t: Localizer) -> [String: String] {
        let alarms = [t.plural("{n} new alarm", "{n} new alarms", count: s.alarmsAdded, ["n": String(s.alarmsAdded)]),
                      t.plural("{n} alarm replaced", "{n} alarms replaced", count: s.alarmsReplaced, ["n": String(s.alarmsReplaced)]),
                      t.plural("{n} alarm unchanged", "{n} alarms unchanged", count: s.alarmsUnchanged, ["n": String(s.alarmsUnchanged)])]
        let habits = [t.plural("{n} new habit", "{n} new habits", count: s.habitsAdded, ["n": String(s.habitsAdded)]),
                      t.plural("{n} habit replaced", "{n} habits replaced", count: s.habitsReplaced, ["n": String(s.habitsReplaced)]),
                      t.plural("{n} habit unchanged", "{n} habits unchanged", count: s.habitsUnchanged, ["n": String(s.habitsUnchanged)])]
        return ["alarms": alarms.joined(separator: ", "), "habits": habits.joined(separator: ", "),
                "ignored": t.plural("{n} item without a reminder or in the past ignored", "{n} items without a reminder or in the past ignored",
                                    count: ignored, ["n": String(ignored)])]
    }

    static func synced(_ r: SyncEngine.Report, url: String, dryRun: Bool, _ t: Localizer) -> String {
        let conflicts = t.plural("{n} conflict", "{n} conflicts", count: r.conflicts, ["n": String(r.conflicts)])
        let requests = t.plural("{n} request", "{n} requests", count: r.requests, ["n": String(r.requests)])
        if dryRun {
            return t("Would sync with {url}: {take}, {send}, {conflicts} ({requests} so far).", [
                "url": url, "conflicts": conflicts, "requests": requests,
                "take": t.plural("{n} change to take", "{n} changes to take", count: r.downloaded, ["n": String(r.downloaded)]),
                "send": t.plural("{n} to send", "{n} to send", count: r.uploaded, ["n": String(r.uploaded)]),
            ])
        }
        return t("Synced with {url}: {taken}, {sent}, {conflicts} ({requests}).", [
            "url": url, "conflicts": conflicts, "requests": requests,
            "taken": t.plural("{n} change taken", "{n} changes taken", count: r.downloaded, ["n": String(r.downloaded)]),
            "sent": t.plural("{n} sent", "{n} sent", count: r.uploaded, ["n": String(r.uploaded)]),
        ])
    }
}
