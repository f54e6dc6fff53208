// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Why alarms cannot wake this computer, in the user's language: the wake helper answers
/// `error <code> <English detail>` (Sources/moscowtime-wake/main.c); the codes it can give to
/// `--check` are worded here, and only an unknown code shows the helper's own text, quoted.
enum WakeReasonWording {
    static func reason(code: String, detail: String, _ t: Localizer) -> String {
        switch code {
        case "no-capability":
            return t(
                "moscowtime-wake lacks the CAP_WAKE_ALARM capability (check with getcap; reinstall the package or run make install as root)"
            )
        case "no-rtc": return t("the kernel cannot set wake alarms on this machine's real-time clock")
        case "timerfd": return t("the kernel refused to create the wake-up timer")
        case "confine": return t("the wake helper cannot drop its privileges")
        case "not-installed": return t("the wake helper moscowtime-wake is not installed (make install or the package sets it up)")
        case "spawn": return t("cannot run the wake helper {path}", ["path": detail])
        case "no-answer": return t("the wake helper gave no usable answer")
        default: return t("the wake helper answered \"{detail}\"", ["detail": TerminalText.oneLine(detail)])
        }
    }
}
