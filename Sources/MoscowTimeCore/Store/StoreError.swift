// SPDX-License-Identifier: GPL-3.0-or-later
/// Why the store could not be read or written. The message always names the file.
public struct StoreError: Error, CustomStringConvertible {
    public enum Kind: Error, Equatable {
        case unreadable(String)
        case invalid(String)
        case newerSchema(found: Int, supported: Int)
        case writeFailed(String)
    }
    public let path: String
    public let kind: Kind

    public init(path: String, kind: Kind) { self.path = path; self.kind = kind }

    public var description: String {
        switch kind {
        case .unreadable(let why): return "cannot read \(path): \(why)"
        case .invalid(let why): return "\(path) is damaged and was left untouched: \(why). Fix it by hand or restore \(path).bak"
        case let .newerSchema(found, supported):
            return "\(path) was written by a newer MoscowTime (schema \(found); this version reads up to \(supported)); it was left untouched — upgrade agent-cli"
        case .writeFailed(let why): return "cannot write \(path): \(why); the previous version is unchanged"
        }
    }
}
