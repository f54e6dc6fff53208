/// ISO weekday numbering: Monday = 1 … Sunday = 7.
public enum Weekday: Int, CaseIterable, Comparable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// Stable three-letter key used in the store and accepted on the command line.
    public var key: String { ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1] }
    public init?(key: String) {
        guard let i = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].firstIndex(of: key) else { return nil }
        self.init(rawValue: i + 1)
    }

    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let weekend: Set<Weekday> = [.saturday, .sunday]
    public static let all: Set<Weekday> = Set(allCases)
}
