// SPDX-License-Identifier: GPL-3.0-or-later
/// A value carried along with a type's data that takes no part in its equality or hash: facts
/// about where a value came from (when its file was written), not about the value itself.
public struct Uncompared<Value: Sendable>: Hashable, Sendable {
    public var value: Value

    public init(_ value: Value) { self.value = value }

    public static func == (_: Self, _: Self) -> Bool { true }
    public func hash(into _: inout Hasher) {}
}
