// SPDX-License-Identifier: GPL-3.0-or-later
/// Finds the habit a user means: the exact name first (names are unique), else a unique id prefix.
public enum HabitResolver {
    public static func resolve(_ key: String, in habits: [Habit]) throws(InputError) -> Habit {
        if let h = habits.first(where: { $0.name == key }) { return h }
        let k = key.trimmingSpaces
        guard !k.isEmpty else { throw InputError("no habit given: use its exact name or id (see agent-cli habit list)") }
        if let h = habits.first(where: { $0.name == k }) { return h }
        if k.utf8.count <= 8, k.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
            let matches = habits.filter { $0.id.hasPrefix(k) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                let ids = matches.prefix(5).map(\.id).joined(separator: ", ")
                throw InputError("id prefix \"{k}\" is ambiguous ({ids}): type more digits", ["k": "\(k)", "ids": "\(ids)"])
            }
        }
        throw InputError("no habit \"{key}\": use its exact name or an id prefix (see agent-cli habit list --archived)", ["key": "\(key)"])
    }
}
