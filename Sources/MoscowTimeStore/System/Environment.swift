// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The process environment as a dictionary, read without Foundation.
public enum Environment {
    public static var current: [String: String] { entries(environ) }

    /// The `NAME=value` entries of a null-terminated list such as `environ`.
    static func entries(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        // Room for every entry at once: growing the dictionary runs the standard library's own
        // resize, which finds the storage type by name at run time (a search of all the binary's
        // conformance records, 0.3 M instructions of each agent-cli command).
        var count = 0
        while list[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        var p = list
        while let entry = p.pointee {
            defer { p += 1 }
            // Split at the first '=' byte: what the Character search below finds whenever the bytes up
            // to it and the one after it are ASCII (then no grapheme cluster can join the '=' to
            // its neighbours), at a tenth of the instructions: this runs on every agent-cli command.
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            var eq = 0
            while eq < bytes.count, bytes[eq] != UInt8(ascii: "="), bytes[eq] < 0x80 { eq += 1 }
            if eq == bytes.count { continue }
            if bytes[eq] == UInt8(ascii: "="), eq + 1 == bytes.count || bytes[eq + 1] < 0x80 {
                result[String(decoding: UnsafeBufferPointer(rebasing: bytes[..<eq]), as: UTF8.self)] =
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(eq + 1)...]), as: UTF8.self)
                continue
            }
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") {
                result[String(s[..<eq])] = String(s[s.index(after: eq)...])
            }
        }
        return result
    }
}
