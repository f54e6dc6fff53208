// SPDX-License-Identifier: GPL-3.0-or-later
/// What habit names, descriptions, units and notes may be. Names follow `LabelRules` and are unique.
public enum HabitTextRules {
    public static let maximumDescription = 1000
    public static let maximumNote = 1000
    public static let maximumUnit = 30

    /// A valid, unused name (surrounding spaces trimmed). `except` is the habit being renamed.
    public static func name(_ text: String, among habits: [Habit], except id: String? = nil) throws(InputError) -> String {
        let name = text.trimmingSpaces
        if let problem = LabelRules.issue(name) { throw InputError("invalid habit name: {problem}", parts: ["problem": problem]) }
        if let other = habits.first(where: { $0.name == name && $0.id != id }) {
            throw InputError(
                "a habit named \"{name}\" already exists (id {id}): choose another name", ["name": "\(name)", "id": "\(other.id)"])
        }
        return name
    }

    /// Nil for an empty text (it clears the field).
    public static func description(_ text: String) throws(InputError) -> String? {
        try freeText(text, what: N_("description"), maximum: maximumDescription)
    }

    public static func note(_ text: String) throws(InputError) -> String? {
        try freeText(text, what: N_("note"), maximum: maximumNote)
    }

    public static func unit(_ text: String) throws(InputError) -> String {
        try freeText(text, what: N_("unit"), maximum: maximumUnit) ?? ""
    }

    static func freeText(_ text: String, what: String, maximum: Int) throws(InputError) -> String? {
        let t = text.trimmingSpaces
        if t.isEmpty { return nil }
        if t.count > maximum {
            throw InputError(
                "invalid {what}: it is {count} characters long; at most {maximum} are allowed",
                ["count": "\(t.count)", "maximum": "\(maximum)"], parts: ["what": Message(what)])
        }
        if t.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw InputError("invalid {what}: it must not contain control characters or line breaks", parts: ["what": Message(what)])
        }
        return t
    }
}
