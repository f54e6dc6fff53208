// SPDX-License-Identifier: GPL-3.0-or-later
/// "label: value" lines with the values in one column, whatever the language of the labels.
///
/// `width` is the narrowest value column (the English layout); longer translated labels widen it.
/// A value with several lines continues under the value column.
struct FieldList {
    private(set) var rows: [(label: String, value: String)] = []
    let indent: String
    let width: Int

    init(indent: String = "", width: Int) {
        self.indent = indent
        self.width = width
    }

    mutating func add(_ label: String, _ value: String) { rows.append((label, value)) }

    func render() -> [String] {
        let column = max(width, (rows.map { $0.label.count + 2 }.max() ?? 0))
        let pad = String(repeating: " ", count: indent.count + column)
        return rows.map { row in
            let head = indent + row.label + ":" + String(repeating: " ", count: column - row.label.count - 1)
            return head + row.value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + pad)
        }
    }
}
