// SPDX-License-Identifier: GPL-3.0-or-later
/// The source of "now". The agent's scheduling logic takes it as a parameter so that tests can
/// step the clock, simulate a resume or cross a DST change without touching the real clock; the
/// real one, `SystemWallClock`, is MoscowTimeStore's.
public protocol WallClock: Sendable {
    func now() -> Instant
}
