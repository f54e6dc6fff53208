// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes an export where the user asked, atomically (a crash never leaves half a file).
public enum HabitExportFile {
    public static func write(_ text: String, to path: String) throws(StoreError) {
        do { try FileSystem.writeAtomically(Array(text.utf8), to: path, backup: nil) } catch {
            throw StoreError(path: path, kind: .writeFailed(error.reason))
        }
    }
}
