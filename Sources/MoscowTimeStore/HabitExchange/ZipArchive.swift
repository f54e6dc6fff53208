// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A minimal ZIP reader: the central directory, stored and deflated members, CRC-checked. Enough
/// for Loop Habit Tracker's export (Java's ZipOutputStream); encrypted and ZIP64 archives are refused.
public struct ZipArchive {
    public struct Member: Sendable {
        public let name: String
        let method: UInt16
        let flags: UInt16
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeader: Int
        public var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// Refuses archives that would inflate to more than this (a zip bomb, or not a habit export).
    public static let maximumTotalSize = 256 << 20

    let bytes: [UInt8]
    public let members: [Member]

    public static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    public init(_ bytes: [UInt8]) throws(InputError) {
        self.bytes = bytes
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
        var eocd: Int?
        var p = bytes.count - 22
        while p >= 0, p >= bytes.count - 22 - 65_535 {
            if Self.u32(bytes, p) == 0x0605_4B50 {
                eocd = p
                break
            }
            p -= 1
        }
        guard let e = eocd else { throw InputError("not a ZIP archive (no central directory)") }
        let count = Int(Self.u16(bytes, e + 10))
        let offset = Int(Self.u32(bytes, e + 16))
        guard offset != 0xFFFF_FFFF, count != 0xFFFF else { throw InputError("ZIP64 archives are not supported") }
        var members: [Member] = []
        var q = offset
        var total = 0
        for _ in 0..<count {
            guard q + 46 <= bytes.count, Self.u32(bytes, q) == 0x0201_4B50 else { throw InputError("damaged ZIP central directory") }
            let nameLength = Int(Self.u16(bytes, q + 28))
            let skip = nameLength + Int(Self.u16(bytes, q + 30)) + Int(Self.u16(bytes, q + 32))
            guard q + 46 + skip <= bytes.count else { throw InputError("damaged ZIP central directory") }
            let m = Member(
                name: String(decoding: bytes[(q + 46)..<(q + 46 + nameLength)], as: UTF8.self),
                method: Self.u16(bytes, q + 10), flags: Self.u16(bytes, q + 8), crc: Self.u32(bytes, q + 16),
                compressedSize: Int(Self.u32(bytes, q + 20)), size: Int(Self.u32(bytes, q + 24)),
                localHeader: Int(Self.u32(bytes, q + 42)))
            total += m.size
            guard total <= Self.maximumTotalSize else {
                throw InputError("the archive inflates to more than {value} MB", ["value": "\(Self.maximumTotalSize >> 20)"])
            }
            members.append(m)
            q += 46 + skip
        }
        self.members = members
    }

    public func member(named name: String) -> Member? { members.first { $0.name == name } }

    public func contents(of m: Member) throws(InputError) -> [UInt8] {
        guard m.flags & 1 == 0 else { throw InputError("{name} is encrypted", ["name": "\(m.name)"]) }
        let h = m.localHeader
        guard h + 30 <= bytes.count, Self.u32(bytes, h) == 0x0403_4B50 else {
            throw InputError("damaged ZIP member {name}", ["name": "\(m.name)"])
        }
        let start = h + 30 + Int(Self.u16(bytes, h + 26)) + Int(Self.u16(bytes, h + 28))
        guard start + m.compressedSize <= bytes.count else { throw InputError("ZIP member {name} is truncated", ["name": "\(m.name)"]) }
        let raw = bytes[start..<(start + m.compressedSize)]
        let data: [UInt8]
        switch m.method {
        case 0: data = Array(raw)
        case 8:
            do { data = try RawInflater.inflate(raw, size: m.size) } catch {
                throw InputError("ZIP member {name}: {error}", ["name": "\(m.name)"], parts: ["error": error.asMessage])
            }
        default:
            throw InputError(
                "ZIP member {name} uses compression method {method}; only stored and deflated are supported",
                ["name": "\(m.name)", "method": "\(m.method)"])
        }
        guard data.count == m.size, CRC32.checksum(data) == m.crc else {
            throw InputError("ZIP member {name} is damaged (CRC mismatch)", ["name": "\(m.name)"])
        }
        return data
    }

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
