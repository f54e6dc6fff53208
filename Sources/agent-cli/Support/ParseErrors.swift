// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// Our own errors out of ArgumentParser's wrapping. A value's parser (`transform:`) and a
/// `validate()` throw typed errors (`InputError`, `UsageError`) with the values, to be worded in
/// the user's language when shown; ArgumentParser carries them inside its internal `CommandError`
/// and `ParserError` (`.unableToParseValue(…, originalError:)`, `.userValidationError`), whose
/// fields only `Mirror` can read.
enum ParseErrors {
    /// The typed error inside `error`, or nil for ArgumentParser's own (help, usage errors).
    static func typedError(in error: Error) -> Error? { find(in: error, depth: 0) }

    /// Depth-first through the wrapping: error → field → enum payload → tuple element → optional.
    private static func find(in value: Any, depth: Int) -> Error? {
        if let e = value as? InputError { return e }
        if let e = value as? UsageError { return e }
        guard depth < 8 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let e = find(in: child.value, depth: depth + 1) { return e }
        }
        return nil
    }
}
