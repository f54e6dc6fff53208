// SPDX-License-Identifier: GPL-3.0-or-later
/// How long a sync may take. The sync child cancels a request at `requestSeconds` or when the whole
/// sync's time is up, whichever comes first (a server that answers one byte every few seconds is
/// never waited for longer); the agent ends a child still running `graceSeconds` after the whole
/// sync's deadline (SIGTERM, then SIGKILL after `killAfterSeconds`), so one stuck child — a
/// password command waiting for a prompt, a lock — never stops every later sync.
public enum SyncDeadline {
    /// A whole sync: far above what a large legitimate sync takes (seconds), low enough that a hung
    /// one is given up before the next interval (15 min).
    public static let defaultSeconds = 300
    /// One request, from sending it to the last byte of its answer.
    public static let requestSeconds = 60
    public static let graceSeconds = 15
    public static let killAfterSeconds = 5
    /// `MOSCOWTIME_SYNC_DEADLINE` (whole seconds, 1…3600) shortens or lengthens the whole sync's
    /// deadline — for a very slow link, and for the tests.
    public static let environmentKey = "MOSCOWTIME_SYNC_DEADLINE"  // not UI
    public static let allowedSeconds = 1...3600

    public static func seconds(_ environment: [String: String] = Environment.current) -> Int {
        guard let text = environment[environmentKey], let n = Int(text), allowedSeconds.contains(n) else { return defaultSeconds }
        return n
    }
}
