// SPDX-License-Identifier: GPL-3.0-or-later
/// Looks up the user-visible text for an English message in the current language.
///
/// Messages are written in English in the code (`t("Stop")`, `t("late: due {time}", ["time": …])`);
/// their translations live in gettext catalogues: `po/ru.po`, compiled to
/// `<localedir>/ru/LC_MESSAGES/moscowtime.mo` (see `ResourceLocator` for where it is looked for and
/// `MessageCatalogue` for why we read it ourselves). English needs no catalogue. The Russian one is
/// read once per process, on the first Russian lookup, so English runs never touch the disk.
/// A message missing from the catalogue (or a missing catalogue) shows in English. The process's
/// catalogue is found by MoscowTimeStore (`Localizer(_:)`, `SharedCatalogues`): this module reads
/// no file.
public struct Localizer: Sendable {
    public let language: Language
    /// Asked at each lookup that needs a translation, never for English: the process-wide catalogue
    /// is found and read on the first Russian lookup.
    private let catalogue: @Sendable () -> MessageCatalogue?

    /// English, which needs no catalogue.
    public static let english = Localizer(.en, catalogue: nil)

    /// A localizer with an explicit catalogue (tests, tools).
    public init(_ language: Language, catalogue: MessageCatalogue?) {
        self.language = language
        self.catalogue = { catalogue }
    }

    /// A localizer whose catalogue is looked up only when a translation is needed.
    public init(_ language: Language, catalogueOnFirstUse catalogue: @escaping @Sendable () -> MessageCatalogue?) {
        self.language = language
        self.catalogue = catalogue
    }

    private var activeCatalogue: MessageCatalogue? {
        guard language != .en else { return nil }
        return catalogue()
    }

    public func callAsFunction(_ english: String) -> String {
        activeCatalogue?.translation(english) ?? english
    }

    /// Replaces `{name}` placeholders after translating.
    public func callAsFunction(_ english: String, _ values: [String: String]) -> String {
        Self.fill(self(english), values)
    }

    /// A message with a count: `t.plural("{n} day", "{n} days", count: 3, ["n": "3"])` →
    /// «3 дня». The English forms follow English rules; translations pick the catalogue's form.
    public func plural(_ singular: String, _ plural: String, count: Int, _ values: [String: String] = [:]) -> String {
        let text = activeCatalogue?.translation(singular, count: count) ?? (count == 1 ? singular : plural)
        return Self.fill(text, values)
    }

    /// Replaces each `{name}` in `text` that `values` has, in one left-to-right pass: a value that
    /// itself contains braces (a label such as "{time}") is inserted as is, never expanded — with
    /// one replacement per key, in dictionary order, it was, and differently from run to run.
    /// Scans and writes bytes: the braces are ASCII, so they never sit inside a multi-byte character,
    /// and a name is matched against the few keys byte by byte (no String or hash per placeholder:
    /// `list` fills a message for most rows).
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var text = text
        let bytes: [UInt8] = text.withUTF8 { u in
            var out: [UInt8] = []
            out.reserveCapacity(u.count + 32)
            func find(_ b: UInt8, from start: Int) -> Int? {
                var k = start
                while k < u.count {
                    if u[k] == b { return k }
                    k += 1
                }
                return nil
            }
            var copied = 0
            var i = 0
            while let open = find(UInt8(ascii: "{"), from: i) {
                let nameStart = open + 1
                guard let close = find(UInt8(ascii: "}"), from: nameStart) else { break }
                let name = u[nameStart..<close]
                if let value = Self.value(named: name, in: values) {
                    out.append(contentsOf: u[copied..<open])
                    out.append(contentsOf: value.utf8)
                    copied = close + 1
                    i = copied
                } else {
                    i = nameStart
                }
            }
            out.append(contentsOf: u[copied...])
            return out
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value whose key is `name`: first by bytes (our names are ASCII), else as a String, which
    /// finds canonically equivalent spellings too.
    private static func value(named name: Slice<UnsafeBufferPointer<UInt8>>, in values: [String: String]) -> String? {
        if let v = values.first(where: { $0.key.utf8.elementsEqual(name) })?.value { return v }
        return values[String(decoding: name, as: UTF8.self)]
    }
}

extension String {
    public func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}

extension Substring {
    public func range(of target: String) -> Range<Substring.Index>? {
        guard !target.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
