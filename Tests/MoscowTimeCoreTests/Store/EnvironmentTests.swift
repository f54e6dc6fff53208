// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing

@testable import MoscowTimeStore

/// `Environment.current` splits each entry at its first '=' over bytes: the same dictionary as
/// splitting the entry's Characters, for names and values of any text.
struct EnvironmentTests {
    /// The reading by Characters, as it was.
    static func byCharacters(_ entries: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for s in entries {
            if let eq = s.firstIndex(of: "=") { result[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
        }
        return result
    }

    @Test("names and values of any text read as by Characters")
    func sameAsCharacters() {
        let values = [
            "", "plain", "a=b=c", "=", "\u{301}combining after the =", "Москва ☕", "\u{600}prepend",
            "x\u{301}", "tab\tand\nnewline", "#\u{20e3}",
        ]
        var entries = ["NO_EQUALS", "Ж_NO_EQUALS", "=starts with it", "\u{600}=x", "A\u{301}=x", ""]
        for name in ["MT_A", "MT_Ж", "MT_\u{600}", "MT_A\u{301}"] {
            for (i, value) in values.enumerated() { entries.append(name + String(i) + "=" + value) }
        }
        let list = entries.map { strdup($0) } + [nil]
        defer { for p in list { free(p) } }
        var pointers = list
        let env = pointers.withUnsafeMutableBufferPointer { Environment.entries($0.baseAddress!) }
        #expect(env == Self.byCharacters(entries))
        #expect(env["MT_A2"] == "a=b=c" && env["MT_Ж5"] == "Москва ☕" && env["MT_A3"] == "=")
        #expect(env[""] == "starts with it")
    }
}
