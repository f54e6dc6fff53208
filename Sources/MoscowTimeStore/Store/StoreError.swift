// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Why the store could not be read or written. The message always names the file.
public struct StoreError: Error, CustomStringConvertible {
    public enum Kind: Error, Equatable {
        /// Why the file could not be read (a FIFO, permissions, a full disk…), as a catalogue message.
        case unreadable(Message)
        /// What is wrong inside the file (a catalogue message: the JSON parser's or the decoder's reason).
        case invalid(Message)
        case newerSchema(found: Int, supported: Int)
        case writeFailed(Message)
    }
    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The message in `t`'s language.
    public func message(in t: Localizer) -> String {
        switch kind {
        case .unreadable(let why): return t("cannot read {path}: {why}", ["path": path, "why": why.text(t)])
        case .invalid(let why):
            return t(
                "{path} is damaged and was left untouched: {why}. Fix it by hand or restore {path}.bak", ["path": path, "why": why.text(t)])
        case .newerSchema(let found, let supported):
            return t(
                "{path} was written by a newer MoscowTime (schema {found}; this version reads up to {supported}); it was left untouched — upgrade agent-cli",
                ["path": path, "found": String(found), "supported": String(supported)])
        case .writeFailed(let why):
            return t("cannot write {path}: {why}; the previous version is unchanged", ["path": path, "why": why.text(t)])
        }
    }

    /// The message in English (logs).
    public var description: String { message(in: Localizer(.en)) }
}
