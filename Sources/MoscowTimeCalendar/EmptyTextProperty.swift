// SPDX-License-Identifier: GPL-3.0-or-later
import CICal

/// RFC 5545 §3.3.11: a TEXT value may be empty. Google's export writes `X-WR-CALDESC:`, python
/// `icalendar` writes `DESCRIPTION:` for an empty string, and both are valid. libical builds no
/// property from an empty value: `icalproperty_new_from_string` gives nil, and its file parser
/// drops the property with an X-LIC-ERROR "No value for NAME property". For a text property that
/// is the same as its absence, so neither the line scanner nor the importer refuses the file for it;
/// an empty value of any other type (`DTSTART:`) still is refused.
enum EmptyTextProperty {
    /// Whether `name` (upper case) takes a TEXT value: a text property of RFC 5545, an X- one or
    /// one libical does not know (both TEXT by default, §3.8.8).
    static func isText(_ name: String) -> Bool {
        let kind = icalproperty_string_to_kind(name)
        if kind == ICAL_X_PROPERTY || kind == ICAL_NO_PROPERTY || name.hasPrefix("X-") { return true }
        return icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE
    }

    /// Whether libical's X-LIC-ERROR text says it dropped an empty text property.
    static func isDroppedEmptyText(_ error: String) -> Bool {
        let prefix = "No value for "  // not UI: libical's own words, matched
        guard error.hasPrefix(prefix) else { return false }
        let words = error.dropFirst(prefix.count).split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[1].hasPrefix("property.") else { return false }  // not UI
        let name = String(words[0])
        return name == "X" || isText(name)  // libical names every X- property "X"
    }
}
