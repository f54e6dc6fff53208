// SPDX-License-Identifier: GPL-3.0-or-later
import CXML
import Glibc

/// A parsed XML element with its namespace: just enough of a tree for WebDAV multistatus answers.
struct DAVElement {
    let namespace: String
    let name: String
    var children: [DAVElement] = []
    var text: String = ""

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

    /// Parses with libxml2 (no network, no DTD, no entities, libxml2's default depth bound — never
    /// `XML_PARSE_HUGE`); nil when the bytes are not well-formed XML or declare a DTD.
    static func parse(_ bytes: [UInt8]) -> DAVElement? {
        guard !bytes.isEmpty, !declaresDTD(bytes) else { return nil }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard
            let doc = bytes.withUnsafeBufferPointer({ buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    xmlReadMemory($0, Int32(buf.count), "answer.xml", nil, options)
                }
            })
        else { return nil }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { return nil }
        return element(root)
    }

    private static func element(_ node: xmlNodePtr) -> DAVElement {
        let ns = node.pointee.ns.map { String(cString: UnsafeRawPointer($0.pointee.href).assumingMemoryBound(to: CChar.self)) } ?? ""
        var e = DAVElement(namespace: ns, name: String(cString: UnsafeRawPointer(node.pointee.name).assumingMemoryBound(to: CChar.self)))
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

    /// `<multistatus>` → responses; nil when the answer is not one.
    static func multistatus(_ bytes: [UInt8]) -> [DAVResponse]? { syncMultistatus(bytes)?.responses }

    /// `<multistatus>` → responses and the `<sync-token>` a sync-collection REPORT ends with (RFC 6578).
    static func syncMultistatus(_ bytes: [UInt8]) -> (responses: [DAVResponse], syncToken: String?)? {
        guard let root = DAVElement.parse(bytes), root.namespace == DAVElement.dav, root.name == "multistatus" else { return nil }
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
