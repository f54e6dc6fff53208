// SPDX-License-Identifier: GPL-3.0-or-later
/// Finds the alarm a user means: a unique id prefix (as git does), or else an exact label.
public enum AlarmResolver {
    public static func resolve(_ key: String, in alarms: [Alarm]) throws(InputError) -> Alarm {
        let k = key.trimmingSpaces
        guard !k.isEmpty else {
            throw InputError("no alarm given: use an id (or a unique prefix of it, see agent-cli list) or the exact label")
        }
        if k.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }), k.utf8.count <= 8 {
            let matches = alarms.filter { $0.id.hasPrefix(k) }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                let ids = matches.prefix(5).map(\.id).joined(separator: ", ")
                throw InputError("id prefix \"{k}\" is ambiguous ({ids}): type more digits", ["k": "\(k)", "ids": "\(ids)"])
            }
        }
        let byLabel = alarms.filter { $0.label == key }
        if byLabel.count == 1 { return byLabel[0] }
        if byLabel.count > 1 {
            throw InputError(
                "{byLabelCount} alarms are labelled \"{key}\": use the id instead ({value})",
                ["byLabelCount": "\(byLabel.count)", "key": "\(key)", "value": "\(byLabel.map(\.id).joined(separator: ", "))"])
        }
        throw InputError("no alarm \"{key}\": use an id or unique id prefix (see agent-cli list) or the exact label", ["key": "\(key)"])
    }
}
