// SPDX-License-Identifier: GPL-3.0-or-later
/// What the sync accepts from a server, whatever it sends: the answer to one request (PROPFIND,
/// REPORT, multiget) is read up to `maximumBytes` and refused beyond, before it is held whole; XML
/// is parsed without DTDs (no entities to expand, nothing loaded) and with libxml2's default depth
/// bound (256; `XML_PARSE_HUGE` is never set). 32 MiB is ~100 times a large legitimate answer (250
/// habits with years of history in one multiget is ~10 MB).
public enum AnswerLimits {
    public static let maximumBytes = 32 << 20
    /// How much is read at a time.
    static let chunkBytes = 64 << 10
}
