// SPDX-License-Identifier: GPL-3.0-or-later
/// One value of a `JSONDocument`, read in place: for decoders that walk many small values (a
/// habit's entries: 1 800 per habit after five years) without making a tree of them.
struct JSONItem {
    let document: JSONDocument
    let node: Int

    var string: String? { document.string(node) }
    var number: Double? { document.number(node) }

    /// `parse` of its text's UTF-8 bytes, in place; nil when it is not text or `parse` refuses it.
    func parseText<T>(_ parse: (UnsafeBufferPointer<UInt8>) -> T?) -> T? { document.withText(node, parse) ?? nil }

    /// Whether it is text that reads `text`.
    func isText(_ text: StaticString) -> Bool {
        document.withText(node) { $0.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) } ?? false
    }

    /// Its items when it is an array; nil otherwise.
    var items: [JSONItem]? {
        guard document.kind(node) == .array else { return nil }
        return document.children(node).map { JSONItem(document: document, node: $0) }
    }
}
