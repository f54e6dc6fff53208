// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A rule between options broken (`choose one of --days, --once and --every`), thrown by
/// `validate()`: ArgumentParser's `ValidationError`, but with the message kept as a catalogue
/// entry, since the user's language is not known while parsing. Shown with a pointer to the help,
/// exit 2 (`Main.fail`).
struct UsageError: Error {
    let message: Message
    init(_ message: Message) { self.message = message }
}
