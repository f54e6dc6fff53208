// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop

/// The notification the tray icon's left click shows: today's remaining alarms, the pause and the
/// habits still due. One at a time: a second click replaces it in place.
@MainActor
final class TodaySummary {
    static let category = "x-moscowtime.summary"

    private let notifier: Notifier
    private var handle: NotificationHandle?

    init(notifier: Notifier) { self.notifier = notifier }

    func show(_ text: TrayText) {
        let words = text.summary
        let markup = notifier.capabilities().contains("body-markup")
        let content = NotificationContent(
            summary: words.summary, body: markup ? RingPresenter.escapeMarkup(words.body) : words.body,
            iconName: AgentIdentity.iconName, urgency: .low, category: Self.category,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: true,
            expireTimeoutMs: -1, actions: [])
        do {
            if let handle, handle.isShowing {
                try handle.update(content)
            } else {
                handle = try notifier.show(content, onAction: { _ in }, onClosed: { [weak self] _ in self?.handle = nil })
            }
        } catch {
            Log.warning("cannot show today's summary: \(error)")
        }
    }
}
