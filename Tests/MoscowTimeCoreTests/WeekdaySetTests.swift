// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// `WeekdaySet` (seven bits) against the standard library's `Set<Weekday>` on every pair of the
/// 128 possible sets: the two must agree on every answer a schedule or a habit can ask.
struct WeekdaySetTests {
    private static func reference(_ mask: Int) -> Set<Weekday> {
        Set(Weekday.allCases.filter { mask & (1 << ($0.rawValue - 1)) != 0 })
    }

    @Test func agreesWithSetOfWeekdaysOnEveryPair() {
        for a in 0..<128 {
            let ours = WeekdaySet(mask: a)
            let theirs = Self.reference(a)
            #expect(ours.mask == a)
            #expect(ours.count == theirs.count)
            #expect(ours.isEmpty == theirs.isEmpty)
            #expect(Array(ours) == theirs.sorted(), "iterates Monday first")
            #expect(WeekdaySet(theirs) == ours)
            for day in Weekday.allCases {
                #expect(ours.contains(day) == theirs.contains(day))
                var inserted = ours
                var reference = theirs
                #expect(inserted.insert(day) == reference.insert(day))
                #expect(Set(inserted) == reference)
                #expect(inserted.remove(day) == reference.remove(day))
                #expect(inserted.remove(day) == reference.remove(day), "removing an absent day")
                #expect(Set(inserted) == reference)
                #expect(inserted.update(with: day) == reference.update(with: day))
                #expect(Set(inserted) == reference)
            }
            for b in 0..<128 {
                let other = WeekdaySet(mask: b)
                let otherReference = Self.reference(b)
                #expect(Set(ours.union(other)) == theirs.union(otherReference))
                #expect(Set(ours.intersection(other)) == theirs.intersection(otherReference))
                #expect(Set(ours.symmetricDifference(other)) == theirs.symmetricDifference(otherReference))
                #expect(ours.isSubset(of: other) == theirs.isSubset(of: otherReference))
                #expect((ours == other) == (theirs == otherReference))
                if ours == other { #expect(ours.hashValue == other.hashValue) }
            }
        }
    }

    @Test func namedSetsAndLiterals() {
        #expect(Weekday.all == WeekdaySet(Weekday.allCases))
        #expect(Weekday.workdays == [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(Weekday.weekend.mask == 0b110_0000)
        #expect(WeekdaySet(mask: 0x1FF) == Weekday.all, "bits above the seventh are ignored")
        #expect(WeekdaySet([.sunday, .monday, .sunday]).count == 2)
    }
}
