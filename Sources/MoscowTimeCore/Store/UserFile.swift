// SPDX-License-Identifier: GPL-3.0-or-later
/// A file the user names on the command line (an import), read whole.
public enum UserFile {
    public static func read(_ path: String) throws(InputError) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw InputError("cannot read \(path): \(error.message)") }
        guard let bytes else { throw InputError("cannot read \(path): no such file") }
        return bytes
    }
}
