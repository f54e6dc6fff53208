// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything the user owns: alarms, habits and settings, as one versioned document.
public struct StoreDocument: Hashable, Sendable {
    /// The schema this build writes. Older documents are migrated on read; newer ones are refused.
    /// 2 added `sync` (account, tombstones, day log times); 3 habits after Loop Habit Tracker
    /// (frequencies, goals per period, notes alone, achievements); 4 added the per-alarm `wake` and
    /// the `wakeAlarms` setting; see `Migration.standard`.
    public static let currentSchemaVersion = 4

    public var settings = Settings()
    public var alarms: [Alarm] = []
    public var habits: [Habit] = []
    public var sync = SyncMetadata()

    public init() {}
    public init(settings: Settings, alarms: [Alarm], habits: [Habit] = []) {
        self.settings = settings; self.alarms = alarms; self.habits = habits
    }

    public func alarm(id: String) -> Alarm? { alarms.first { $0.id == id } }
    public func alarmIndex(id: String) -> Int? { alarms.firstIndex { $0.id == id } }
}
