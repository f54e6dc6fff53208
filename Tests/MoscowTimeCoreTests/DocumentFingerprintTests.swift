// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeStore

/// Sync's fingerprint of the store file: the same for the same bytes, another for any change a
/// person or a program makes to them (a byte anywhere, the length, the order of its parts).
@Suite struct DocumentFingerprintTests {
    let file: [UInt8] = Array(#"{"schemaVersion": 2, "alarms": [{"id": "a1b2c3d4", "label": "Подъём"}], "habits": []}"#.utf8)

    @Test("equal bytes, equal fingerprints; a file and no file differ")
    func equalBytes() {
        #expect(DocumentFingerprint.of(file) == DocumentFingerprint.of(Array(file)))
        #expect(DocumentFingerprint.of(nil) != DocumentFingerprint.of([]))
        #expect(DocumentFingerprint.of(nil) != DocumentFingerprint.of(file))
    }

    @Test("any one byte changed, anywhere, changes it")
    func everyByteCounts() {
        let original = DocumentFingerprint.of(file)
        var seen: Set<Int> = [original]
        for i in file.indices {
            var changed = file
            changed[i] ^= 0x01
            seen.insert(DocumentFingerprint.of(changed))
        }
        #expect(seen.count == file.count + 1)
    }

    @Test("the length and the order of the parts count")
    func lengthAndOrder() {
        #expect(DocumentFingerprint.of(file + [0]) != DocumentFingerprint.of(file))
        #expect(DocumentFingerprint.of(Array(file.dropLast())) != DocumentFingerprint.of(file))
        let swapped = Array(file[8..<16] + file[0..<8] + file[16...])
        #expect(DocumentFingerprint.of(swapped) != DocumentFingerprint.of(file))
    }
}
