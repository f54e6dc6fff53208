// SPDX-License-Identifier: GPL-3.0-or-later

/// An iCalendar text as its content lines, edited one line at a time: a line not edited keeps its
/// bytes — its folding, its line ending, its parameters' quoting and order, its value's escapes.
///
/// Why not libical's tree: serialising a tree libical parsed writes every line again in libical's
/// form (refolded at 75 octets, parameters requoted, `VALUE=` and escapes normalised, unknown
/// `X-LIC-ERROR`s added), so another program's event would come back changed in lines no edit
/// touched. libical still reads the text (`AdoptedEventPatch`) for what the edits need to know;
/// only the writing is done here.
struct ContentLines {
    struct Line {
        /// The physical lines as they are in the text, each with its line ending.
        var raw: String
        /// The unfolded line, without its ending.
        let logical: String

        /// The property's name, upper case (`DTSTART`, `BEGIN`).
        var name: String { String(logical.prefix { $0 != ";" && $0 != ":" }).uppercased() }

        /// The value: after the first colon outside a quoted parameter value.
        var value: String { String(logical[valueStart...]) }

        /// The name's parameters as written (`;TZID=Europe/Moscow`), empty when none.
        var parameters: String {
            let nameEnd = logical.firstIndex { $0 == ";" || $0 == ":" } ?? logical.endIndex
            let colon = logical.index(before: valueStart)
            return nameEnd < colon ? String(logical[nameEnd..<colon]) : ""
        }

        private var valueStart: String.Index {
            var quoted = false
            for i in logical.indices {
                let c = logical[i]
                if c == "\"" { quoted.toggle() }
                if c == ":" && !quoted { return logical.index(after: i) }
            }
            return logical.endIndex
        }
    }

    var lines: [Line] = []
    /// The line ending the text uses ("\r\n" as RFC 5545 says, or "\n"), for the lines added.
    let newline: String

    init(_ text: String) {
        // By scalars: "\r\n" is one Character, which a split on "\n" would not see.
        let scalars = text.unicodeScalars
        newline = scalars.contains("\r") || !scalars.contains("\n") ? "\r\n" : "\n"
        var pieces = scalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        let endsWithNewline = pieces.last == ""
        if endsWithNewline { pieces.removeLast() }
        for (k, piece) in pieces.enumerated() {
            let raw = piece + (k < pieces.count - 1 || endsWithNewline ? "\n" : "")
            var content = Substring(piece).unicodeScalars
            if content.last == "\r" { content = content.dropLast() }
            let logical = String(String.UnicodeScalarView(content))
            if let first = content.first, first == " " || first == "\t", let last = lines.popLast() {
                lines.append(Line(raw: last.raw + raw, logical: last.logical + String(String.UnicodeScalarView(content.dropFirst()))))
            } else {
                lines.append(Line(raw: raw, logical: logical))
            }
        }
    }

    var text: String { lines.map(\.raw).joined() }

    /// A new line folded at 75 octets (RFC 5545 §3.1), never inside a character.
    func folded(_ logical: String) -> Line {
        var raw = ""
        var octets = 0
        for c in logical.unicodeScalars {
            let n = String(c).utf8.count
            if octets + n > 75 {
                raw += newline + " "
                octets = 1
            }
            raw.unicodeScalars.append(c)
            octets += n
        }
        return Line(raw: raw + newline, logical: logical)
    }
}
