// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain

/// The calendar library's typed errors and warnings in the reader's language: the one place they
/// are worded (the library knows no language). Values from outside — a line excerpt, libical's or
/// libsoup's own text, a URL, an HTTP status — are quoted inside the translated sentence.
enum CalendarWording {
    /// "FILE, line N: why" (or "FILE: why" for the file as a whole).
    static func fileError(_ e: CalendarFileError, file: String, _ t: Localizer) -> String {
        let reason = problem(e.problem, t)
        guard let line = e.line else { return t("{file}: {reason}", ["file": file, "reason": reason]) }
        return t("{file}, line {line}: {reason}", ["file": file, "line": String(line), "reason": reason])
    }

    static func problem(_ p: CalendarFileProblem, _ t: Localizer) -> String {
        switch p {
        case .notNameValue, .notPropertyName, .beginWithoutName, .expectedCalendar, .endWithoutBegin, .endClosesOther,
            .propertyOutsideCalendar, .unreadableProperty, .neverClosed, .notICalendar, .notUTF8:
            return structureProblem(p, t)
        case .fileTooLarge, .lineTooLong, .tooManyLines, .tooManyComponents, .nestedTooDeep, .zoneNotInDatabase, .libicalUnreadable,
            .libical:
            return boundsProblem(p, t)
        case .notUTCTime, .notAnID, .alarmLabel, .habitName, .notTrueOrFalse, .snoozeOutOfRange, .rampOutOfRange, .noCreationTime,
            .habitStartNotADate, .unknownFrequency, .notReminderTimes, .invalidTarget, .invalidGoal, .dayNoteWithoutDate,
            .removedDayInvalid, .notADate, .dayOutOfRange, .dayBeforeStart, .dayTwice, .invalidAmount, .numericDayState, .dayState:
            return itemProblem(p, t)
        }
    }

    /// The file's structure (`ICSLineScanner`).
    private static func structureProblem(_ p: CalendarFileProblem, _ t: Localizer) -> String {
        switch p {
        case .notNameValue(let found):
            return t("expected NAME:value, found \"{text}\"", ["text": found])
        case .notPropertyName(let name):
            return t("\"{text}\" is not a property name", ["text": name])
        case .beginWithoutName:
            return t("BEGIN without a component name")
        case .expectedCalendar(let found):
            return t("expected BEGIN:VCALENDAR, found BEGIN:{name}", ["name": found])
        case .endWithoutBegin(let name):
            return t("END:{name} without a matching BEGIN", ["name": name])
        case .endClosesOther(let end, let begin, let line):
            return t("END:{end} closes BEGIN:{begin} of line {line}", ["end": end, "begin": begin, "line": String(line)])
        case .propertyOutsideCalendar(let name):
            return t("the property {name} is outside BEGIN:VCALENDAR … END:VCALENDAR", ["name": name])
        case .unreadableProperty(let name, let excerpt):
            return t("cannot read the {name} property: \"{text}\"", ["name": name, "text": excerpt])
        case .neverClosed(let name):
            return t("BEGIN:{name} is never closed (END:{name} missing)", ["name": name])
        case .notICalendar:
            return t("not an iCalendar file: no BEGIN:VCALENDAR")
        case .notUTF8:
            return t("the line is not UTF-8 text")
        default: preconditionFailure()
        }
    }

    /// The bounds of `CalendarLimits`, a zone not in the tz database, and libical's own verdict.
    private static func boundsProblem(_ p: CalendarFileProblem, _ t: Localizer) -> String {
        switch p {
        case .fileTooLarge(_, let limit):
            return t(
                "the file is larger than {limit} MiB, the most an import reads; split it into smaller files", ["limit": String(limit >> 20)]
            )
        case .lineTooLong(let limit):
            return t(
                "the line (with its continuation lines) is longer than {limit} KiB, the most a calendar line may have",
                ["limit": String(limit >> 10)])
        case .tooManyLines(let limit):
            return t(
                "the file has more than {limit} lines, the most an import reads; split it into smaller files", ["limit": String(limit)])
        case .tooManyComponents(let limit):
            return t(
                "the file has more than {limit} components (BEGIN lines), the most an import reads; split it into smaller files",
                ["limit": String(limit)])
        case .nestedTooDeep(let limit):
            return t("components are nested more than {limit} deep (BEGIN inside BEGIN); a calendar nests 3", ["limit": String(limit)])
        case .zoneNotInDatabase(let zone):
            return t(
                "the time zone \"{zone}\" is neither a tz database name such as Europe/Moscow nor a VTIMEZONE of the file", ["zone": zone])
        case .libicalUnreadable:
            return t("libical could not read the file")
        case .libical(let text?):
            return t("libical reports \"{text}\"", ["text": text])
        case .libical(nil):
            return t("libical could not read this component")
        default: preconditionFailure()
        }
    }

    /// Our own items (`OwnAlarmReader`, `HabitTodoReader`, `CalendarImporter`).
    private static func itemProblem(_ p: CalendarFileProblem, _ t: Localizer) -> String {
        switch p {
        case .notUTCTime(let property, let value):
            return t("{property} \"{value}\" is not a UTC time like 20261120T070000Z", ["property": property, "value": value])
        case .notAnID(let property, let value):
            return t("{property} \"{value}\" is not 8 lowercase hex digits", ["property": property, "value": value])
        case .alarmLabel(let issue):
            return t("the alarm label is not accepted: {why}", ["why": issue.text(t)])
        case .habitName(let issue):
            return t("the habit name is not accepted: {why}", ["why": issue.text(t)])
        case .notTrueOrFalse(let property, let value):
            return t("{property} must be TRUE or FALSE, not \"{value}\"", ["property": property, "value": value])
        case .snoozeOutOfRange(let property, let value, let minimum, let maximum):
            return t(
                "{property} must be minutes in {min}…{max}, not \"{value}\"",
                ["property": property, "value": value, "min": String(minimum), "max": String(maximum)])
        case .rampOutOfRange(let property, let value, let minimum, let maximum):
            return t(
                "{property} must be seconds in {min}…{max}, not \"{value}\"",
                ["property": property, "value": value, "min": String(minimum), "max": String(maximum)])
        case .noCreationTime:
            return t("the item has neither CREATED nor DTSTAMP")
        case .habitStartNotADate:
            return t("a habit's DTSTART must be a date (DTSTART;VALUE=DATE:20261120)")
        case .unknownFrequency(let property, let value):
            return t(
                "{property} \"{value}\" is not daily, weekdays:mon,…, every:N, perWeek:N or perMonth:N",
                ["property": property, "value": value])
        case .notReminderTimes(let property, let value):
            return t("{property} \"{value}\" is not a list of times like 08:00,20:00", ["property": property, "value": value])
        case .invalidTarget(let text):
            return t("the target \"{value}\" is not a number above 0 and at most 1000000", ["value": text])
        case .invalidGoal:
            return t("X-GOAL must be at-least or at-most")
        case .dayNoteWithoutDate:
            return t("a day note needs X-DATE=YYYYMMDD")
        case .removedDayInvalid:
            return t("expected X-LOGGED=<UTC time> and a date like 20261120")
        case .notADate(let text):
            return t("\"{value}\" is not a date like 20261120", ["value": text])
        case .dayOutOfRange(let day):
            return t("{date} is outside the years 2000 to 2199 that habits can have", ["date": day.description])
        case .dayBeforeStart(let day, let start):
            return t("{date} is before the habit's start {start}", ["date": day.description, "start": start.description])
        case .dayTwice(let day):
            return t("{date} appears twice", ["date": day.description])
        case .invalidAmount(let text):
            return t("X-AMOUNT \"{value}\" is not a number in 0…1000000", ["value": text])
        case .numericDayState:
            return t("a numeric habit's day needs X-STATE=done;X-AMOUNT=N or X-STATE=skip")
        case .dayState:
            return t("a day needs X-STATE=done or X-STATE=skip")
        default: preconditionFailure()
        }
    }

    static func refusal(_ r: EventRefusal, _ t: Localizer) -> String {
        switch r {
        case .noStart: return t("it has no DTSTART")
        case .unknownZone(let zone): return t("its time zone \"{zone}\" is unknown", ["zone": zone])
        case .zoneNotInDatabase(let zone):
            return t(
                "its time zone \"{zone}\" is neither a tz database name such as Europe/Moscow nor a VTIMEZONE of the file", ["zone": zone])
        case .timerFormat(let property): return t("{property} needs a whole number of seconds and a UTC DTSTART", ["property": property])
        case .unreadableStart: return t("its DTSTART cannot be read")
        case .rdate: return t("RDATE cannot be expressed as an alarm schedule")
        case .notWholeMinute(let clock): return t("its reminder is at {time}; alarms ring on whole minutes", ["time": clock])
        case .inDaylightSavingGap(let zone): return t("its reminder time does not exist in {zone} (a daylight saving gap)", ["zone": zone])
        case .severalRules: return t("it has several RRULEs")
        case .rule(let rule): return t("RRULE {rule} cannot be expressed as an alarm schedule", ["rule": rule])
        case .offsetChanges(let zone):
            return t("its reminders do not fall at one local time in {zone} (the event's zone changes its offset to ours)", ["zone": zone])
        case .fixedReminderOnRepeatingEvent:
            return t("a reminder at a fixed date on a repeating event cannot be expressed as an alarm schedule")
        case .unreadableReminderTime: return t("its reminder time cannot be read")
        case .intervalOutOfRange(let value, let maximum):
            return t(
                "INTERVAL={value} is out of range: alarms repeat every 1 to {maximum} days", ["value": value, "maximum": String(maximum)])
        case .dateOutOfRange(let date):
            return t("its date {date} is outside the years 2000 to 2199 that alarms can have", ["date": date])
        }
    }

    /// `event "Title" (UID x)`, as a warning names it.
    static func event(_ name: CalendarEventName, _ t: Localizer) -> String {
        switch (name.summary.isEmpty, name.uid.isEmpty) {
        case (false, false): return t("event \"{title}\" (UID {uid})", ["title": name.summary, "uid": name.uid])
        case (false, true): return t("event \"{title}\"", ["title": name.summary])
        case (true, false): return t("an event without a title (UID {uid})", ["uid": name.uid])
        case (true, true): return t("an event without a title or UID")
        }
    }

    static func warning(_ w: CalendarWarning, _ t: Localizer) -> String {
        switch w {
        case .eventRefused(let name, let why):
            return t("{event}: {why}; skipped", ["event": event(name, t), "why": refusal(why, t)])
        case .titleNotALabel(let name):
            return t("{event}: its title cannot be an alarm label; skipped", ["event": event(name, t)])
        case .habitNameTaken(let name, let id, let other):
            return t(
                "habit \"{name}\" ({id}): another habit of that name exists ({other}); skipped", ["name": name, "id": id, "other": other])
        case .notOurAlarm(let url): return t("{url}: not a MoscowTime alarm; left alone", ["url": url])
        case .notOurHabit(let url): return t("{url}: not a MoscowTime habit; left alone", ["url": url])
        case .calendarZoneUnknown(let name, let ours):
            return t(
                "the calendar's time zone X-WR-TIMEZONE:{zone} is not one this computer knows; its floating times are read in {ours}",
                ["zone": name, "ours": ours])
        case .alarmNotExpressible(let id, let label, let rule, let changedHere, let here):
            let what = rule.map { t("repeats by {rule}, which alarms cannot", ["rule": $0]) } ?? t("has a schedule alarms cannot express")
            if !here {
                return t(
                    "alarm {id} \"{label}\": its copy on the server {what}, so it is not taken here; change it in the calendar to repeat weekly or every few days",
                    ["id": id, "label": label, "what": what])
            }
            if changedHere {
                return t(
                    "alarm {id} \"{label}\": its copy on the server {what}, and it was also changed here. It rings as set here; to send this version to the server run agent-cli sync --keep-local {id}, or change it in the calendar to repeat weekly or every few days",
                    ["id": id, "label": label, "what": what])
            }
            return t(
                "alarm {id} \"{label}\": its copy on the server {what}. It rings as before here; change it in the calendar to repeat weekly or every few days, or run agent-cli sync --keep-local {id} to put this computer's schedule back on the server",
                ["id": id, "label": label, "what": what])
        case .floatingTimes(let name, let zone, .calendar):
            return t("\"{title}\": its times have no zone; read in {zone}, the calendar's zone", ["title": name.summary, "zone": zone])
        case .floatingTimes(let name, let zone, .firstMachine):
            return t(
                "\"{title}\": its times have no zone; read in {zone}, as the computer that first took it read them",
                ["title": name.summary, "zone": zone])
        case .floatingTimes(let name, let zone, .thisMachine):
            return t(
                "\"{title}\": its times have no zone; read in {zone}, this computer's, which is written into the event so that every computer rings at the same moment",
                ["title": name.summary, "zone": zone])
        case .serverCopyNotTaken(let id, let label, let rule):
            let what = rule.map { t("repeats by {rule}, which alarms cannot", ["rule": $0]) } ?? t("has a schedule alarms cannot express")
            return t(
                "alarm {id} \"{label}\": its copy on the server {what}, so it cannot be taken here; it rings as set here. Change it in the calendar to repeat weekly or every few days, or run agent-cli sync --keep-local {id} to put this computer's version on the server",
                ["id": id, "label": label, "what": what])
        case .changedDuringSync(let url): return t("{url} changed on the server during this sync; run sync again to merge it", ["url": url])
        case .skippedResource(let url, .unreadableAnswer):
            return t("the server's answer for {url} is not readable XML; skipped, the rest was synced", ["url": url])
        case .skippedResource(let url, .larger(let limit)):
            return t(
                "{url} on the server is larger than {limit} MiB; skipped, the rest was synced", ["url": url, "limit": String(limit >> 20)])
        case .skippedResource(let url, .invalid(let error)):
            let reason = problem(error.problem, t)
            guard let line = error.line else {
                return t(
                    "{url} on the server is not valid iCalendar ({reason}); skipped, the rest was synced", ["url": url, "reason": reason])
            }
            return t(
                "{url} on the server is not valid iCalendar (line {line}: {reason}); skipped, the rest was synced",
                ["url": url, "line": String(line), "reason": reason])
        case .serverLostItems(let url, let count):
            return t.plural(
                "{url} on the server is empty though it held {n} item of this computer at the last sync: the server lost its data. It is kept here and sent again (if the server was emptied on purpose, empty it again and run agent-cli sync --accept-remote)",
                "{url} on the server is empty though it held {n} items of this computer at the last sync: the server lost its data. They are kept here and sent again (if the server was emptied on purpose, empty it again and run agent-cli sync --accept-remote)",
                count: count, ["url": url, "n": String(count)])
        }
    }

    static func sync(_ f: SyncFailure, _ t: Localizer) -> String {
        switch f {
        case .invalidURL(let url): return t("\"{url}\" is not a valid http(s) URL", ["url": url])
        case .certificateRefused(let url, let detail):
            return t("the server's certificate was refused (\"{detail}\"): {url}", ["url": url, "detail": detail])
        case .unreachable(let url, let detail): return t("cannot reach {url}: \"{detail}\"", ["url": url, "detail": detail])
        case .authenticationRefused(let url): return t("the server refused the user name or password (HTTP 401) at {url}", ["url": url])
        case .notMultistatus(let method, let url, let status):
            return t(
                "{method} {url} answered HTTP {status}, not a WebDAV multistatus", ["method": method, "url": url, "status": String(status)])
        case .unreadableMultistatus(let method, let url):
            return t(
                "the server's answer to {method} {url} is not a WebDAV multistatus (is this a CalDAV URL?)", ["method": method, "url": url])
        case .notACalendar(let url): return t("{url} exists but is not a calendar collection", ["url": url])
        case .unexpectedStatus(let method, let url, let status):
            return t("{method} {url} answered HTTP {status}", ["method": method, "url": url, "status": String(status)])
        case .cannotCreateCalendar(let url, let status):
            return t("could not create the calendar {url} (MKCALENDAR answered HTTP {status})", ["url": url, "status": String(status)])
        case .listedWithoutETag(let href): return t("the server listed {url} without an ETag", ["url": href])
        case .changeWithoutETag(let href): return t("the server reported a change of {url} without an ETag", ["url": href])
        case .listedNotReturned(let url): return t("the server listed {url} but did not return it", ["url": url])
        case .invalidResource(let url, let error):
            let reason = problem(error.problem, t)
            guard let line = error.line else {
                return t("{url} on the server is not valid iCalendar ({reason}); nothing was changed", ["url": url, "reason": reason])
            }
            return t(
                "{url} on the server is not valid iCalendar (line {line}: {reason}); nothing was changed",
                ["url": url, "line": String(line), "reason": reason])
        case .unknownZone(let zone): return t("the zone \"{zone}\" is not in the tz database (is tzdata installed?)", ["zone": zone])
        case .timedOut(let method, let url, let seconds):
            return t(
                "{method} {url} was not answered in full within {seconds} s; the sync was stopped",
                ["method": method, "url": url, "seconds": String(seconds)])
        case .syncDeadline(let seconds):
            return t(
                "the sync did not finish within its {seconds} s deadline and was stopped; nothing unsent was lost, the next sync goes on",
                ["seconds": String(seconds)])
        case .answerTooLarge(let method, let url, let limit):
            return t(
                "the server's answer to {method} {url} is larger than {limit} MiB; refused",
                ["method": method, "url": url, "limit": String(limit >> 20)])
        case .answerWithDTD(let method, let url):
            return t(
                "the server's answer to {method} {url} declares a DTD (entities), which no WebDAV answer needs; refused",
                ["method": method, "url": url])
        case .endedByAgent(let seconds):
            return t("the agent ended the sync after it ran past its {seconds} s deadline", ["seconds": String(seconds)])
        case .crashed(let signal):
            return t("the sync program crashed (signal {signal})", ["signal": String(signal)])
        }
    }

    /// A stored reason: typed ones in the reader's language, an older version's text as it is.
    static func stored(_ record: SyncFailureRecord, _ t: Localizer) -> String {
        switch record {
        case .typed(let f): return sync(f, t)
        case .text(let text): return text
        }
    }

    static func export(_ f: CalendarExporter.Failure, _ t: Localizer) -> String {
        switch f {
        case .noTimeZone(let zone): return t("libical has no time zone {zone} (is tzdata installed?)", ["zone": zone])
        }
    }

    /// Why nothing is pruned while this machine's clock and the server's disagree (`ServerClock`);
    /// `skew` is local minus server, nil when the server sent no time.
    static func clock(skew: Int64?, _ t: Localizer) -> String {
        guard let skew else {
            return t("the server sends no Date header, so this computer's clock cannot be checked: old deletion records are not pruned")
        }
        let values = ["offset": DurationText.words(abs(skew), t)]
        return skew > 0
            ? t(
                "this computer's clock is {offset} ahead of the server's: old deletion records are not pruned until it is set right, and edits stamped later than the server's time take its time",
                values)
            : t("this computer's clock is {offset} behind the server's: old deletion records are not pruned until it is set right", values)
    }
}
