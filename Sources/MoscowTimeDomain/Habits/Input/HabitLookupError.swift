// SPDX-License-Identifier: GPL-3.0-or-later
/// Why `HabitResolver` found no single habit; agent-cli words it (with the command that lists them).
public enum HabitLookupError: Error, Equatable {
    /// An empty name or id.
    case noneGiven
    /// A hex prefix that starts several ids (the first few are given).
    case ambiguous(prefix: String, ids: [String])
    case notFound(key: String)
}
