/// A habit the user is building (see the habits issue). Kept minimal until habits land, so that the
/// store's schema already has a place for them.
public struct Habit: Hashable, Sendable {
    public var id: String
    public var name: String
    public init(id: String, name: String) { self.id = id; self.name = name }
}
