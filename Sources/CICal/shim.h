// SPDX-License-Identifier: GPL-3.0-or-later
// libical (RFC 5545), the iCalendar library Evolution and KOrganizer use. The inline helpers read
// the recurrence rule's fixed-size BY* arrays, which Swift imports as unwieldy tuples.
#include <libical/ical.h>

/// The i-th BYDAY value (ICAL_RECURRENCE_ARRAY_MAX ends the list).
static inline short mt_recur_by_day(const struct icalrecurrencetype *r, int i) {
    return i < ICAL_BY_DAY_SIZE ? r->by_day[i] : ICAL_RECURRENCE_ARRAY_MAX;
}

/// Whether any BY* part other than BYDAY is set: the schedule model cannot express those.
static inline int mt_recur_has_other_by_parts(const struct icalrecurrencetype *r) {
    return r->by_second[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_minute[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_hour[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_month_day[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_year_day[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_week_no[0] != ICAL_RECURRENCE_ARRAY_MAX
        || r->by_month[0] != ICAL_RECURRENCE_ARRAY_MAX || r->by_set_pos[0] != ICAL_RECURRENCE_ARRAY_MAX;
}

/// Sets BYDAY from a 7-bit Monday-first mask (bit 0 = Monday).
static inline void mt_recur_set_week_days(struct icalrecurrencetype *r, int mask) {
    static const short days[7] = { ICAL_MONDAY_WEEKDAY, ICAL_TUESDAY_WEEKDAY, ICAL_WEDNESDAY_WEEKDAY,
        ICAL_THURSDAY_WEEKDAY, ICAL_FRIDAY_WEEKDAY, ICAL_SATURDAY_WEEKDAY, ICAL_SUNDAY_WEEKDAY };
    int n = 0;
    for (int k = 0; k < 7; k++) if (mask & (1 << k)) r->by_day[n++] = days[k];
    r->by_day[n] = ICAL_RECURRENCE_ARRAY_MAX;
}
