// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// One kind of item the sync keeps in a collection of its own — alarms (`AlarmSyncKind`, with the
/// events other programs added to their collection) and habits (`HabitSyncKind`) — and what the
/// sync does with its versions: read them from a member, write, compare, merge and keep them.
protocol SyncKind {
    associatedtype Version: SyncItemVersion

    /// The component its collection holds ("VEVENT", "VTODO").
    static var component: String { get }
    /// Its collection's name on the server, shared by every machine (whatever its language).
    static var displayName: String { get }
    /// The start of the name of each member this machine adds: "<prefix>-<id>.ics".
    static var prefix: String { get }
    /// Another program's member becomes an item of ours where it can (`CalendarImporter.read(adopting:)`).
    static var adoptsOtherPrograms: Bool { get }

    /// The versions one member of its collection holds, by id.
    static func versions(in imp: CalendarImport) -> [(String, Version)]
    /// Two versions of one item merged (`SyncMerge`).
    static func merge(local: Version, remote: Version, localChanged: Bool, remoteChanged: Bool) -> SyncMerge.Outcome<Version>
    /// The document takes a version.
    static func apply(_ version: Version, to doc: inout StoreDocument)
    /// The document drops the record of the item's deletion (`StoreDocument.forgetDeletedAlarm`).
    static func forgetDeleted(_ id: String, in doc: inout StoreDocument)

    /// The collection's URL.
    var collection: String { get }
    /// A version as its member's text on the server.
    func render(_ version: Version) -> String
    /// What a version is rendered from, as one hash (`SyncState.Item.model`).
    func digest(_ version: Version) -> String
    /// A version that lost a conflict, as the conflict log keeps it.
    func describe(_ version: Version) -> String
    /// Whether the server copy already says the merge's result, so that nothing is sent.
    func unchanged(_ result: Version, onServer server: Version) -> Bool
    /// Whether a version taken changes nothing but stamps here (no "change taken").
    func sameMeaning(_ a: Version, _ b: Version) -> Bool
}

extension SyncKind {
    func unchanged(_ result: Version, onServer server: Version) -> Bool { result == server }

    func sameMeaning(_ a: Version, _ b: Version) -> Bool { a == b }

    /// Where this machine adds the item to the collection.
    func url(of id: String) -> String { collection + "\(Self.prefix)-\(id).ics" }
}
