// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import GLibSupport
import Testing

/// Every reply record decodes what it encodes, has the XML's type, and refuses other shapes.
@Suite("Agent records")
struct AgentRecordTests {
    @Test func ringingRoundTrips() {
        let records = [
            RingingAlarmRecord(id: "3f9a", label: "Подъём", due: 1_795_000_000, ringsUntil: 1_795_000_300, isLate: true),
            RingingAlarmRecord(id: "b2", label: "", due: 0, ringsUntil: 0, isLate: false),
        ]
        let wire = VariantReader(RingingAlarmRecord.array(records))
        #expect(wire.typeString == "a(ssxxb)")
        #expect(RingingAlarmRecord.list(wire) == records)
    }

    @Test func snoozedAndNextTriggersRoundTrip() {
        let snoozed = [SnoozedAlarmRecord(id: "a", label: "Чай", until: 20, due: 10)]
        #expect(VariantReader(SnoozedAlarmRecord.array(snoozed)).typeString == "a(ssxx)")
        #expect(SnoozedAlarmRecord.list(VariantReader(SnoozedAlarmRecord.array(snoozed))) == snoozed)
        let next = [
            NextTriggerRecord(id: "a", label: "x", at: 30, isSnoozed: true),
            NextTriggerRecord(id: "b", label: "y", at: 40, isSnoozed: false),
        ]
        #expect(VariantReader(NextTriggerRecord.array(next)).typeString == "a(ssxb)")
        #expect(NextTriggerRecord.list(VariantReader(NextTriggerRecord.array(next))) == next)
    }

    @Test func theSignaturesAreTheInterfaceXMLs() throws {
        for (method, signature) in [
            ("ListRinging", RingingAlarmRecord.signature), ("ListSnoozed", SnoozedAlarmRecord.signature),
            ("NextTriggers", NextTriggerRecord.signature),
        ] {
            let xml = AgentInterface.xml
            let start = try #require(xml.firstRange(of: "<method name=\"\(method)\">"))
            let end = try #require(xml[start.upperBound...].firstRange(of: "</method>"))
            #expect(xml[start.upperBound..<end.lowerBound].contains("type=\"a\(signature)\" direction=\"out\""), "\(method)")
        }
    }

    @Test func otherShapesDecodeToNothing() {
        #expect(
            RingingAlarmRecord.list(VariantReader(SnoozedAlarmRecord.array([SnoozedAlarmRecord(id: "a", label: "", until: 1, due: 1)])))
                .isEmpty)
        #expect(RingingAlarmRecord(VariantReader(.tuple([.string("a")]))) == nil)
        #expect(SnoozedAlarmRecord(VariantReader(.string("a"))) == nil)
    }

    @Test func statusRoundTrips() {
        var status = AgentStatus()
        status.version = AgentIdentity.version
        status.zone = "Europe/Moscow"
        status.ringing = 2
        status.nextTrigger = 1_795_000_000
        status.notificationCapabilities = ["actions", "body"]
        status.storeProblem = "damaged"
        #expect(AgentStatus(VariantReader(status.variant)) == status)
    }
}
