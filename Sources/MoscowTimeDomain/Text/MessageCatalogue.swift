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
///
/// The file is kept as it is and an entry found in it when asked for, by binary search: msgfmt
/// writes the originals in byte order. Making a dictionary of all ~1 000 entries up front was
/// most of a Russian `agent-cli list` (8.5 M instructions of 21.6 M); a file whose originals are
/// not in order (not written by msgfmt) is read into one.
public struct MessageCatalogue: Sendable {
    private let bytes: [UInt8]
    private let bigEndian: Bool
    private let count: Int
    private let originals: Int
    private let translations: Int
    /// Every entry by original, only for a file whose originals are out of order.
    private let unordered: [String: [String]]?
    /// The header entry's fields (`Language`, `Plural-Forms`, `Content-Type`, …).
    public let header: [String: String]

    public enum Failure: Error, Equatable {
        case notAMOFile
        case unsupportedRevision(UInt32)
        case truncated
    }

    public init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 20 else { throw .notAMOFile }
        self.bytes = bytes
        switch Self.word(bytes, 0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw .notAMOFile
        }
        let revision = Self.word(bytes, 4, bigEndian: bigEndian)!
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        count = Int(Self.word(bytes, 8, bigEndian: bigEndian)!)
        originals = Int(Self.word(bytes, 12, bigEndian: bigEndian)!)
        translations = Int(Self.word(bytes, 16, bigEndian: bigEndian)!)
        // Every entry must lie in the file, checked once here so lookups need not.
        var ordered = true
        var previous: Range<Int>? = nil
        for i in 0..<count {
            guard let original = Self.range(bytes, table: originals, index: i, bigEndian: bigEndian),
                Self.range(bytes, table: translations, index: i, bigEndian: bigEndian) != nil
            else { throw .truncated }
            let key = Self.key(bytes, original)
            if let p = previous, !bytes[p].lexicographicallyPrecedes(bytes[key]) { ordered = false }
            previous = key
        }
        var header: [String: String] = [:]
        var unordered: [String: [String]]? = nil
        if ordered {
            // The header's original is empty: the first in byte order.
            if count > 0, Self.key(bytes, Self.range(bytes, table: originals, index: 0, bigEndian: bigEndian)!).isEmpty {
                header = Self.header(Self.strings(bytes, Self.range(bytes, table: translations, index: 0, bigEndian: bigEndian)!))
            }
        } else {
            var all: [String: [String]] = [:]
            for i in 0..<count {
                let original = Self.strings(bytes, Self.range(bytes, table: originals, index: i, bigEndian: bigEndian)!)
                let translation = Self.strings(bytes, Self.range(bytes, table: translations, index: i, bigEndian: bigEndian)!)
                guard let key = original.first else { continue }
                if key.isEmpty { header = Self.header(translation) } else { all[key] = translation }
            }
            unordered = all
        }
        self.header = header
        self.unordered = unordered
    }

    /// Where the translation of `key` (the singular for plural entries) lies in the file; nil when
    /// there is none. Searched in the file's bytes, comparing as C's strcmp does, as msgfmt sorted.
    private func translationRange(_ key: String) -> Range<Int>? {
        guard !key.isEmpty else { return nil }
        var key = key
        return key.withUTF8 { key in
            bytes.withUnsafeBufferPointer { b -> Range<Int>? in
                // `Self.word` without its bounds checks: `init` checked every entry's place.
                func word(_ at: Int) -> Int {
                    let w = UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
                    return Int(bigEndian ? w.byteSwapped : w)
                }
                var low = 0
                var high = count
                while low < high {
                    let mid = (low + high) / 2
                    let length = word(originals + 8 * mid)
                    let offset = word(originals + 8 * mid + 4)
                    // The original ends at its length or its first NUL (a plural entry's singular).
                    var i = 0
                    var order = 0
                    while order == 0 {
                        let originalEnds = i == length || b[offset + i] == 0
                        if originalEnds || i == key.count {
                            order = originalEnds ? (i == key.count ? 0 : -1) : 1
                            break
                        }
                        if b[offset + i] != key[i] { order = b[offset + i] < key[i] ? -1 : 1 }
                        i += 1
                    }
                    if order < 0 {
                        low = mid + 1
                    } else if order > 0 {
                        high = mid
                    } else {
                        let start = word(translations + 8 * mid + 4)
                        return start..<start + word(translations + 8 * mid)
                    }
                }
                return nil
            }
        }
    }

    /// The translation's forms (one, or one per plural form); nil when there is no entry or it is
    /// untranslated (empty), which falls back to the English text.
    private func forms(_ key: String) -> [String]? {
        let found: [String]?
        if let unordered {
            found = unordered[key]
        } else {
            found = translationRange(key).map { Self.strings(bytes, $0) }
        }
        guard let found, !found.allSatisfy(\.isEmpty) else { return nil }
        return found
    }

    private static func word(_ bytes: [UInt8], _ at: Int, bigEndian: Bool) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
        return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
    }

    /// Where entry `index` of the string table at `table` lies; nil when outside the file.
    private static func range(_ bytes: [UInt8], table: Int, index: Int, bigEndian: Bool) -> Range<Int>? {
        guard let length = word(bytes, table + 8 * index, bigEndian: bigEndian),
            let offset = word(bytes, table + 8 * index + 4, bigEndian: bigEndian),
            Int(offset) + Int(length) <= bytes.count
        else { return nil }
        return Int(offset)..<Int(offset) + Int(length)
    }

    /// An original's key: up to its first NUL (a plural entry's singular).
    private static func key(_ bytes: [UInt8], _ r: Range<Int>) -> Range<Int> {
        r.lowerBound..<(bytes[r].firstIndex(of: 0) ?? r.upperBound)
    }

    /// The NUL-separated strings at `r` (a plural entry's forms).
    private static func strings(_ bytes: [UInt8], _ r: Range<Int>) -> [String] {
        bytes[r].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func header(_ translation: [String]) -> [String: String] {
        var header: [String: String] = [:]
        for line in (translation.first ?? "").split(separator: "\n") {
            if let colon = line.firstIndex(of: ":") {
                header[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
            }
        }
        return header
    }

    /// The catalogue compiled into the program from `po/` (`EmbeddedCatalogues`, made by the
    /// CatalogueCompiler plugin), nil for a language without one.
    package static func embedded(_ language: Language) -> MessageCatalogue? {
        EmbeddedCatalogues.base64[language.rawValue].flatMap(Base64.decode).flatMap { try? MessageCatalogue(bytes: $0) }
    }

    /// The translation of `message`, or nil when the catalogue has none.
    public func translation(_ message: String) -> String? {
        // Only the first form is made into a String (most entries have no other).
        guard unordered == nil else { return forms(message)?.first }
        guard let r = translationRange(message), !bytes[r].allSatisfy({ $0 == 0 }) else { return nil }
        return String(decoding: bytes[r.lowerBound..<(bytes[r].firstIndex(of: 0) ?? r.upperBound)], as: UTF8.self)
    }

    /// The plural form of `singular` for `count`, or nil when the catalogue has no such entry.
    public func translation(_ singular: String, count: Int) -> String? {
        guard let forms = forms(singular), !forms.isEmpty else { return nil }
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
