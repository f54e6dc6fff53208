// SPDX-License-Identifier: GPL-3.0-or-later
extension AgentScheduler {
    /// The one wake-up from suspend the runtime keeps armed now (nil: none), from the document and
    /// state as they are after the last event or action.
    public func wakePlan(now: Instant, leadSeconds: Int64 = WakePlanner.defaultLeadSeconds) -> WakePlan? {
        WakePlanner.plan(document, state: state, zone: zone, now: now, leadSeconds: leadSeconds)
    }
}
