// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop

/// The notification the tray icon's left click shows: today's remaining alarms, the pause and the
/// habits still due. One at a time: a second click replaces it in place.
@MainActor
final class TodaySummary {
    private let notifier: any NotificationShowing
    private let factory: NotificationFactory
    private var handle: (any ShownNotification)?

    init(notifier: any NotificationShowing, factory: NotificationFactory) {
        self.notifier = notifier
        self.factory = factory
    }

    func show(_ text: TrayText) {
        let words = text.summary
        let content = factory.todaySummary(summary: words.summary, body: words.body)
        do {
            if let handle, handle.isShowing {
                try handle.update(content)
            } else {
                handle = try notifier.present(content, onAction: { _ in }, onClosed: { [weak self] _ in self?.handle = nil })
            }
        } catch {
            Log.warning("cannot show today's summary: \(error)")
        }
    }
}
