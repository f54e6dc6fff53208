// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// Calls `onChange` when any of `fileNames` inside `directory` is written, created, deleted or renamed
/// into place (the atomic `write tmp; rename(tmp, name)` that editors and our own store use).
///
/// Watches the directory, not the files: a file monitor follows the inode and loses track after an
/// atomic replace. The directory is created (mode 0700, with parents) if missing, because GIO polls
/// a missing path every few seconds and the agent wants zero idle wake-ups; if it is deleted later,
/// the watcher re-creates it and watches the new one (and reports a change, the files are gone).
/// With `everyFile` (a calendar folder, the user's) it is never created: a deleted one is watched
/// again at its path, which GIO then polls until it is back.
///
/// Events are coalesced: the first relevant event starts a 100 ms timer, `onChange` runs once when it
/// ends. That timer exists only while events are arriving.
@MainActor
public final class DirectoryWatcher {
    public let directory: String
    public let fileNames: Set<String>
    private let onChange: @MainActor () -> Void
    /// `directory` as GIO spells it (canonical, no trailing slash), to compare with event paths.
    private let directoryPath: String
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private var debounceSourceID: UInt32 = 0
    /// Coalescing window; long enough to merge the events of one save, short enough to feel instant.
    public var debounceMilliseconds: UInt32 = 100

    /// Every file of the directory counts (`fileNames` empty), and the directory is not created:
    /// a calendar folder is the user's.
    public let everyFile: Bool
    /// The names of the files that changed, as of the last `onChange` (since the one before); nil
    /// when it cannot say (the directory itself went, and is watched again).
    public private(set) var changedNames: Set<String>? = []
    private var pendingNames: Set<String>? = []

    public init(directory: String, fileNames: Set<String>, everyFile: Bool = false, onChange: @escaping @MainActor () -> Void) {
        self.directory = directory
        self.fileNames = fileNames
        self.everyFile = everyFile
        self.onChange = onChange
        let file = g_file_new_for_path(directory)
        directoryPath = consumeGString(g_file_get_path(file)) ?? directory
        unrefObject(file)
        startMonitoring()
    }

    isolated deinit {
        if debounceSourceID != 0 { g_source_remove(debounceSourceID) }
        stopMonitoring()
    }

    /// Whether GIO watches the directory (it may refuse, e.g. with the inotify watches used up).
    public var isWatching: Bool { monitor != nil }

    private func startMonitoring() {
        if !everyFile, g_mkdir_with_parents(directory, 0o700) != 0 {
            Log.warning("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let file = g_file_new_for_path(directory)
        defer { unrefObject(file) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            Log.warning("cannot watch \(directory): \(GLibError(taking: error).message)")
            return
        }
        self.monitor = monitor
        connectSignal(
            UnsafeMutableRawPointer(monitor), "changed", handler: directoryMonitorChanged,
            data: WeakRef(self).retainedPointer())
    }

    private func stopMonitoring() {
        guard let monitor else { return }
        self.monitor = nil
        // Cancel first: a cancelled monitor emits nothing more; unref then frees it and our box.
        g_file_monitor_cancel(monitor)
        unrefObject(monitor)
    }

    fileprivate func handle(path: String?, otherPath: String?, event: GFileMonitorEvent) {
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGED, G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED,
            G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_RENAMED, G_FILE_MONITOR_EVENT_MOVED_IN,
            G_FILE_MONITOR_EVENT_MOVED_OUT:
            break
        default:
            return  // attribute changes, unmounts: not a content change
        }
        if event == G_FILE_MONITOR_EVENT_DELETED, path == directoryPath {
            // The directory itself went away: our inotify watch is dead. Start over on a fresh one.
            Log.info("\(directory) was removed; " + (everyFile ? "watching its path again" : "re-creating and watching it again"))
            stopMonitoring()
            startMonitoring()
            pendingNames = nil
            scheduleChange()
            return
        }
        let names = [path, otherPath].compactMap(name)
        guard !names.isEmpty else { return }
        pendingNames?.formUnion(names)
        scheduleChange()
    }

    /// The name of a file of the directory that counts, for a path of an event.
    private func name(_ path: String?) -> String? {
        matches(path) ? path.map { String($0.dropFirst(directoryPath.count + 1)) } : nil
    }

    private func matches(_ path: String?) -> Bool {
        guard let path, path.hasPrefix(directoryPath + "/") else { return false }
        return everyFile || fileNames.contains(String(path.dropFirst(directoryPath.count + 1)))
    }

    private func scheduleChange() {
        guard debounceSourceID == 0 else { return }
        debounceSourceID = MainLoopSource.timeout(milliseconds: debounceMilliseconds) { [weak self] in self?.debounceEnded() }
    }

    private func debounceEnded() {
        debounceSourceID = 0
        (changedNames, pendingNames) = (pendingNames, [])
        onChange()
    }
}

/// GFileMonitor::changed(monitor, file, other_file, event_type, user_data).
private let directoryMonitorChanged:
    @convention(c) (
        OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent,
        UnsafeMutableRawPointer?
    ) -> Void = { _, file, other, event, data in
        // Plain strings cross into the main-actor closure; the GFile pointers stay here.
        let path = file.flatMap { consumeGString(g_file_get_path($0)) }
        let otherPath = other.flatMap { consumeGString(g_file_get_path($0)) }
        let watcher = WeakRef<DirectoryWatcher>.from(data)
        MainActor.assumeIsolated {
            watcher?.object?.handle(path: path, otherPath: otherPath, event: event)
        }
    }
