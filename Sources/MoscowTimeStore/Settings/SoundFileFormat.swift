// SPDX-License-Identifier: GPL-3.0-or-later
/// What a sound file is, by its first bytes, and whether libcanberra plays it.
///
/// libcanberra (0.30, Debian 12: its pulse and alsa drivers; no gstreamer driver is installed)
/// decodes sound files itself (src/read-sound-file.c): its own WAV reader, which takes only a
/// "fmt " chunk of exactly 16 bytes with format 1 (PCM) and 8- or 16-bit samples, and then
/// libvorbisfile for Ogg Vorbis. Nothing else plays: FLAC, MP3, Opus, AAC, a 24-bit or float WAV are
/// refused at play time (CA_ERROR_CORRUPT / CA_ERROR_NOTSUPPORTED), so `agent-cli` refuses them when
/// the sound is chosen. Tests/Integration/test_sound_formats.py plays each through the agent's
/// helper into a PulseAudio null sink and checks that exactly these two are heard.
public enum SoundFileFormat: Equatable, Sendable {
    /// Plays: 8- or 16-bit PCM WAV.
    case wav
    /// Plays: Ogg Vorbis.
    case oggVorbis
    /// A sound format libcanberra does not decode (its usual name: FLAC, MP3, Ogg Opus…).
    case unsupported(String)
    /// A WAV file libcanberra refuses: not PCM, or not 8 or 16 bits, or an extended header.
    case unsupportedWAV
    /// Not a sound file at all as far as its first bytes tell.
    case unknown

    public var plays: Bool { self == .wav || self == .oggVorbis }

    /// How many leading bytes `detect` looks at.
    public static let headerBytes = 4096

    /// Reads the format from a file's first bytes (up to `headerBytes`).
    public static func detect(_ h: [UInt8]) -> SoundFileFormat {
        func ascii(_ at: Int, _ s: String) -> Bool {
            let b = Array(s.utf8)
            return h.count >= at + b.count && Array(h[at..<at + b.count]) == b
        }
        func le32(_ at: Int) -> UInt32? {
            guard h.count >= at + 4 else { return nil }
            return UInt32(h[at]) | UInt32(h[at + 1]) << 8 | UInt32(h[at + 2]) << 16 | UInt32(h[at + 3]) << 24
        }
        if ascii(0, "RIFF"), ascii(8, "WAVE") { return wav(h, le32) }
        if ascii(0, "OggS") {
            // The first page holds the codec's identification packet (27-byte header, segment table).
            guard h.count > 27 else { return .unknown }
            let start = 27 + Int(h[26])
            if ascii(start, "\u{01}vorbis") { return .oggVorbis }
            if ascii(start, "OpusHead") { return .unsupported("Ogg Opus") }
            if ascii(start, "\u{7F}FLAC") { return .unsupported("Ogg FLAC") }
            if ascii(start, "Speex") { return .unsupported("Ogg Speex") }
            return .unsupported("Ogg")
        }
        if ascii(0, "fLaC") { return .unsupported("FLAC") }
        if ascii(0, "ID3") { return .unsupported("MP3") }
        if h.count >= 2, h[0] == 0xFF, h[1] & 0xE0 == 0xE0 {
            // An MPEG audio frame (MP3 without ID3 tag) or ADTS AAC (layer bits 00).
            return .unsupported(h[1] & 0x06 == 0 ? "AAC" : "MP3")
        }
        if ascii(4, "ftyp") { return .unsupported("MP4/M4A") }
        if ascii(0, "FORM"), ascii(8, "AIFF") || ascii(8, "AIFC") { return .unsupported("AIFF") }
        if ascii(0, ".snd") { return .unsupported("AU") }
        return .unknown
    }

    /// libcanberra's read-wav.c rules: chunks up to "fmt " (16 bytes, PCM, 8/16 bit), then "data".
    private static func wav(_ h: [UInt8], _ le32: (Int) -> UInt32?) -> SoundFileFormat {
        let maximum: UInt32 = 64 << 20
        guard let riffSize = le32(4), riffSize > 0, riffSize < maximum else { return .unsupportedWAV }
        var at = 12
        var sawFormat = false
        var depth: UInt32 = 8
        while let id = le32(at), let size = le32(at + 4) {
            guard size > 0, size < maximum else { return .unsupportedWAV }
            let body = at + 8
            if !sawFormat, id == 0x2074_6D66 {  // "fmt "
                guard size == 16, let tagChannels = le32(body), let rate = le32(body + 4),
                    let depthAlign = le32(body + 12)
                else { return .unsupportedWAV }
                depth = depthAlign >> 16
                guard tagChannels & 0xFFFF == 1, tagChannels >> 16 > 0, rate > 0, depth == 8 || depth == 16 else {
                    return .unsupportedWAV
                }
                sawFormat = true
            } else if sawFormat, id == 0x6174_6164 {  // "data"
                return size % (depth / 8) == 0 ? .wav : .unsupportedWAV
            }
            at = body + Int(size)
        }
        // The header ran past the bytes read: a format already checked is taken as fine.
        return sawFormat && at >= h.count ? .wav : .unsupportedWAV
    }
}
