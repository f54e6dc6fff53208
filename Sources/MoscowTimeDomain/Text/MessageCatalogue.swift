// SPDX-License-Identifier: GPL-3.0-or-later

/// A compiled gettext catalogue (`.mo`), read by us rather than through glibc's `dgettext`.
///
/// Why not glibc: `dgettext` translates only when `setlocale` succeeded for a matching locale.
/// Measured on Debian 12 without a `ru_RU` locale installed: `LANG=ru_RU.UTF-8` → setlocale fails →
/// English; `LANG=C LANGUAGE=ru` → English (LANGUAGE is ignored in the C locale). Only
/// `LC_ALL=C.UTF-8 LANGUAGE=ru` worked, and forcing that would mean rewriting the process
/// environment and locale from inside a library (not thread-safe, visible to every child process
/// and to GLib). Our `language` setting must override the environment anyway, and we ship exactly
/// one domain, so reading the file is simpler and behaves the same on every machine.
///
/// The format (GNU gettext manual, "The Format of GNU MO Files"): a header of 32-bit words in the
/// writer's byte order — magic 0x950412de, revision, N, offset of the originals table, offset of
/// the translations table — then two tables of N (length, offset) pairs pointing at NUL-terminated
/// strings. A plural entry's original is "singular\0plural" and its translation "form0\0form1\0…";
/// a context is "context\u{4}msgid". The entry with the empty original is the header (PO metadata).
public struct MessageCatalogue: Sendable {
    /// Translations keyed by the original (the singular for plural entries); each holds one string,
    /// or one per plural form.
    let messages: [String: [String]]
    /// The header entry's fields (`Language`, `Plural-Forms`, `Content-Type`, …).
    public let header: [String: String]

    public enum Failure: Error, Equatable {
        case notAMOFile
        case unsupportedRevision(UInt32)
        case truncated
    }

    public init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 20 else { throw .notAMOFile }
        func word(_ at: Int, bigEndian: Bool) -> UInt32? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
            return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
        }
        let bigEndian: Bool
        switch word(0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw .notAMOFile
        }
        let revision = word(4, bigEndian: bigEndian)!
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        let count = Int(word(8, bigEndian: bigEndian)!)
        let originals = Int(word(12, bigEndian: bigEndian)!)
        let translations = Int(word(16, bigEndian: bigEndian)!)

        func string(table: Int, index: Int) throws(Failure) -> [String] {
            guard let length = word(table + 8 * index, bigEndian: bigEndian),
                let offset = word(table + 8 * index + 4, bigEndian: bigEndian),
                Int(offset) + Int(length) <= bytes.count
            else { throw .truncated }
            return bytes[Int(offset)..<Int(offset) + Int(length)]
                .split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }

        var messages: [String: [String]] = [:]
        var header: [String: String] = [:]
        messages.reserveCapacity(count)
        for i in 0..<count {
            let original = try string(table: originals, index: i)
            let translation = try string(table: translations, index: i)
            guard let key = original.first else { continue }
            if key.isEmpty {
                for line in (translation.first ?? "").split(separator: "\n") {
                    if let colon = line.firstIndex(of: ":") {
                        header[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
                    }
                }
                continue
            }
            // An untranslated (empty) entry falls back to the English text.
            if translation.allSatisfy(\.isEmpty) { continue }
            messages[key] = translation
        }
        self.messages = messages
        self.header = header
    }

    /// The catalogue compiled into the program from `po/` (`EmbeddedCatalogues`, made by the
    /// CatalogueCompiler plugin), nil for a language without one.
    package static func embedded(_ language: Language) -> MessageCatalogue? {
        EmbeddedCatalogues.base64[language.rawValue].flatMap(Base64.decode).flatMap { try? MessageCatalogue(bytes: $0) }
    }

    /// The translation of `message`, or nil when the catalogue has none.
    public func translation(_ message: String) -> String? { messages[message]?.first }

    /// The plural form of `singular` for `count`, or nil when the catalogue has no such entry.
    public func translation(_ singular: String, count: Int) -> String? {
        guard let forms = messages[singular], !forms.isEmpty else { return nil }
        return forms[min(forms.count - 1, pluralIndex(count))]
    }

    /// The plural form index for `count`. We ship Russian only, so instead of evaluating the
    /// header's C expression we recognise the language: Russian's three forms (1, 21 / 2–4, 22 /
    /// 5–20, 0), else the Germanic two (1 / other). `MessageCatalogueTests` pins ru.po's
    /// Plural-Forms line, so a changed rule fails the tests instead of silently picking wrong forms.
    func pluralIndex(_ count: Int) -> Int {
        let n = count < 0 ? -count : count
        let language = header["Language"] ?? ""
        if language.hasPrefix("ru") || language.hasPrefix("uk") || language.hasPrefix("be") {
            if n % 10 == 1 && n % 100 != 11 { return 0 }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return 1 }
            return 2
        }
        return n == 1 ? 0 : 1
    }
}
