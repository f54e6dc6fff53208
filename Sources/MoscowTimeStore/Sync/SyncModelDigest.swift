// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A digest of an item's version (64-bit FNV-1a, as hex): two versions have the same digest when
/// they are equal, and different ones (but for a 2⁻⁶⁴ chance) when they are not. Sync keeps it next
/// to the digest of the iCalendar text it sent (`SyncState.Item.model`), so an unchanged item is
/// recognised without rendering it again.
///
/// An alarm field by field (every stored property: a test counts them), a habit's definition as the
/// store's own JSON of it (`HabitCoding`: every field the store keeps), and a habit's entries and
/// its days' log times, thousands over the years, field by field (a test counts an entry's): no
/// text is made per alarm or per day.
public enum SyncModelDigest {
    /// `salt`: what else the item's rendering reads (the zone, the working calendar, the exporter).
    public static func of(_ v: AlarmVersion, salt: String) -> String {
        var d = FNV64(salt)
        switch v {
        case .present(let a):
            d.add(1)
            d.add(a.id)
            d.add(a.label)
            d.add(a.enabled ? 1 : 0)
            add(a.schedule, to: &d)
            add(a.snoozeMinutes, to: &d)
            add(a.sound, to: &d)
            add(a.wake.map { $0 ? 1 : 0 }, to: &d)
            d.add(UInt64(a.skippedDays.count))
            d.add(a.skippedDays.reduce(0) { $0 &+ mix(date($1)) })
            add(day: a.offUntil, to: &d)
            add(a.rampSeconds, to: &d)
            add(a.zone, to: &d)
            d.add(UInt64(bitPattern: a.created.secondsSinceEpoch))
            d.add(UInt64(bitPattern: a.modified.secondsSinceEpoch))
        case .deleted(let id, let at):
            d.add(2)
            d.add(id)
            d.add(UInt64(bitPattern: at.secondsSinceEpoch))
        }
        return d.hex
    }

    /// The stored properties the digests above read: a test compares them with the types' own.
    static let alarmFields = 13, entryFields = 4

    public static func of(_ v: HabitVersion, salt: String) -> String {
        var d = FNV64(salt)
        switch v {
        case .present(let h, let logged, let removed):
            d.add(1)
            var definition = h
            definition.entries = []
            d.add(JSONWriter.compact(HabitCoding.encode(definition)))
            d.add(UInt64(h.entries.count))
            for e in h.entries {
                d.add(date(e.date))
                switch e.status {
                case .done: d.add(1)
                case .skipped: d.add(2)
                case .noted: d.add(3)
                }
                if let amount = e.amount {
                    d.add(1)
                    d.add(amount.bitPattern)
                } else {
                    d.add(0)
                }
                add(e.note, to: &d)
            }
            d.add(days(logged))
            d.add(UInt64(logged.count))
            d.add(days(removed))
            d.add(UInt64(removed.count))
        case .deleted(let id, let at):
            d.add(2)
            d.add(id)
            d.add(UInt64(bitPattern: at.secondsSinceEpoch))
        }
        return d.hex
    }

    private static func add(_ schedule: Schedule, to d: inout FNV64) {
        switch schedule {
        case .weekly(let days, let t, let from):
            d.add(1)
            d.add(days.reduce(0) { $0 | 1 << UInt64($1.rawValue) })
            add(t, to: &d)
            add(day: from, to: &d)
        case .workdays(let t, let from):
            d.add(2)
            add(t, to: &d)
            add(day: from, to: &d)
        case .once(let c, let t):
            d.add(3)
            add(day: c, to: &d)
            add(t, to: &d)
        case .everyNDays(let n, let start, let t):
            d.add(4)
            d.add(UInt64(bitPattern: Int64(n)))
            add(day: start, to: &d)
            add(t, to: &d)
        case .timer(let at, let duration):
            d.add(5)
            d.add(UInt64(bitPattern: at.secondsSinceEpoch))
            d.add(UInt64(bitPattern: duration))
        }
    }

    private static func add(_ t: TimeOfDay, to d: inout FNV64) { d.add(UInt64(t.hour * 60 + t.minute)) }

    /// An optional value: 0 for none, else 1 and the value.
    private static func add(day c: CivilDate?, to d: inout FNV64) {
        if let c {
            d.add(1)
            d.add(date(c))
        } else {
            d.add(0)
        }
    }

    private static func add(_ n: Int?, to d: inout FNV64) {
        if let n {
            d.add(1)
            d.add(UInt64(bitPattern: Int64(n)))
        } else {
            d.add(0)
        }
    }

    private static func add(_ s: String?, to d: inout FNV64) {
        if let s {
            d.add(1)
            d.add(s)
        } else {
            d.add(0)
        }
    }

    private static func date(_ d: CivilDate) -> UInt64 {
        UInt64(bitPattern: Int64(d.year) &* 10_000 &+ Int64(d.month) &* 100 &+ Int64(d.day))
    }

    /// Day → time, in no particular order: the sum of each pair's mixed digest.
    private static func days(_ m: [CivilDate: Instant]) -> UInt64 {
        var sum: UInt64 = 0
        for (day, at) in m {
            var p = FNV64()
            p.add(date(day))
            p.add(UInt64(bitPattern: at.secondsSinceEpoch))
            sum &+= mix(p.value)
        }
        return sum
    }

    /// SplitMix64's finaliser: spreads every bit of the pair's digest before the sum.
    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// 64-bit FNV-1a over bytes, strings (length first) and 64-bit numbers.
struct FNV64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}
    init(_ salt: String) { add(salt) }

    mutating func add(_ x: UInt64) {
        var x = x
        for _ in 0..<8 {
            value = (value ^ (x & 0xff)) &* 0x0000_0100_0000_01B3
            x >>= 8
        }
    }

    mutating func add(_ s: String) {
        var s = s
        add(UInt64(s.utf8.count))
        s.withUTF8 { bytes in for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3 } }
    }

    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
