// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A failure as sync-state.json keeps it: a code (the case's name) and its values in order, so the
/// reason is worded when it is shown, in the reader's language. Codes are part of the file format:
/// never rename one (a new case gets a new code).
extension SyncFailure {
    public var stored: (code: String, values: [String]) {
        switch self {
        case .invalidURL(let url): return ("invalidURL", [url])
        case .certificateRefused(let url, let detail): return ("certificateRefused", [url, detail])
        case .unreachable(let url, let detail): return ("unreachable", [url, detail])
        case .authenticationRefused(let url): return ("authenticationRefused", [url])
        case .notMultistatus(let method, let url, let status): return ("notMultistatus", [method, url, String(status)])
        case .unreadableMultistatus(let method, let url): return ("unreadableMultistatus", [method, url])
        case .notACalendar(let url): return ("notACalendar", [url])
        case .unexpectedStatus(let method, let url, let status): return ("unexpectedStatus", [method, url, String(status)])
        case .cannotCreateCalendar(let url, let status): return ("cannotCreateCalendar", [url, String(status)])
        case .listedWithoutETag(let href): return ("listedWithoutETag", [href])
        case .changeWithoutETag(let href): return ("changeWithoutETag", [href])
        case .listedNotReturned(let url): return ("listedNotReturned", [url])
        case .invalidResource(let url, let error):
            let (code, values) = error.problem.stored
            return ("invalidResource", [url, error.line.map(String.init) ?? "", code] + values)
        case .unknownZone(let zone): return ("unknownZone", [zone])
        case .timedOut(let method, let url, let seconds): return ("timedOut", [method, url, String(seconds)])
        case .syncDeadline(let seconds): return ("syncDeadline", [String(seconds)])
        case .answerTooLarge(let method, let url, let limit): return ("answerTooLarge", [method, url, String(limit)])
        case .answerWithDTD(let method, let url): return ("answerWithDTD", [method, url])
        case .endedByAgent(let seconds): return ("endedByAgent", [String(seconds)])
        case .crashed(let signal): return ("crashed", [String(signal)])
        }
    }

    /// Nil for a code this version does not know (a newer version's) or values that do not fit it.
    public init?(code: String, values v: [String]) {
        func int(_ k: Int) -> Int? { Int(v[k]) }
        switch (code, v.count) {
        case ("invalidURL", 1): self = .invalidURL(v[0])
        case ("certificateRefused", 2): self = .certificateRefused(url: v[0], detail: v[1])
        case ("unreachable", 2): self = .unreachable(url: v[0], detail: v[1])
        case ("authenticationRefused", 1): self = .authenticationRefused(url: v[0])
        case ("notMultistatus", 3):
            guard let s = int(2) else { return nil }
            self = .notMultistatus(method: v[0], url: v[1], status: s)
        case ("unreadableMultistatus", 2): self = .unreadableMultistatus(method: v[0], url: v[1])
        case ("notACalendar", 1): self = .notACalendar(url: v[0])
        case ("unexpectedStatus", 3):
            guard let s = int(2) else { return nil }
            self = .unexpectedStatus(method: v[0], url: v[1], status: s)
        case ("cannotCreateCalendar", 2):
            guard let s = int(1) else { return nil }
            self = .cannotCreateCalendar(url: v[0], status: s)
        case ("listedWithoutETag", 1): self = .listedWithoutETag(href: v[0])
        case ("changeWithoutETag", 1): self = .changeWithoutETag(href: v[0])
        case ("listedNotReturned", 1): self = .listedNotReturned(url: v[0])
        case ("invalidResource", 3...):
            guard let problem = CalendarFileProblem(code: v[2], values: Array(v[3...])) else { return nil }
            self = .invalidResource(url: v[0], CalendarFileError(line: Int(v[1]), problem))
        case ("unknownZone", 1): self = .unknownZone(v[0])
        case ("timedOut", 3):
            guard let s = int(2) else { return nil }
            self = .timedOut(method: v[0], url: v[1], seconds: s)
        case ("syncDeadline", 1):
            guard let s = int(0) else { return nil }
            self = .syncDeadline(seconds: s)
        case ("answerTooLarge", 3):
            guard let l = int(2) else { return nil }
            self = .answerTooLarge(method: v[0], url: v[1], limit: l)
        case ("answerWithDTD", 2): self = .answerWithDTD(method: v[0], url: v[1])
        case ("endedByAgent", 1):
            guard let s = int(0) else { return nil }
            self = .endedByAgent(seconds: s)
        case ("crashed", 1):
            guard let s = int(0) else { return nil }
            self = .crashed(signal: s)
        default: return nil
        }
    }
}

extension CalendarFileProblem {
    public var stored: (code: String, values: [String]) {
        switch self {
        case .notNameValue(let found): return ("notNameValue", [found])
        case .notPropertyName(let name): return ("notPropertyName", [name])
        case .beginWithoutName: return ("beginWithoutName", [])
        case .expectedCalendar(let found): return ("expectedCalendar", [found])
        case .endWithoutBegin(let name): return ("endWithoutBegin", [name])
        case .endClosesOther(let end, let begin, let line): return ("endClosesOther", [end, begin, String(line)])
        case .propertyOutsideCalendar(let name): return ("propertyOutsideCalendar", [name])
        case .unreadableProperty(let name, let excerpt): return ("unreadableProperty", [name, excerpt])
        case .neverClosed(let name): return ("neverClosed", [name])
        case .notICalendar: return ("notICalendar", [])
        case .notUTF8: return ("notUTF8", [])
        case .fileTooLarge(let size, let limit): return ("fileTooLarge", [String(size), String(limit)])
        case .lineTooLong(let limit): return ("lineTooLong", [String(limit)])
        case .tooManyLines(let limit): return ("tooManyLines", [String(limit)])
        case .tooManyComponents(let limit): return ("tooManyComponents", [String(limit)])
        case .nestedTooDeep(let limit): return ("nestedTooDeep", [String(limit)])
        case .zoneNotInDatabase(let zone): return ("zoneNotInDatabase", [zone])
        case .libicalUnreadable: return ("libicalUnreadable", [])
        case .libical(let text): return ("libical", text.map { [$0] } ?? [])
        case .notUTCTime(let property, let value): return ("notUTCTime", [property, value])
        case .notAnID(let property, let value): return ("notAnID", [property, value])
        case .alarmLabel(let issue): return ("alarmLabel", Self.flatten(issue))
        case .habitName(let issue): return ("habitName", Self.flatten(issue))
        case .notTrueOrFalse(let property, let value): return ("notTrueOrFalse", [property, value])
        case .snoozeOutOfRange(let property, let value, let minimum, let maximum):
            return ("snoozeOutOfRange", [property, value, String(minimum), String(maximum)])
        case .rampOutOfRange(let property, let value, let minimum, let maximum):
            return ("rampOutOfRange", [property, value, String(minimum), String(maximum)])
        case .noCreationTime: return ("noCreationTime", [])
        case .habitStartNotADate: return ("habitStartNotADate", [])
        case .unknownFrequency(let property, let value): return ("unknownFrequency", [property, value])
        case .notReminderTimes(let property, let value): return ("notReminderTimes", [property, value])
        case .invalidTarget(let text): return ("invalidTarget", [text])
        case .invalidGoal: return ("invalidGoal", [])
        case .dayNoteWithoutDate: return ("dayNoteWithoutDate", [])
        case .removedDayInvalid: return ("removedDayInvalid", [])
        case .notADate(let text): return ("notADate", [text])
        case .dayOutOfRange(let day): return ("dayOutOfRange", [day.description])
        case .dayBeforeStart(let day, let start): return ("dayBeforeStart", [day.description, start.description])
        case .dayTwice(let day): return ("dayTwice", [day.description])
        case .invalidAmount(let text): return ("invalidAmount", [text])
        case .numericDayState: return ("numericDayState", [])
        case .dayState: return ("dayState", [])
        }
    }

    public init?(code: String, values v: [String]) {
        func date(_ k: Int) -> CivilDate? { CivilDate(iso: Substring(v[k])) }
        switch (code, v.count) {
        case ("notNameValue", 1): self = .notNameValue(found: v[0])
        case ("notPropertyName", 1): self = .notPropertyName(v[0])
        case ("beginWithoutName", 0): self = .beginWithoutName
        case ("expectedCalendar", 1): self = .expectedCalendar(found: v[0])
        case ("endWithoutBegin", 1): self = .endWithoutBegin(v[0])
        case ("endClosesOther", 3):
            guard let l = Int(v[2]) else { return nil }
            self = .endClosesOther(end: v[0], begin: v[1], beginLine: l)
        case ("propertyOutsideCalendar", 1): self = .propertyOutsideCalendar(v[0])
        case ("unreadableProperty", 2): self = .unreadableProperty(name: v[0], excerpt: v[1])
        case ("neverClosed", 1): self = .neverClosed(v[0])
        case ("notICalendar", 0): self = .notICalendar
        case ("notUTF8", 0): self = .notUTF8
        case ("fileTooLarge", 2):
            guard let n = Int(v[0]), let l = Int(v[1]) else { return nil }
            self = .fileTooLarge(size: n, limit: l)
        case ("lineTooLong", 1):
            guard let l = Int(v[0]) else { return nil }
            self = .lineTooLong(limit: l)
        case ("tooManyLines", 1):
            guard let l = Int(v[0]) else { return nil }
            self = .tooManyLines(limit: l)
        case ("tooManyComponents", 1):
            guard let l = Int(v[0]) else { return nil }
            self = .tooManyComponents(limit: l)
        case ("nestedTooDeep", 1):
            guard let l = Int(v[0]) else { return nil }
            self = .nestedTooDeep(limit: l)
        case ("zoneNotInDatabase", 1): self = .zoneNotInDatabase(v[0])
        case ("libicalUnreadable", 0): self = .libicalUnreadable
        case ("libical", 0...1): self = .libical(v.first)
        case ("notUTCTime", 2): self = .notUTCTime(property: v[0], value: v[1])
        case ("notAnID", 2): self = .notAnID(property: v[0], value: v[1])
        case ("alarmLabel", 1...): self = .alarmLabel(Self.message(v))
        case ("habitName", 1...): self = .habitName(Self.message(v))
        case ("notTrueOrFalse", 2): self = .notTrueOrFalse(property: v[0], value: v[1])
        case ("snoozeOutOfRange", 4):
            guard let lo = Int(v[2]), let hi = Int(v[3]) else { return nil }
            self = .snoozeOutOfRange(property: v[0], value: v[1], minimum: lo, maximum: hi)
        case ("rampOutOfRange", 4):
            guard let lo = Int(v[2]), let hi = Int(v[3]) else { return nil }
            self = .rampOutOfRange(property: v[0], value: v[1], minimum: lo, maximum: hi)
        case ("noCreationTime", 0): self = .noCreationTime
        case ("habitStartNotADate", 0): self = .habitStartNotADate
        case ("unknownFrequency", 2): self = .unknownFrequency(property: v[0], value: v[1])
        case ("notReminderTimes", 2): self = .notReminderTimes(property: v[0], value: v[1])
        case ("invalidTarget", 1): self = .invalidTarget(v[0])
        case ("invalidGoal", 0): self = .invalidGoal
        case ("dayNoteWithoutDate", 0): self = .dayNoteWithoutDate
        case ("removedDayInvalid", 0): self = .removedDayInvalid
        case ("notADate", 1): self = .notADate(v[0])
        case ("dayOutOfRange", 1):
            guard let d = date(0) else { return nil }
            self = .dayOutOfRange(d)
        case ("dayBeforeStart", 2):
            guard let d = date(0), let s = date(1) else { return nil }
            self = .dayBeforeStart(day: d, start: s)
        case ("dayTwice", 1):
            guard let d = date(0) else { return nil }
            self = .dayTwice(d)
        case ("invalidAmount", 1): self = .invalidAmount(v[0])
        case ("numericDayState", 0): self = .numericDayState
        case ("dayState", 0): self = .dayState
        default: return nil
        }
    }

    /// A label rule's message (`LabelRules.issue`): its key, then its values as name, value pairs.
    static func flatten(_ m: Message) -> [String] {
        [m.template] + m.values.keys.sorted().flatMap { [$0, m.values[$0]!] }
    }

    static func message(_ v: [String]) -> Message {
        var values: [String: String] = [:]
        var k = 1
        while k + 1 < v.count {
            values[v[k]] = v[k + 1]
            k += 2
        }
        return Message(v[0], values)
    }
}
