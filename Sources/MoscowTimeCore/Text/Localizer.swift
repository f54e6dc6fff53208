/// Looks up the user-visible text for an English message in the current language.
/// Messages are written in English in the code; `RussianCatalogue` holds their translations.
public struct Localizer: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    public func callAsFunction(_ english: String) -> String {
        guard language == .ru else { return english }
        return RussianCatalogue.messages[english] ?? english
    }

    /// Replaces `{name}` placeholders after translating.
    public func callAsFunction(_ english: String, _ values: [String: String]) -> String {
        var s = self(english)
        for (k, v) in values { s = s.replacingAll("{\(k)}", with: v) }
        return s
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
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
    func range(of target: String) -> Range<Substring.Index>? {
        guard !target.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
