// SPDX-License-Identifier: GPL-3.0-or-later
/// The path of a `FieldReader`'s object, kept in parts: reading a store built "alarms[4711]" and
/// "alarms[4711].schedule" for every alarm, though only an error shows them.
enum FieldLocation {
    case text(String)
    case element(String, Int)
    case elementMember(String, Int, String)

    var path: String {
        switch self {
        case .text(let s): return s
        case .element(let array, let k): return "\(array)[\(k)]"
        case .elementMember(let array, let k, let key): return "\(array)[\(k)].\(key)"
        }
    }

    func member(_ key: String) -> FieldLocation {
        switch self {
        case .element(let array, let k): return .elementMember(array, k, key)
        case .text(let s) where s.isEmpty: return .text(key)
        default: return .text("\(path).\(key)")
        }
    }
}
