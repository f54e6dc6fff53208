// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Glibc
import MoscowTimeDomain

struct NowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "now", abstract: t("Show the current time in the configured zone (Moscow by default)."))
    }

    @Flag(name: .long, help: t("Refresh every second until interrupted."))
    var watch = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let lang = ctx.localizer(doc.settings).language
        func line(_ at: Instant) -> String {
            let l = zone.local(at)
            return "\(l.clockText)  \(DateText.weekdayAndDate(l.date, lang))"
        }
        guard watch else {
            Output.line(line(ctx.now))
            return
        }
        // Redraw on the same line, waking exactly at each new second of the wall clock.
        while true {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            Output.write("\r\u{1B}[K" + line(Instant(secondsSinceEpoch: Int64(ts.tv_sec))))
            var next = timespec(tv_sec: ts.tv_sec + 1, tv_nsec: 0)
            while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &next, nil) == EINTR {}
        }
    }
}
