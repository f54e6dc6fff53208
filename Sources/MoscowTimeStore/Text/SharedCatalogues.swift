// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

extension Localizer {
    /// The localizer for `language` with this process's catalogue (`SharedCatalogues`), read on
    /// the first Russian lookup, so English runs never touch the disk.
    public init(_ language: Language) {
        self.init(language, catalogueOnFirstUse: { SharedCatalogues.russian })
    }
}

/// The catalogues of this process, each read at most once, lazily (Swift globals initialise on
/// first access, thread-safely): a `.mo` file where `ResourceLocator` finds one (an override, the
/// installed one), else the one compiled into the program from `po/` (`EmbeddedCatalogues`).
enum SharedCatalogues {
    static let russian: MessageCatalogue? =
        ResourceLocator.cataloguePath(
            .ru, environment: Environment.current, executableDirectory: ResourceLocator.executableDirectory()
        ).flatMap(MessageCatalogue.load(path:)) ?? MessageCatalogue.embedded(.ru)
}

extension MessageCatalogue {
    /// Reads `path`; nil when it is missing or not a valid catalogue.
    public static func load(path: String) -> MessageCatalogue? {
        guard let bytes = try? FileSystem.read(path) else { return nil }
        return try? MessageCatalogue(bytes: bytes)
    }
}
