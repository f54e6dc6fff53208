/// Maps `Habit` to and from JSON.
enum HabitCoding {
    static func encode(_ h: Habit) -> JSONValue {
        .object([("id", .string(h.id)), ("name", .string(h.name))])
    }

    static func decode(_ r: FieldReader) throws(DocumentDecodingError) -> Habit {
        Habit(id: try r.string("id"), name: try r.string("name"))
    }
}
