// SPDX-License-Identifier: GPL-3.0-or-later
/// The `holidays` setting: whose official calendar "working days" follow. `none` makes them the
/// plain Monday–Friday.
public enum HolidayCountry: String, Hashable, Sendable, CaseIterable {
    case ru, none
}
