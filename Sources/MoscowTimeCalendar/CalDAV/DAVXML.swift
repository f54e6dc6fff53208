// SPDX-License-Identifier: GPL-3.0-or-later
import CXML
import Glibc

/// A parsed XML element with its namespace: just enough of a tree for WebDAV multistatus answers.
struct DAVElement {
    let namespace: String
    let name: String
    var children: [DAVElement] = []
    var text: String = ""
    /// Its attributes by local name (`<c:comp name="VEVENT"/>`).
    var attributes: [String: String] = [:]

    func attribute(_ name: String) -> String? { attributes[name] }

    func child(_ ns: String, _ name: String) -> DAVElement? {
        children.first { $0.namespace == ns && $0.name == name }
    }
    func all(_ ns: String, _ name: String) -> [DAVElement] {
        children.filter { $0.namespace == ns && $0.name == name }
    }
    /// Depth-first search for the first element named so.
    func find(_ ns: String, _ name: String) -> DAVElement? {
        if namespace == ns && self.name == name { return self }
        for c in children { if let f = c.find(ns, name) { return f } }
        return nil
    }

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// Whether the bytes declare a document type (`<!DOCTYPE`): the only way to define entities, and
    /// nothing a WebDAV answer needs, so such an answer is refused before libxml2 reads it.
    static func declaresDTD(_ bytes: [UInt8]) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)  // not UI
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + marker.count <= b.count {
                guard let p = memchr(b.baseAddress! + i, Int32(marker[0]), b.count - i) else { return false }
                i = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - b.baseAddress!
                if i + marker.count <= b.count, memcmp(b.baseAddress! + i, marker, marker.count) == 0 { return true }
                i += 1
            }
            return false
        }
    }

    /// What libxml2 reads of one text node without `XML_PARSE_HUGE` (its `XML_MAX_TEXT_LENGTH`).
    static let maximumTextBytes = 10_000_000

    /// Why bytes were not read as a tree.
    enum ReadFailure: Error {
        /// Not well-formed XML, a DTD, nested beyond libxml2's bound, or no root.
        case unreadable
        /// Well-formed as far as read, but one text node is over `maximumTextBytes`: one member's
        /// calendar data, say, which is that member's problem, not the server's.
        case textTooLong
    }

    /// Parses with libxml2 (no network, no DTD, no entities, libxml2's default depth and text
    /// bounds — never `XML_PARSE_HUGE`).
    static func read(_ bytes: [UInt8]) throws(ReadFailure) -> DAVElement {
        guard !bytes.isEmpty, !declaresDTD(bytes) else { throw .unreadable }
        // libxml2 reports some errors itself despite XML_PARSE_NOERROR ("answer.xml:10: parser error :
        // xmlSAX2Characters: huge text node", four raw lines on the terminal): they come here, and
        // the caller words what could not be read, naming the item, in the user's language.
        var memoryError = false
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        // The handler's context points at `memoryError` only while this closure runs.
        let parsed = withUnsafeMutablePointer(to: &memoryError) { flag -> xmlDocPtr? in
            xmlSetStructuredErrorFunc(flag) { flag, error in
                if error?.pointee.code == Int32(XML_ERR_NO_MEMORY.rawValue) {
                    flag?.assumingMemoryBound(to: Bool.self).pointee = true
                }
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return bytes.withUnsafeBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    xmlReadMemory($0, Int32(buf.count), "answer.xml", nil, options)
                }
            }
        }
        guard let doc = parsed
        else { throw memoryError && bytes.count > maximumTextBytes ? .textTooLong : .unreadable }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { throw .unreadable }
        return element(root)
    }

    private static func element(_ node: xmlNodePtr) -> DAVElement {
        let ns = node.pointee.ns.map { String(cString: UnsafeRawPointer($0.pointee.href).assumingMemoryBound(to: CChar.self)) } ?? ""
        var e = DAVElement(namespace: ns, name: String(cString: UnsafeRawPointer(node.pointee.name).assumingMemoryBound(to: CChar.self)))
        var attribute = node.pointee.properties
        while let a = attribute {
            if let name = a.pointee.name, let value = a.pointee.children?.pointee.content {
                e.attributes[String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))] = String(
                    cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
            }
            attribute = a.pointee.next
        }
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE: e.children.append(element(c))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = c.pointee.content {
                    e.text += String(cString: UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
                }
            default: break
            }
            child = c.pointee.next
        }
        return e
    }
}

/// One `<response>` of a multistatus: its href, status and the properties found (200).
struct DAVResponse {
    let href: String
    /// The response-level status (sync-collection reports 404 for removed members).
    let status: Int?
    let properties: [DAVElement]

    func property(_ ns: String, _ name: String) -> DAVElement? {
        properties.first { $0.namespace == ns && $0.name == name }
    }

    /// `<multistatus>` → responses and the `<sync-token>` a sync-collection REPORT ends with (RFC 6578).
    static func syncMultistatus(_ bytes: [UInt8]) throws(DAVElement.ReadFailure) -> (responses: [DAVResponse], syncToken: String?) {
        let root = try DAVElement.read(bytes)
        guard root.namespace == DAVElement.dav, root.name == "multistatus" else { throw .unreadable }
        let token = root.child(DAVElement.dav, "sync-token")?.text.trimmedXML
        return (responses(root), token.flatMap { $0.isEmpty ? nil : $0 })
    }

    private static func responses(_ root: DAVElement) -> [DAVResponse] {
        root.all(DAVElement.dav, "response").compactMap { r in
            guard let href = r.child(DAVElement.dav, "href")?.text.trimmedXML else { return nil }
            var props: [DAVElement] = []
            for ps in r.all(DAVElement.dav, "propstat") where statusCode(ps.child(DAVElement.dav, "status")?.text) == 200 {
                props += ps.child(DAVElement.dav, "prop")?.children ?? []
            }
            return DAVResponse(href: href, status: r.child(DAVElement.dav, "status").flatMap { statusCode($0.text) }, properties: props)
        }
    }

    /// "HTTP/1.1 200 OK" → 200.
    static func statusCode(_ line: String?) -> Int? {
        guard let parts = line?.split(separator: " "), parts.count >= 2 else { return nil }
        return Int(parts[1])
    }
}

extension String {
    var trimmedXML: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\n" || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\n" || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }

    /// `&`, `<`, `>` and quotes escaped for XML text.
    var xmlEscaped: String {
        var out = ""
        for c in self {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
