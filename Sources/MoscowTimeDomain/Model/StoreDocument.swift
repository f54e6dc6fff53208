// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything the user owns: alarms, habits and settings, as one versioned document.
public struct StoreDocument: Hashable, Sendable {
    /// The schema this build writes. Older documents are migrated on read; newer ones are refused.
    /// 2 added `sync` (account, tombstones, day log times); 3 habits after Loop Habit Tracker
    /// (frequencies, goals per period, notes alone, achievements); 4 added the per-alarm `wake` and
    /// the `wakeAlarms` setting; 5 "workdays" after the production calendar and the user's calendar
    /// years; see `Migration.standard`.
    public static let currentSchemaVersion = 5

    public var settings = Settings() {
        didSet {
            if settings.holidays != oldValue.holidays {
                let h = habits
                habits = h
            }
        }
    }
    public var alarms: [Alarm] = []
    /// Every working-days habit follows the document's calendar (`Habit.workingCalendar`), set
    /// here whenever the habits, the setting or the user's years change: the habits' statistics
    /// and due days then need no other argument. (Written in the observer itself, which does not
    /// call itself again.)
    public var habits: [Habit] = [] {
        didSet {
            guard habits.contains(where: { $0.frequency == .workingDays }) else { return }
            let calendar = workingCalendar
            for i in habits.indices where habits[i].frequency == .workingDays { habits[i].workingCalendar = calendar }
        }
    }
    public var sync = SyncMetadata()
    /// When this machine's store took in each alarm's current version, by its own clock (the write
    /// that brought it: a command's edit, a sync, an import; `ArrivalStamper`). A version written
    /// while no agent read the store counts from its own write, not from a later write of
    /// something else (`NextRing.since`). Like `writtenAt`, not compared: it follows the content.
    public var arrivals: [String: Instant] {
        get { _arrivals.value }
        set { _arrivals.value = newValue }
    }
    private var _arrivals = Uncompared<[String: Instant]>([:])
    /// Years of the production calendar the user added (`agent-cli holidays import`); each
    /// replaces the shipped year of the same number.
    public var calendarYears: [Int: CalendarYear] = [:] {
        didSet {
            let h = habits
            habits = h
        }
    }
    /// When this machine last wrote the file the document was read from (its mtime, by this
    /// machine's own clock); nil for a document not read from a file. Not part of the document:
    /// two reads of the same content are equal. See `NextRing`: a change counts from here.
    public var writtenAt: Instant? {
        get { _writtenAt.value }
        set { _writtenAt.value = newValue }
    }
    private var _writtenAt = Uncompared<Instant?>(nil)

    public init() {}
    public init(settings: Settings, alarms: [Alarm], habits: [Habit] = []) {
        self.settings = settings
        self.alarms = alarms
        defer { self.habits = habits }  // through the observer (an initializer's own assignments skip it)
    }

    /// The working days every schedule and habit follows: the `holidays` setting's country with
    /// the user's own years. The one place they are put together.
    public var workingCalendar: WorkingCalendar {
        WorkingCalendar(country: settings.holidays, user: calendarYears)
    }

    /// The year whose official calendar is missing while an enabled alarm follows working days:
    /// what `status`, `show` and the tray say in one line (`CalendarDayText.missingYear`).
    public func missingCalendarYear(today: CivilDate) -> Int? {
        guard
            alarms.contains(where: { a in
                guard a.enabled, case .workdays = a.schedule else { return false }
                return true
            })
        else { return nil }
        return workingCalendar.missingYear(today: today)
    }

    /// The same document (settings, calendar) with only these alarms.
    public func with(alarms: [Alarm]) -> StoreDocument {
        var d = self
        d.alarms = alarms
        return d
    }

    public func alarm(id: String) -> Alarm? { alarms.first { $0.id == id } }
    public func alarmIndex(id: String) -> Int? { alarms.firstIndex { $0.id == id } }
}
