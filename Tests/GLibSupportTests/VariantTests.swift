// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import Testing

/// The one GVariant toolkit: what is built is what GLib holds, and equality is the values' own.
@Suite("Variant")
struct VariantTests {
    static let nested: Variant = .tuple([
        .string("Подъём 🌅"), .objectPath("/org/moscowtime/Agent"), .int64(-1_700_000_000), .uint32(42),
        .int32(-7), .bool(true), .byte(2), .uint64(UInt64.max), .double(0.5),
        .strings(["a", "b"]), .array(elementType: "(ssxb)", [.tuple([.string("id"), .string(""), .int64(0), .bool(false)])]),
        .array(elementType: "(iiay)", []),
        .dictionary([("urgency", .byte(2)), ("caps", .strings(["body", "actions"])), ("inner", .boxed(.int32(3)))]),
        .boxed(.tuple([.uint32(1), .string("x")])),
    ])

    @Test func aBuiltValueReadsBackAsItself() {
        let reader = VariantReader(Self.nested)
        #expect(reader.typeString == "(soxuibytdasa(ssxb)a(iiay)a{sv}v)")
        #expect(reader.value == Self.nested)
    }

    @Test func theTextFormIsGLibs() {
        #expect(VariantReader(.tuple([.uint32(7), .string("snooze")])).description == "(uint32 7, 'snooze')")
    }

    @Test func equalityComparesTypesAndValuesNotText() {
        #expect(Variant.int32(1) != .uint32(1))
        #expect(Variant.string("/a") != .objectPath("/a"))
        #expect(Variant.array(elementType: "s", []) != .array(elementType: "i", []))
        #expect(Variant.strings(["a"]) == .array(elementType: "s", [.string("a")]))
        #expect(Variant.dictionary([("a", .int32(1))]) != .dictionary([("a", .int32(2))]))
        #expect(Variant.dictionary([("a", .int32(1))]) != .dictionary([("b", .int32(1))]))
        #expect(Variant.dictionary([("a", .int32(1))]) == .dictionary([("a", .int32(1))]))
        #expect(Variant.boxed(.int64(5)) != .int64(5))
        #expect(Variant.double(0.5) != .double(0.25))
    }

    @Test func readersCompareByGLibsEquality() {
        #expect(VariantReader(Self.nested) == VariantReader(Self.nested))
        #expect(VariantReader(.tuple([.int64(1)])) != VariantReader(.tuple([.int64(2)])))
        #expect(VariantReader(.uint32(1)) != VariantReader(.int32(1)))
    }

    @Test func typedAccessorsRefuseTheWrongType() {
        let r = VariantReader(.tuple([.uint32(5), .string("s")]))
        #expect(r.child(0).uint32 == 5)
        #expect(r.child(0).int32 == nil)
        #expect(r.child(0).string == nil)
        #expect(r.child(1).int64 == nil)
        #expect(r.child(9).count == 0, "a missing child reads as empty, not a crash")
        #expect(r.child(0).count == 0, "a basic value has no children")
    }

    @Test func dictionaryLookupUnboxes() {
        let r = VariantReader(.dictionary([("a", .int64(9)), ("b", .strings(["x"]))]))
        #expect(r.lookup("a")?.int64 == 9)
        #expect(r.lookup("b")?.strings == ["x"])
        #expect(r.lookup("c") == nil)
    }
}
