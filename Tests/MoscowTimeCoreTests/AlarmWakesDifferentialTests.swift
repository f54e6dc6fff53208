// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// The engine evaluates only the alarms that can have come due (`AlarmWakes`). Property: on random
/// documents, states, edits, answers, pauses, sleeps and clock jumps both ways, every decision,
/// the state after it and the next wake equal those of an engine that evaluates every alarm every
/// time (`evaluatesEveryAlarm`, as before) — so nothing rings late, twice or never for it.
@Suite(.timeLimit(.minutes(2)))
struct AlarmWakesDifferentialTests {
    typealias F = CoreFixtures

    /// The engine under test and the reference, fed the same steps.
    final class Pair {
        let fast: AlarmEngine
        let full: AlarmEngine
        init(_ doc: StoreDocument, _ state: AlarmBook) {
            let zone = Zone(identifier: doc.settings.zone)!
            fast = AlarmEngine(document: doc, state: state, zone: zone)
            full = AlarmEngine(document: doc, state: state, zone: zone)
            full.evaluatesEveryAlarm = true
        }
    }

    @Test(arguments: 0..<60) func decidesAsEvaluatingEveryAlarm(seed: UInt64) throws {
        var rng = SplitMix(seed: 0xA1A2_0000 + seed)
        var now = F.at("2026-11-21T00:00:00Z") + Int64.random(in: 0...(300 * 86_400), using: &rng)
        var doc = document(now: now, &rng)
        let pair = Pair(doc, book(doc, now: now, &rng))
        var context = "seed \(seed)"
        check(pair, pair.fast.evaluate(now: now, atStart: true), pair.full.evaluate(now: now, atStart: true), now, context)
        for step in 0..<120 {
            context = "seed \(seed) step \(step)"
            let (fast, full) = try apply(Int.random(in: 0..<12, using: &rng), pair, &doc, &now, &rng)
            check(pair, fast, full, now, context)
        }
    }

    /// One random step; returns both engines' decisions.
    func apply(
        _ kind: Int, _ pair: Pair, _ doc: inout StoreDocument, _ now: inout Instant, _ rng: inout SplitMix
    ) throws -> (AgentDecision, AgentDecision) {
        switch kind {
        case 0...4:  // the timer fires at the next wake, at once or a little late
            let wake = pair.fast.nextWake(now: now) ?? now + 3600
            now = max(now, wake) + (Bool.random(using: &rng) ? 0 : Int64.random(in: 0...90, using: &rng))
        case 5:  // the clock steps, forward or back
            now = now + Int64.random(in: -2 * 86_400...2 * 86_400, using: &rng)
        case 6:  // an answer to what rings
            if let id = pair.fast.ringing.keys.sorted().first {
                if Bool.random(using: &rng) {
                    let m = Int.random(in: 1...20, using: &rng)
                    return (try pair.fast.snooze(id, minutes: m, now: now), try pair.full.snooze(id, minutes: m, now: now))
                }
                return (try pair.fast.stop(id, now: now), try pair.full.stop(id, now: now))
            }
        case 7:
            let until = Bool.random(using: &rng) ? now + Int64.random(in: 60...20_000, using: &rng) : nil
            return (pair.fast.pause(until: until), pair.full.pause(until: until))
        case 8:
            return (pair.fast.silenceForSleep(now: now), pair.full.silenceForSleep(now: now))
        default:  // an edit: the agent takes the new document in
            doc = edited(doc, now: now, &rng)
            now = now + Int64.random(in: 0...5, using: &rng)
            let zone = Zone(identifier: doc.settings.zone)!
            return (pair.fast.replaceDocument(doc, zone: zone, now: now), pair.full.replaceDocument(doc, zone: zone, now: now))
        }
        return (pair.fast.evaluate(now: now), pair.full.evaluate(now: now))
    }

    func check(_ pair: Pair, _ fast: AgentDecision, _ full: AgentDecision, _ now: Instant, _ context: String) {
        #expect(fast == full, "\(context)")
        #expect(pair.fast.state == pair.full.state, "\(context)")
        #expect(pair.fast.state.ringingIDs == Set(pair.fast.state.tracks.compactMapValues(\.ringing).keys), "\(context)")
        // The runtime asks for the next wake at once, or a moment later (a slow save).
        for asked in [now, now + 45] {
            #expect(pair.fast.nextWake(now: asked) == pair.full.nextWake(now: asked), "\(context), asked at \(asked)")
        }
    }

    func schedule(now: Instant, _ rng: inout SplitMix) -> Schedule {
        let time = TimeOfDay(hour: Int.random(in: 0...23, using: &rng), minute: Int.random(in: 0...59, using: &rng))!
        let day = F.moscow.local(now).date.adding(days: Int64.random(in: -2...3, using: &rng))
        switch Int.random(in: 0...4, using: &rng) {
        case 0: return .once(date: day, time: time)
        case 1: return .timer(fireAt: now + Int64.random(in: -3600...7200, using: &rng), duration: 60)
        case 2: return .everyNDays(interval: Int.random(in: 2...4, using: &rng), start: day, time: time)
        case 3: return .workdays(time: time)
        default:
            let days = WeekdaySet(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
            return .weekly(days: days.isEmpty ? [.monday] : days, time: time)
        }
    }

    func alarm(_ k: Int, now: Instant, _ rng: inout SplitMix) -> Alarm {
        let stamp = now + Int64.random(in: -3600...600, using: &rng)
        var a = Alarm(
            id: "a\(k)", label: "r\(k)", schedule: schedule(now: now, &rng),
            enabled: Int.random(in: 0...5, using: &rng) > 0, created: stamp, modified: stamp)
        if Int.random(in: 0...4, using: &rng) == 0 {
            a.skippedDays.insert(F.moscow.local(now).date.adding(days: Int64.random(in: 0...2, using: &rng)))
        }
        return a
    }

    func document(now: Instant, _ rng: inout SplitMix) -> StoreDocument {
        let alarms = (0..<Int.random(in: 3...40, using: &rng)).map { alarm($0, now: now, &rng) }
        var doc = F.document(alarms, zone: ["Europe/Moscow", "America/New_York", "Asia/Tokyo"].randomElement(using: &rng)!)
        doc.writtenAt = now - Int64.random(in: 0...600, using: &rng)
        return doc
    }

    func book(_ doc: StoreDocument, now: Instant, _ rng: inout SplitMix) -> AlarmBook {
        var book = AlarmBook()
        for alarm in doc.alarms {
            if Bool.random(using: &rng) { book.markHandled(alarm.id, at: now - Int64.random(in: 0...86_400, using: &rng)) }
            if Int.random(in: 0...5, using: &rng) == 0 {
                book.setSnooze(alarm.id, Snooze(until: now + Int64.random(in: -600...3600, using: &rng), due: now - 600))
            }
        }
        return book
    }

    /// The document after a random edit: an alarm added, removed, moved, switched, skipped, or the zone changed.
    func edited(_ doc: StoreDocument, now: Instant, _ rng: inout SplitMix) -> StoreDocument {
        var doc = doc
        let k = Int.random(in: 0..<max(doc.alarms.count, 1), using: &rng)
        switch Int.random(in: 0...5, using: &rng) {
        case 0: doc.alarms.append(alarm(1000 + Int.random(in: 0...9999, using: &rng), now: now, &rng))
        case 1 where !doc.alarms.isEmpty: doc.alarms.remove(at: k)
        case 2 where !doc.alarms.isEmpty:
            doc.alarms[k].schedule = schedule(now: now, &rng)
            doc.alarms[k].modified = now
        case 3 where !doc.alarms.isEmpty:
            doc.alarms[k].enabled.toggle()
            doc.alarms[k].modified = now
        case 4 where !doc.alarms.isEmpty:
            doc.alarms[k].skippedDays.insert(F.moscow.local(now).date.adding(days: Int64.random(in: 0...1, using: &rng)))
            doc.alarms[k].modified = now
        default: doc.settings.zone = ["Europe/Moscow", "America/New_York", "Asia/Tokyo"].randomElement(using: &rng)!
        }
        doc.alarms = Dictionary(doc.alarms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }).values.sorted { $0.id < $1.id }
        doc.writtenAt = now
        return doc
    }
}
