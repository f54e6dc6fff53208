# SPDX-License-Identifier: GPL-3.0-or-later
"""data/calendar/ru.txt, the Russian production calendar (issue 21 §1), read by a small reader of
its own and checked two ways:

* its format: `year` blocks 2013..2027 in order, every day inside its block, dates ascending and
  unique, kinds valid, `work` only on a Saturday or Sunday, `short` a working day before a day
  off, every `from` a valid weekend day of the same year whose day off moved, every art. 112
  holiday listed;
* against an independent reader, PyPI's `holidays` (pinned in scripts/python-deps.txt, installed
  by scripts/setup-python-deps into .build/python-deps): `is_working_day` agrees with ours on
  every day of 2022-2027; on 2013-2021 the two differ on exactly the 37 days of DIFFERENT, where
  our data (the decrees) says non-working and `holidays` says working.

`holidays` runs in a child /usr/bin/python3 with .build/python-deps first on its path, so its
python-dateutil 2.9 is the one it gets (Debian's 2.8.2 may already be imported in this process).
Without the packages the comparison is skipped, and fails under MOSCOWTIME_REQUIRE_PYTHON_DEPS=1
(scripts/test sets it). Also: scripts/update-working-calendar turns xmlcalendar files written
back from our data into exactly our file (it was checked against xmlcalendar/data itself).
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "calendar" / "ru.txt"
SCRIPT = REPO / "scripts" / "update-working-calendar"
PYTHON_DEPS = REPO / ".build" / "python-deps"
REQUIREMENTS = REPO / "scripts" / "python-deps.txt"

FIRST_YEAR, LAST_YEAR = 2013, 2027
KINDS = {"holiday", "off", "short", "work"}
# Labour Code art. 112 since 2013: 1-8 January, 23 February, 8 March, 1 May, 9 May, 12 June, 4 November.
ART_112 = [(1, d) for d in range(1, 9)] + [(2, 23), (3, 8), (5, 1), (5, 9), (6, 12), (11, 4)]

YEAR_LINE = re.compile(r"year (\d{4})")
DAY_LINE = re.compile(r"(\d{4}-\d\d-\d\d) ([a-z]+)(?: from (\d{4}-\d\d-\d\d))?")


def _days(first: str, last: str) -> list[dt.date]:
    a, b = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    return [a + dt.timedelta(n) for n in range((b - a).days + 1)]


def _weekdays(first: str, last: str) -> list[dt.date]:
    return [d for d in _days(first, last) if d.weekday() < 5]


# The days where `holidays` (0.109) and our data disagree, all in 2013-2021; on every one of them
# our data says non-working and `holidays` says working:
#   2014-03-10      8 March 2014 was a Saturday, so by art. 112 its day off moved to Monday
#                   10 March; `holidays` lists per year the days moved this way and has no 2014.
#   2020, 2021      the non-working days declared by Presidential decrees (COVID-19, the
#                   2020 parade and vote), which `holidays` does not model; weekdays only, as
#                   the weekends among them are days off for both.
DIFFERENT = sorted(
    [dt.date(2014, 3, 10)]
    + _weekdays("2020-03-30", "2020-04-03")   # Указ от 25.03.2020 № 206
    + _weekdays("2020-04-04", "2020-04-30")   # Указ от 02.04.2020 № 239
    + _weekdays("2020-05-06", "2020-05-08")   # Указ от 28.04.2020 № 294
    + [dt.date(2020, 6, 24)]                  # Указ от 29.05.2020 № 345 (the Victory parade)
    + [dt.date(2020, 7, 1)]                   # Указ от 01.06.2020 № 354 (the constitutional vote)
    + _weekdays("2021-05-04", "2021-05-07")   # Указ от 23.04.2021 № 242
    + _weekdays("2021-11-01", "2021-11-03")   # Указ от 20.10.2021 № 595 (30.10-07.11; 04.11 a
)                                             # holiday and 05.11 a transfer in both)

# Shortened days that are not the eve of a day off. 24 February 2014: the day off that art. 112
# gave it (23 February was a Sunday) was moved by the decree to 3 November, and the day stayed
# one hour shorter, as the Ministry of Labour's calendar for 2014 has it.
SHORT_NOT_BEFORE_DAY_OFF = {dt.date(2014, 2, 24)}


@dataclass(frozen=True)
class Day:
    line: int
    block: int          # the year of the `year` line above it
    date: dt.date
    kind: str
    source: dt.date | None   # `from`
    comment: str


@dataclass
class Calendar:
    years: list[int]
    days: list[Day]
    errors: list[str]

    def kind(self, date: dt.date) -> str | None:
        return self._by_date.get(date).kind if date in self._by_date else None

    def working(self, date: dt.date) -> bool:
        kind = self.kind(date)
        if kind in ("holiday", "off"):
            return False
        if kind in ("short", "work"):
            return True
        return date.weekday() < 5

    def __post_init__(self):
        self._by_date = {d.date: d for d in self.days}


def read_calendar(text: str) -> Calendar:
    """The reader of the spec in the file's header: `#` to the end of a line is a comment, blank
    lines are ignored, `year YYYY` opens a block, `YYYY-MM-DD KIND [from YYYY-MM-DD]` is a day;
    anything else, or a day before the first `year`, is an error."""
    years: list[int] = []
    days: list[Day] = []
    errors: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        content, _, comment = raw.partition("#")
        content = content.rstrip()
        if not content:
            continue
        if m := YEAR_LINE.fullmatch(content):
            years.append(int(m[1]))
            continue
        m = DAY_LINE.fullmatch(content)
        if not m:
            errors.append(f"line {number}: not a `year` or day line: {raw!r}")
            continue
        if not years:
            errors.append(f"line {number}: a day before the first `year` line")
            continue
        try:
            date = dt.date.fromisoformat(m[1])
            source = dt.date.fromisoformat(m[3]) if m[3] else None
        except ValueError as err:
            errors.append(f"line {number}: {err}: {raw!r}")
            continue
        days.append(Day(number, years[-1], date, m[2], source, comment.strip()))
    return Calendar(years, days, errors)


@pytest.fixture(scope="module")
def calendar() -> Calendar:
    return read_calendar(DATA.read_text(encoding="utf-8"))


# --- the reader itself ------------------------------------------------------------------------

def test_reader_reads_the_spec_and_refuses_the_rest():
    cal = read_calendar("# header\n\nyear 2026  # decree\n2026-12-31 off from 2026-01-04\n"
                        "2026-11-03 short   # comment\n")
    assert cal.errors == [] and cal.years == [2026]
    assert [(d.date, d.kind, d.source) for d in cal.days] == [
        (dt.date(2026, 12, 31), "off", dt.date(2026, 1, 4)), (dt.date(2026, 11, 3), "short", None)]
    assert not cal.working(dt.date(2026, 12, 31)) and cal.working(dt.date(2026, 11, 3))
    assert not cal.working(dt.date(2026, 11, 7)) and cal.working(dt.date(2026, 11, 9))
    for bad in ["2026-01-01 holiday\n", "year 2026\n2026-02-30 off\n", "year 2026\n2026-01-01  holiday\n",
                "year 2026\n 2026-01-01 holiday\n", "year 2026\n2026-01-01 holiday from\n",
                "year 2026\n2026-01-01 holiday from 2026-13-01\n", "year  2026\n", "year 26\n"]:
        assert read_calendar(bad).errors, bad


# --- format invariants ------------------------------------------------------------------------

def test_the_sources_are_named():
    text = DATA.read_text(encoding="utf-8")
    header = text[:text.index("\nyear ")]
    for source in ("Трудовой кодекс", "art. 112", "xmlcalendar/data", "ru/YYYY/calendar.xml",
                   "scripts/update-working-calendar", "Указ Президента РФ"):
        assert source in header, source
    decrees = dict(re.findall(r"^year (\d{4})  # Постановление Правительства РФ (от \d\d\.\d\d\.\d{4} № \d+)",
                              text, re.M))
    assert sorted(decrees) == [str(y) for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    for year, decree in decrees.items():
        assert f"{year}  {decree}" in header, year   # the header's list says the same
    assert decrees["2026"] == "от 24.09.2025 № 1466"


def test_every_line_is_a_year_or_a_day(calendar):
    assert calendar.errors == []
    assert len(calendar.days) > 300


def test_years_are_contiguous_2013_to_2027_one_block_each(calendar):
    assert calendar.years == list(range(FIRST_YEAR, LAST_YEAR + 1))


def test_every_day_is_inside_its_year_block_sorted_and_unique(calendar):
    outside = [(d.line, d.date) for d in calendar.days if d.date.year != d.block]
    assert outside == []
    dates = [d.date for d in calendar.days]
    assert dates == sorted(dates)
    assert len(set(dates)) == len(dates), "a date is listed twice"


def test_kinds_are_valid(calendar):
    assert {d.kind for d in calendar.days} <= KINDS
    assert {d.kind for d in calendar.days} == KINDS


def test_work_only_on_saturday_or_sunday(calendar):
    assert [d.date for d in calendar.days if d.kind == "work" and d.date.weekday() < 5] == []


def test_short_is_a_working_day_before_a_day_off(calendar):
    shorts = [d for d in calendar.days if d.kind == "short"]
    # A working day by its kind; on a weekend only a Saturday the decree made working.
    assert all(calendar.working(d.date) for d in shorts)
    assert [d.date for d in shorts if d.date.weekday() == 6] == []
    eves = {d.date for d in shorts if not calendar.working(d.date + dt.timedelta(1))}
    assert {d.date for d in shorts} - eves == SHORT_NOT_BEFORE_DAY_OFF


def test_holidays_are_exactly_the_labour_code_days(calendar):
    for year in calendar.years:
        holidays = {d.date for d in calendar.days if d.kind == "holiday" and d.date.year == year}
        assert holidays == {dt.date(year, m, day) for m, day in ART_112}, year


def test_from_names_a_weekend_day_of_the_same_year_whose_day_off_moved(calendar):
    with_from = [d for d in calendar.days if d.source is not None]
    assert len(with_from) >= 30
    for d in with_from:
        assert d.kind == "off", d
        assert d.source.year == d.date.year, d
        assert d.source.weekday() >= 5, d
        # The weekend day was a holiday (its day off moved by art. 112 or the decree) or the
        # decree made it a working day.
        assert calendar.kind(d.source) in ("holiday", "short", "work"), d
    sources = [d.source for d in with_from]
    assert len(sources) == len(set(sources)), "one day off moved to two days"


def test_known_transfers_across_the_year(calendar):
    """Transfers whose source is months away, written with the full year."""
    by_date = {d.date: d for d in calendar.days}
    assert by_date[dt.date(2026, 12, 31)].source == dt.date(2026, 1, 4)
    assert by_date[dt.date(2024, 4, 30)].source == dt.date(2024, 11, 2)   # from a later date
    assert by_date[dt.date(2027, 11, 5)].source == dt.date(2027, 1, 2)
    assert by_date[dt.date(2027, 12, 31)].source == dt.date(2027, 1, 3)


def test_the_decree_non_working_days_are_off(calendar):
    for date in DIFFERENT:
        assert calendar.kind(date) == "off", date


# --- scripts/update-working-calendar ------------------------------------------------------------

def _as_xmlcalendar(cal: Calendar, root: Path) -> None:
    """Write our data back in xmlcalendar's format (ru/YYYY/calendar.xml)."""
    T = {"holiday": "1", "off": "1", "short": "2", "work": "3"}
    names = ["Новогодние каникулы", "Рождество Христово", "День защитника Отечества",
             "Международный женский день", "Праздник Весны и Труда", "День Победы", "День России",
             "День народного единства"]
    ids = {(1, 7): 2, (2, 23): 3, (3, 8): 4, (5, 1): 5, (5, 9): 6, (6, 12): 7, (11, 4): 8}
    for year in cal.years:
        xml = ET.Element("calendar", year=str(year), lang="ru", date="2026.01.01", country="ru")
        hol = ET.SubElement(xml, "holidays")
        titles = list(names)
        for i, n in enumerate(names, 1):
            ET.SubElement(hol, "holiday", id=str(i), title=n)
        days = ET.SubElement(xml, "days")
        for d in (d for d in cal.days if d.block == year):
            attrs = {"d": d.date.strftime("%m.%d"), "t": T[d.kind]}
            if d.kind == "holiday":
                attrs["h"] = str(ids.get((d.date.month, d.date.day), 1))
            elif d.comment:
                if d.comment not in titles:
                    titles.append(d.comment)
                    ET.SubElement(hol, "holiday", id=str(len(titles)), title=d.comment)
                attrs["h"] = str(titles.index(d.comment) + 1)
            if d.source:
                attrs["f"] = d.source.strftime("%m.%d")
            ET.SubElement(days, "day", attrs)
        (root / "ru" / str(year)).mkdir(parents=True)
        ET.ElementTree(xml).write(root / "ru" / str(year) / "calendar.xml", encoding="UTF-8", xml_declaration=True)


def _update_script(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True,
                          timeout=60)


def test_update_script_regenerates_the_file_exactly(calendar, tmp_path):
    _as_xmlcalendar(calendar, tmp_path)
    out = _update_script(tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == DATA.read_text(encoding="utf-8")
    out = _update_script(tmp_path, "--check")
    assert out.returncode == 0, out.stdout + out.stderr


def test_update_script_refuses_a_from_it_cannot_place(calendar, tmp_path):
    _as_xmlcalendar(calendar, tmp_path)
    path = tmp_path / "ru" / "2026" / "calendar.xml"
    path.write_text(path.read_text(encoding="utf-8").replace('f="01.04"', 'f="01.05"'), encoding="utf-8")
    out = _update_script(tmp_path)
    assert out.returncode == 2 and "2026-01-05, a weekday" in out.stderr, out.stderr


# --- against PyPI's holidays ------------------------------------------------------------------

REFERENCE = """
import datetime as dt, json, sys
import holidays
ru = holidays.country_holidays("RU", years=range(%d, %d))
first, last = dt.date(%d, 1, 1), dt.date(%d, 12, 31)
days = [first + dt.timedelta(n) for n in range((last - first).days + 1)]
json.dump({"version": holidays.__version__, "file": holidays.__file__,
           "non_working": [d.isoformat() for d in days if not ru.is_working_day(d)]}, sys.stdout)
""" % (FIRST_YEAR, LAST_YEAR + 1, FIRST_YEAR, LAST_YEAR)


def _pinned_holidays_version() -> str:
    m = re.search(r"^holidays==(\S+)", REQUIREMENTS.read_text(), re.M)
    assert m, f"{REQUIREMENTS} pins no holidays version"
    return m[1]


@pytest.fixture(scope="module")
def reference() -> dict[dt.date, bool]:
    """`holidays`' is_working_day for every day of 2013-2027."""
    if not (PYTHON_DEPS / "holidays").is_dir():
        message = f"PyPI's holidays is not installed in {PYTHON_DEPS}: run scripts/setup-python-deps"
        if os.environ.get("MOSCOWTIME_REQUIRE_PYTHON_DEPS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    env = dict(os.environ, PYTHONPATH=str(PYTHON_DEPS))
    out = subprocess.run([sys.executable, "-s", "-c", REFERENCE], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert Path(result["file"]).is_relative_to(PYTHON_DEPS), result["file"]
    assert result["version"] == _pinned_holidays_version(), "the days of DIFFERENT were checked with the pinned version"
    off = {dt.date.fromisoformat(s) for s in result["non_working"]}
    return {d: d not in off for d in _days(f"{FIRST_YEAR}-01-01", f"{LAST_YEAR}-12-31")}


def test_the_expected_differences_are_the_37_days():
    assert len(DIFFERENT) == 37 and len(set(DIFFERENT)) == 37
    assert all(d.weekday() < 5 for d in DIFFERENT)


@pytest.mark.parametrize("year", range(FIRST_YEAR, LAST_YEAR + 1))
def test_working_days_agree_with_holidays(calendar, reference, year):
    """2022-2027: every day agrees. 2013-2021: exactly the days of DIFFERENT differ, and on each
    our data (the decrees) says non-working, so an alarm for working days stays silent."""
    differ = {d: ours for d in _days(f"{year}-01-01", f"{year}-12-31")
              if (ours := calendar.working(d)) != reference[d]}
    expected = {d for d in DIFFERENT if d.year == year}
    assert sorted(differ) == sorted(expected)
    assert not any(differ.values()), "a day we call working and holidays does not"
    if year >= 2022:
        assert differ == {}
