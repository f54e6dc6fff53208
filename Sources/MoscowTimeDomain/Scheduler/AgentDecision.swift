// SPDX-License-Identifier: GPL-3.0-or-later
/// What `AgentScheduler` (and its `AlarmEngine`) decided in answer to one event or action: whether
/// the persisted state changed, and what the runtime must then do, in order. The runtime saves the
/// state, when it changed, before it carries out any effect — so a crash after anything was shown
/// never shows it twice. No effect stands for the save: it cannot be misplaced or forgotten.
public struct AgentDecision: Hashable, Sendable {
    /// The state (`AgentScheduler.state`) differs from what it was before the decision.
    public var stateChanged: Bool
    public var effects: [AgentEffect]

    public init(stateChanged: Bool = false, effects: [AgentEffect] = []) {
        self.stateChanged = stateChanged
        self.effects = effects
    }

    /// This decision, then `next`: one save (if either changed the state), the effects in order.
    public static func + (decision: AgentDecision, next: AgentDecision) -> AgentDecision {
        AgentDecision(stateChanged: decision.stateChanged || next.stateChanged, effects: decision.effects + next.effects)
    }
}
