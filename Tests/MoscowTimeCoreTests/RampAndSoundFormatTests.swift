// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The ramp setting and option (parse, range, store) and the sound formats libcanberra plays.
@Suite(.timeLimit(.minutes(1)))
struct RampAndSoundFormatTests {
    // MARK: ramp

    @Test(arguments: [
        ("30s", 30), ("1m", 60), ("1m30s", 90), ("10m", 600), ("0", 0), ("off", 0), (" OFF ", 0),
        ("45сек", 45), ("600s", 600),
    ])
    func rampDurations(text: String, seconds: Int) throws {
        #expect(try RampDuration.parse(text) == seconds)
    }

    @Test(arguments: ["601s", "11m", "1h", "30", "-5s", "loud", "", "0s", "99999999999s"])
    func rampsOutOfRangeOrMalformedAreRefused(text: String) {
        #expect(throws: InputError.self) { try RampDuration.parse(text) }
        do { _ = try RampDuration.parse(text) } catch {
            #expect(error.template.hasPrefix("invalid ramp"))
            #expect(error.values["max"] == "10m")
        }
    }

    @Test func rampFormatting() {
        #expect(RampDuration.format(0) == "0")
        #expect(RampDuration.format(30) == "30s")
        #expect(RampDuration.format(90) == "1m30s")
    }

    @Test func theSettingDefaultsTo30sAndTheAlarmFollowsIt() throws {
        var s = Settings()
        #expect(s.rampSeconds == 30)
        let a = Alarm(
            id: "0a1b2c3d", label: "x",
            schedule: .once(date: CivilDate(year: 2030, month: 1, day: 1)!, time: TimeOfDay(hour: 7, minute: 0)!),
            created: Instant(secondsSinceEpoch: 1_900_000_000))
        #expect(a.effectiveRampSeconds(s) == 30)
        try SettingsEditor.apply(key: "ramp", value: "2m", to: &s)
        #expect(s.rampSeconds == 120 && SettingsEditor.value(of: "ramp", in: s) == "2m")
        #expect(a.effectiveRampSeconds(s) == 120)
        var own = a
        own.rampSeconds = 0
        #expect(own.effectiveRampSeconds(s) == 0)
        #expect(throws: InputError.self) { try SettingsEditor.apply(key: "ramp", value: "11m", to: &s) }
        #expect(s.rampSeconds == 120, "a refused value changes nothing")
        #expect(Settings.keys.contains("ramp"))
    }

    @Test func theStoreKeepsTheRampAndRefusesOneOutOfRange() throws {
        func decode(_ json: String) throws -> StoreDocument { try DocumentCoding.decode(try JSONParser.parse(json)) }
        var doc = StoreDocument()
        doc.settings.rampSeconds = 0
        doc.alarms = [
            Alarm(
                id: "0a1b2c3d", label: "x",
                schedule: .once(date: CivilDate(year: 2030, month: 1, day: 1)!, time: TimeOfDay(hour: 7, minute: 0)!),
                rampSeconds: 600, created: Instant(secondsSinceEpoch: 1_900_000_000))
        ]
        #expect(try DocumentCoding.decode(DocumentCoding.encode(doc)) == doc)
        #expect(try decode(#"{"settings":{}}"#).settings.rampSeconds == 30, "older stores get the default")
        for bad in ["-1", "601", "1e9", "\"30s\""] {
            #expect(throws: DocumentDecodingError.self) { try decode(#"{"settings":{"rampSeconds":"# + bad + "}}") }
            let alarm =
                #"{"alarms":[{"id":"0a1b2c3d","label":"x","schedule":{"kind":"once","time":"07:00","date":"2030-01-01"},"created":"2030-01-01T00:00:00Z","rampSeconds":"#
            #expect(throws: DocumentDecodingError.self) { try decode(alarm + bad + "}]}") }
        }
    }

    // MARK: sound formats

    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    private func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

    /// A WAV header as sox writes it, with an optional LIST chunk before "data".
    private func wav(format: UInt16 = 1, bits: UInt16 = 16, fmtSize: UInt32 = 16, list: Bool = false) -> [UInt8] {
        var fmt = le16(format) + le16(2) + le32(44100) + le32(44100 * 4) + le16(4) + le16(bits)
        fmt += [UInt8](repeating: 0, count: Int(fmtSize) - 16)
        var h = bytes("RIFF") + le32(1000) + bytes("WAVE") + bytes("fmt ") + le32(fmtSize) + fmt
        if list { h += bytes("LIST") + le32(4) + bytes("INFO") }
        return h + bytes("data") + le32(400) + [UInt8](repeating: 0, count: 64)
    }

    private func ogg(_ packet: String) -> [UInt8] {
        bytes("OggS") + [0, 2] + [UInt8](repeating: 0, count: 20) + [1, 30] + bytes(packet) + [UInt8](repeating: 0, count: 30)
    }

    @Test func wavOf8Or16BitPcmAndOggVorbisPlay() {
        #expect(SoundFileFormat.detect(wav()) == .wav)
        #expect(SoundFileFormat.detect(wav(bits: 8)) == .wav)
        #expect(SoundFileFormat.detect(wav(list: true)) == .wav)
        #expect(SoundFileFormat.detect(ogg("\u{01}vorbis")) == .oggVorbis)
        #expect(SoundFileFormat.detect(ogg("\u{01}vorbis")).plays)
    }

    @Test func whatLibcanberraRefusesIsNamed() {
        #expect(SoundFileFormat.detect(wav(bits: 24)) == .unsupportedWAV)
        #expect(SoundFileFormat.detect(wav(format: 3, bits: 32)) == .unsupportedWAV)  // float
        #expect(SoundFileFormat.detect(wav(format: 0xFFFE, fmtSize: 40)) == .unsupportedWAV)  // extensible
        #expect(SoundFileFormat.detect(ogg("OpusHead")) == .unsupported("Ogg Opus"))
        #expect(SoundFileFormat.detect(ogg("\u{7F}FLAC")) == .unsupported("Ogg FLAC"))
        #expect(SoundFileFormat.detect(bytes("fLaC\0\0\0\"")) == .unsupported("FLAC"))
        #expect(SoundFileFormat.detect(bytes("ID3\u{04}\0\0")) == .unsupported("MP3"))
        #expect(SoundFileFormat.detect([0xFF, 0xFB, 0x90, 0x64]) == .unsupported("MP3"))
        #expect(SoundFileFormat.detect([0xFF, 0xF1, 0x50, 0x80]) == .unsupported("AAC"))
        #expect(SoundFileFormat.detect([0, 0, 0, 0x20] + bytes("ftypM4A ")) == .unsupported("MP4/M4A"))
        #expect(SoundFileFormat.detect(bytes("not a sound\n")) == .unknown)
        #expect(SoundFileFormat.detect([]) == .unknown)
        #expect(SoundFileFormat.detect(bytes("RIFF")) == .unknown, "too short for WAVE")
        #expect(!SoundFileFormat.detect(bytes("OggS")).plays)
    }
}
