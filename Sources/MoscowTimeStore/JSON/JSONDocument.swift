// SPDX-License-Identifier: GPL-3.0-or-later
/// A parsed JSON document as one flat list of nodes over the file's bytes (a "tape"), in document
/// order: a container's members or items follow it, and each node knows where its subtree ends.
///
/// Why not the `JSONValue` tree: building it cost an allocation per object, array and member
/// list, and a String per member name, all freed again one by one; decoding then searched each
/// object's members by String. Reading a store of 100 alarms that way was half of
/// `agent-cli list`. Here a document is three arrays, a member name is found by comparing its
/// bytes, and a value is made only when a decoder asks for it (`FieldReader`). `value(at:)` still
/// gives the tree, for code that edits documents (`Migration`) or reads small ones.
public final class JSONDocument: Sendable {
    enum Kind: UInt8 {
        case null, `false`, `true`, number
        /// Plain ASCII without escapes: the bytes `first..<second` are the text.
        case bytes
        /// Text with escapes or beyond ASCII, made once while parsing: `strings[first]`.
        case string
        /// `second` items follow.
        case array
        /// `second` members follow, each a name node then its value.
        case object
    }

    struct Node {
        var kind: Kind
        var first: UInt32
        var second: UInt32
        /// The index just past this node's subtree.
        var next: UInt32
    }

    let bytes: [UInt8]
    let nodes: [Node]
    let strings: [String]

    init(bytes: [UInt8], nodes: [Node], strings: [String]) {
        self.bytes = bytes
        self.nodes = nodes
        self.strings = strings
    }

    /// The document `value` as a tape (for decoders given a tree: the agent's state, tests).
    public convenience init(_ value: JSONValue) {
        var nodes: [Node] = []
        var strings: [String] = []
        func add(_ v: JSONValue) {
            let at = nodes.count
            switch v {
            case .null: nodes.append(Node(kind: .null, first: 0, second: 0, next: 0))
            case .bool(let b): nodes.append(Node(kind: b ? .true : .false, first: 0, second: 0, next: 0))
            case .number(let d):
                let bits = d.bitPattern
                nodes.append(
                    Node(kind: .number, first: UInt32(truncatingIfNeeded: bits), second: UInt32(truncatingIfNeeded: bits >> 32), next: 0))
            case .string(let s):
                nodes.append(Node(kind: .string, first: UInt32(strings.count), second: 0, next: 0))
                strings.append(s)
            case .array(let items):
                nodes.append(Node(kind: .array, first: 0, second: UInt32(items.count), next: 0))
                for item in items { add(item) }
            case .object(let members):
                nodes.append(Node(kind: .object, first: 0, second: UInt32(members.count), next: 0))
                for (name, value) in members {
                    add(.string(name))
                    add(value)
                }
            }
            nodes[at].next = UInt32(nodes.count)
        }
        add(value)
        self.init(bytes: [], nodes: nodes, strings: strings)
    }

    /// The root's index.
    static let root = 0

    func kind(_ node: Int) -> Kind { nodes[node].kind }

    /// The index after `node`'s subtree: its next sibling.
    func next(_ node: Int) -> Int { Int(nodes[node].next) }

    /// The number of items of an array or members of an object.
    func count(_ node: Int) -> Int { Int(nodes[node].second) }

    func string(_ node: Int) -> String? {
        let n = nodes[node]
        switch n.kind {
        case .bytes:
            return bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[Int(n.first)..<Int(n.second)]), as: UTF8.self)
            }
        case .string: return strings[Int(n.first)]
        default: return nil
        }
    }

    /// `body` applied to the UTF-8 bytes of the text node `node`, in place; nil when it is not text.
    func withText<T>(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let n = nodes[node]
        switch n.kind {
        case .bytes: return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(n.first)..<Int(n.second)])) }
        case .string:
            var s = strings[Int(n.first)]
            return s.withUTF8(body)
        default: return nil
        }
    }

    func number(_ node: Int) -> Double? {
        let n = nodes[node]
        guard n.kind == .number else { return nil }
        return Double(bitPattern: UInt64(n.first) | UInt64(n.second) << 32)
    }

    func bool(_ node: Int) -> Bool? {
        switch nodes[node].kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// A name's bit in a `names(of:)` mask: by its length and its first and last bytes.
    @inline(__always) static func nameBit(_ k: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = k.first, let last = k.last else { return 1 }
        return 1 << ((UInt64(k.count) &* 7 &+ UInt64(first) &* 3 &+ UInt64(last)) & 63)
    }

    /// The bits of the member names of the object `node` (every bit when a name is not plain
    /// ASCII): a name whose bit is clear is not there. Decoders ask an object for a dozen
    /// optional members it mostly lacks; this answers those without a pass over its names.
    func names(of node: Int) -> UInt64 {
        nodes.withUnsafeBufferPointer { n in
            bytes.withUnsafeBufferPointer { b in
                var mask: UInt64 = 0
                var name = node + 1
                for _ in 0..<Int(n[node].second) {
                    let named = n[name]
                    guard named.kind == .bytes else { return ~0 }
                    mask |= Self.nameBit(UnsafeBufferPointer(rebasing: b[Int(named.first)..<Int(named.second)]))
                    name = Int(n[name + 1].next)
                }
                return mask
            }
        }
    }

    /// The value of the first member named `key` of the object `node`; nil when absent. `names`:
    /// the object's `names(of:)`, when the caller keeps it.
    func member(_ key: String, of node: Int, names: UInt64 = ~0) -> Int? {
        // One pass over the names with the buffers held once: a store of 100 alarms asks this
        // about 2 000 times, mostly for members that are absent.
        var key = key
        return key.withUTF8 { k in
            if names & Self.nameBit(k) == 0 { return nil }
            return nodes.withUnsafeBufferPointer { n in
                bytes.withUnsafeBufferPointer { b -> Int? in
                    var name = node + 1
                    for _ in 0..<Int(n[node].second) {
                        let named = n[name]
                        if named.kind == .bytes {
                            let start = Int(named.first)
                            if Int(named.second) - start == k.count {
                                var i = 0
                                while i < k.count, b[start + i] == k[i] { i += 1 }
                                if i == k.count { return name + 1 }
                            }
                        } else if strings[Int(named.first)].utf8.elementsEqual(k) {
                            return name + 1
                        }
                        name = Int(n[name + 1].next)
                    }
                    return nil
                }
            }
        }
    }

    /// `body` on each item of an array, or each member's value of an object (its name node is
    /// just before it), in order.
    func forEachChild<E: Error>(_ node: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        var k = node + 1
        let isObject = kind(node) == .object
        for _ in 0..<count(node) {
            if isObject { k += 1 }
            try body(k)
            k = next(k)
        }
    }

    /// The items of an array, or the members' values of an object, in order.
    func children(_ node: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(count(node))
        forEachChild(node) { out.append($0) }
        return out
    }

    /// The subtree at `node` as a tree.
    func value(at node: Int) -> JSONValue {
        switch kind(node) {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(number(node)!)
        case .bytes, .string: return .string(string(node)!)
        case .array: return .array(children(node).map { value(at: $0) })
        case .object: return .object(children(node).map { (string($0 - 1)!, value(at: $0)) })
        }
    }

    /// The whole document as a tree.
    public var value: JSONValue { value(at: Self.root) }
}
