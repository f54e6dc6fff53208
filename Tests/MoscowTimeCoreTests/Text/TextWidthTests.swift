// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import TestSupport
import Testing

@testable import MoscowTimeTerminal

/// Table cells are measured with a table generated from GLib (so agent-cli need not load it);
/// the table must say what the system's GLib says of every scalar. When GLib's Unicode moves on,
/// this fails until scripts/generate-display-widths is run again.
struct TextWidthTests {
    @Test(.tags(.slow), .fullTierOnly) func everyScalarHasTheWidthGLibGivesIt() {
        var differences: [String] = []
        for v in UInt32(0)...0x10FFFF {
            let glib = g_unichar_iszerowidth(v) != 0 ? 0 : g_unichar_iswide(v) != 0 ? 2 : 1
            if DisplayWidth.of(v) != glib { differences.append("U+\(String(v, radix: 16)): \(DisplayWidth.of(v)) vs \(glib)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20)) — run scripts/generate-display-widths")
    }

    @Test func widthsOfMixedText() {
        #expect(TextTable.displayWidth("Подъём — «зарядка»…") == 19)
        #expect(TextTable.displayWidth("\u{0438}\u{0306}") == 1)  // и and a combining breve: one column
        #expect(TextTable.displayWidth("起床 07:00") == 10)
        #expect(TextTable.displayWidth("🏃 Бег") == 6)
        #expect(TextTable.displayWidth("👩\u{200D}💻") == 4)  // two wide emoji joined: the joiner takes none
        #expect(TextTable.displayWidth("Straße ½") == 8)
    }
}
