// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

extension CollectionMirror {
    /// Sends back each mirror file changed here since the sync wrote it (its bytes hash otherwise
    /// than the record's): a PUT of the file byte for byte, only over the ETag the mirror is at
    /// (If-Match). Sent, the server's copy is fetched again into the file; refused because the server's copy
    /// changed meanwhile (412), the server's copy wins: the next listing fetches it over the file,
    /// and the resource is returned as dropped. `unsent`: one could not be sent (tried next sync).
    mutating func uploadLocalChanges() -> (dropped: [String], unsent: Bool) {
        let changed = localChanges()
        guard !changed.isEmpty else { return ([], false) }
        var dropped: [String] = []
        var unsent = false
        client.writeAll(changed.map { ($0.href, $0.text, record.resources[$0.href]?.etag) }) { index, result in
            let c = changed[index]
            switch result {
            case .success(.stored):
                // The server may keep it in its own form (Radicale orders the properties again, an
                // ETag notwithstanding): the listing that follows fetches its copy into the file.
                record.resources[c.href] = .init(file: c.file, etag: "", hash: c.hash)
            case .success(.changedOnServer):
                dropped.append(c.href)
                record.resources[c.href]?.etag = ""
            case .success(.removed), .failure: unsent = true
            }
            return true
        }
        return (dropped, unsent)
    }

    /// The mirror files whose bytes are not those the sync wrote, as UTF-8 text (iCalendar's).
    func localChanges() -> [(href: String, file: String, text: String, hash: String)] {
        record.resources.keys.sorted().compactMap { href in
            guard let r = record.resources[href], let file = r.file,
                let bytes = try? UserFile.read(folder + "/" + file, limit: CalendarLimits.maximumFileBytes)
            else { return nil }
            let hash = CalDAVMirrorNames.fnv(bytes)
            guard hash != r.hash, Self.readable(bytes), let text = String(validating: bytes, as: UTF8.self) else { return nil }
            return (href, file, text, hash)
        }
    }
}
