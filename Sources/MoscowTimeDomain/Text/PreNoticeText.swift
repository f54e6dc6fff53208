// SPDX-License-Identifier: GPL-3.0-or-later
/// The words of the evening notice (`PreNotice`): «Завтра в 06:30 — Работа», Skip / OK.
public struct PreNoticeText: Sendable, Equatable {
    public let summary: String
    public let body: String
    public let skipLabel: String
    public let okLabel: String

    public init(_ n: PreNotice, _ t: Localizer, zone: Zone) {
        let at = zone.local(n.at)
        summary = t("Tomorrow {time} — {label}", ["time": at.shortClockText, "label": n.label])
        body = t(
            "{date}. This alarm wakes the computer. Skip it if you do not need it tomorrow.",
            ["date": DateText.weekdayAndDate(at.date, t.language).capitalizedFirst])
        skipLabel = t("Skip")
        okLabel = t("OK")
    }
}
