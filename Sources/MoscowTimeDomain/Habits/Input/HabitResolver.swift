// SPDX-License-Identifier: GPL-3.0-or-later
/// Finds the habit a user means: the exact name first (names are unique), else a unique id prefix.
public enum HabitResolver {
    public static func resolve(_ key: String, in habits: [Habit]) throws(HabitLookupError) -> Habit {
        if let h = habits.first(where: { $0.name == key }) { return h }
        let k = key.trimmingSpaces
        guard !k.isEmpty else { throw .noneGiven }
        if let h = habits.first(where: { $0.name == k }) { return h }
        if k.utf8.count <= 8, k.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            let matches = habits.filter { $0.id.hasPrefix(k) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw .ambiguous(prefix: k, ids: matches.prefix(5).map(\.id))
            }
        }
        throw .notFound(key: key)
    }
}
