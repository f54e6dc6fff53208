# SPDX-License-Identifier: GPL-3.0-or-later
"""An independent reader of calendar reminders, for the differential test of `ReminderReader`
(test_reminder_instants.py): occurrences by python `recurring_ical_events` (dateutil's rules,
icalendar's parser: code no one here wrote), then each VALARM's instants by RFC 5545 §3.8.6.3,
written here from the RFC's text, and RFC 9074 / Thunderbird acknowledgements from theirs.

The rules it shares with the project, each from its RFC rather than from the Swift:
- a DATE-TIME in a zone is read by RFC 5545 §3.3.5 (zoneinfo with fold=0: a skipped local time
  takes the offset before the gap, a repeated one its first occurrence; icalendar's pytz reads
  the repeated one as its second, so each wall time is read again here); a floating time is in the
  calendar's X-WR-TIMEZONE (else the given zone, else the user's); a date is midnight in the
  user's zone. X-WR-TIMEZONE is taken off before `recurring_ical_events` sees the calendar: its
  x_wr_timezone step would also move UTC times into that zone, which import does not do;
- TRIGGER relative to the start, or with RELATED=END to the end (a to-do's DUE); a to-do without
  DTSTART is anchored at its DUE; an absolute TRIGGER rings once for its component, not once an
  occurrence; DURATION and REPEAT add REPEAT more rings DURATION apart;
- ACTION DISPLAY or AUDIO (or none) rings; STATUS:CANCELLED, and a to-do COMPLETED, never ring;
- a reminder is acknowledged when its trigger is at or before the VALARM's ACKNOWLEDGED or the
  item's X-MOZ-LASTACK (an override's master's too); snoozed by X-MOZ-SNOOZE-TIME on a single
  item, X-MOZ-SNOOZE-TIME-<microseconds of the RECURRENCE-ID> on a repeating one's master.
"""
from __future__ import annotations

import datetime as dt
import zoneinfo

import icalendar
import recurring_ical_events

UTC = dt.timezone.utc
ISO = "%Y-%m-%dT%H:%M:%SZ"


def _zone_name(tzinfo) -> str | None:
    name = getattr(tzinfo, "zone", None) or getattr(tzinfo, "key", None)
    if name is None and tzinfo is not None and dt.datetime(2026, 1, 1, tzinfo=tzinfo).utcoffset() == dt.timedelta(0):
        return "UTC"
    return name


def instant(value, user: str, floating: str) -> dt.datetime:
    """RFC 5545 §3.3.5, as the module's docstring says."""
    if not isinstance(value, dt.datetime):
        return dt.datetime.combine(value, dt.time(0), zoneinfo.ZoneInfo(user)).astimezone(UTC)
    wall = value.replace(tzinfo=None)
    if value.tzinfo is None:
        return wall.replace(tzinfo=zoneinfo.ZoneInfo(floating), fold=0).astimezone(UTC)
    name = _zone_name(value.tzinfo)
    if name in ("UTC", "Etc/UTC"):
        return wall.replace(tzinfo=UTC)
    return wall.replace(tzinfo=zoneinfo.ZoneInfo(name), fold=0).astimezone(UTC)


def key(value, user: str, floating: str) -> str:
    if not isinstance(value, dt.datetime):
        return value.strftime("%Y%m%d")
    return instant(value, user, floating).strftime("%Y%m%dT%H%M%SZ")


def _utc(text) -> dt.datetime | None:
    try:
        return dt.datetime.strptime(str(text), "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def _silent(c) -> bool:
    status = str(c.get("STATUS", "")).upper()
    return status == "CANCELLED" or (c.name == "VTODO" and (status == "COMPLETED" or "COMPLETED" in c))


def _alarms(c):
    """(index, trigger, related_end, repeats, interval, acknowledged) of the DISPLAY/AUDIO VALARMs."""
    for index, a in enumerate(c.walk("VALARM")):
        if str(a.get("ACTION", "DISPLAY")).upper() not in ("DISPLAY", "AUDIO"):
            continue
        trigger = a["TRIGGER"]
        related_end = str(trigger.params.get("RELATED", "START")).upper() == "END"
        repeats, interval = 0, dt.timedelta(0)
        if "REPEAT" in a and "DURATION" in a:
            repeats, interval = int(a["REPEAT"]), a["DURATION"].dt
            if interval <= dt.timedelta(0):
                repeats = 0
        ack = _utc(a["ACKNOWLEDGED"]) if "ACKNOWLEDGED" in a else None
        yield index, trigger.dt, related_end, repeats, interval, ack


def _snoozes(c) -> dict:
    out = {}
    for name, value in c.property_items(recursive=False):
        name, text = name.upper(), value.to_ical().decode() if hasattr(value, "to_ical") else value
        if name == "X-MOZ-SNOOZE-TIME":
            out[None] = _utc(text)
        elif name.startswith("X-MOZ-SNOOZE-TIME-"):
            out[int(name[len("X-MOZ-SNOOZE-TIME-"):])] = _utc(text)
    return out


def _lastack(c):
    return _utc(c["X-MOZ-LASTACK"]) if "X-MOZ-LASTACK" in c else None


def _rings(first, repeats, interval, frm, to):
    for k in range(repeats + 1):
        at = first + k * interval
        if frm <= at < to:
            yield k, at


def reminders(text: str, user: str, floating: str | None, frm: dt.datetime, to: dt.datetime,
              margin: dt.timedelta = dt.timedelta(days=40)) -> set[tuple]:
    """(uid, recurrence id, alarm, repetition, instant, acknowledged, snoozed until) of every
    reminder in [frm, to). `margin`: how far from an occurrence its reminders may lie."""
    cal = icalendar.Calendar.from_ical(text)
    wr = str(cal.get("X-WR-TIMEZONE", "")).strip()
    floating = wr if wr in zoneinfo.available_timezones() else (floating or user)
    if "X-WR-TIMEZONE" in cal:
        del cal["X-WR-TIMEZONE"]
    items = [c for c in cal.walk() if c.name in ("VEVENT", "VTODO")]
    masters = {str(c.get("UID", "")): c for c in items if "RECURRENCE-ID" not in c}
    out = set()

    def start_of(c):
        return c.get("DTSTART", c.get("DUE")) if c.name == "VTODO" else c.get("DTSTART")

    def end_of(c, start):
        end = c.get("DUE" if c.name == "VTODO" else "DTEND")
        if c.name == "VTODO" and "DTSTART" not in c:
            return start.dt
        if end is not None:
            return end.dt
        if "DURATION" in c:
            return start.dt + c["DURATION"].dt
        return start.dt + dt.timedelta(days=1) if not isinstance(start.dt, dt.datetime) else start.dt

    def emit(c, master, rid_key, rid_instant, start, end, absolute: bool):
        acks = [a for a in (_lastack(c), _lastack(master) if master is not None else None) if a]
        own, parent = _snoozes(c), _snoozes(master) if master is not None else {}
        micros = int(rid_instant.timestamp()) * 1_000_000 if rid_instant is not None else None
        if rid_instant is None:
            snooze = own.get(None)
        elif "RECURRENCE-ID" in c:
            snooze = parent.get(micros) or own.get(None)
        else:
            snooze = own.get(micros)
        for index, trig, related_end, repeats, interval, ack in _alarms(c):
            if isinstance(trig, dt.datetime) != absolute:
                continue
            first = trig.astimezone(UTC) if absolute else (end if related_end else start) + trig
            last_ack = max([a for a in acks + [ack] if a], default=None)
            acknowledged = last_ack is not None and first <= last_ack
            for k, at in _rings(first, repeats, interval, frm, to):
                out.add((str(c.get("UID", "")), rid_key, index, k, at.strftime(ISO), acknowledged,
                         snooze.strftime(ISO) if snooze else None))

    # Absolute triggers: once per component.
    for c in items:
        if _silent(c):
            continue
        rid = c.get("RECURRENCE-ID")
        master = masters.get(str(c.get("UID", ""))) if rid is not None else None
        s = start_of(c)
        rid_key = key(rid.dt, user, floating) if rid is not None else None
        rid_instant = instant(rid.dt, user, floating) if rid is not None else None
        start = instant(s.dt, user, floating) if s is not None else None
        end = instant(end_of(c, s), user, floating) if s is not None else None
        emit(c, master, rid_key, rid_instant, start, end, absolute=True)

    # Relative triggers: once per occurrence, as recurring_ical_events unfolds them.
    span = ((frm - margin).replace(tzinfo=None), (to + margin).replace(tzinfo=None))
    for occ in recurring_ical_events.of(cal, keep_recurrence_attributes=True,
                                        components=["VEVENT", "VTODO"]).between(*span):
        if _silent(occ):
            continue
        uid = str(occ.get("UID", ""))
        rid = occ.get("RECURRENCE-ID")
        source = masters.get(uid)
        repeating = rid is None and ("RRULE" in occ or "RDATE" in occ)
        s = start_of(occ)
        if s is None:
            continue
        start = instant(s.dt, user, floating)
        end = instant(end_of(occ, s), user, floating)
        # A timed occurrence lasts as long as its component, exactly (RFC 5545 §3.8.5.3); the end
        # recurring_ical_events gives is pytz's wall-clock sum, off by the DST change between.
        original = next((c for c in items if str(c.get("UID", "")) == uid
                         and (rid is None) == ("RECURRENCE-ID" not in c)
                         and (rid is None or c["RECURRENCE-ID"].to_ical() == rid.to_ical())), None)
        s0 = start_of(original) if original is not None else None
        if s0 is not None and isinstance(s0.dt, dt.datetime):
            end = start + (instant(end_of(original, s0), user, floating) - instant(s0.dt, user, floating))
        if rid is not None:
            emit(occ, source, key(rid.dt, user, floating), instant(rid.dt, user, floating), start, end, absolute=False)
        elif repeating:
            emit(occ, None, key(s.dt, user, floating), start, start, end, absolute=False)
        else:
            emit(occ, None, None, None, start, end, absolute=False)
    return out
