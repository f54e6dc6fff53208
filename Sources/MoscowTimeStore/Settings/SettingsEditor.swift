// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Validates and applies `agent-cli settings KEY VALUE`.
public enum SettingsEditor {
    public static func apply(key: String, value: String, to s: inout Settings) throws(InputError) {
        func minutes(_ range: ClosedRange<Int>) throws(InputError) -> Int {
            guard let n = Int(value.trimmingSpaces), range.contains(n) else {
                throw InputError(
                    "invalid value \"{value}\" for {key}: expected whole minutes {min}–{max}",
                    ["value": "\(value)", "key": "\(key)", "min": "\(range.lowerBound)", "max": "\(range.upperBound)"])
            }
            return n
        }
        switch key {
        case "zone": s.zone = try zone(value)
        case "snooze": s.snoozeMinutes = try minutes(Limits.snoozeMinutes)
        case "ring-minutes": s.ringMinutes = try minutes(Limits.ringMinutes)
        case "ramp": s.rampSeconds = try RampDuration.parse(value)
        case "late-window": s.lateWindowMinutes = try minutes(Limits.lateWindowMinutes)
        case "habit-later": s.habitLaterMinutes = try minutes(Limits.snoozeMinutes)
        case "sound": s.sound = try SoundChoice.validate(value)
        case "habit-sound": s.habitSound = try SoundChoice.validate(value)
        case "language":
            guard let l = LanguageSetting(rawValue: value) else {
                throw InputError("invalid language \"{value}\": expected auto, ru or en", ["value": "\(value)"])
            }
            s.language = l
        case "wake":
            switch value.trimmingSpaces.lowercased() {
            case "on", "yes", "true", "да", "вкл": s.wakeAlarms = true
            case "off", "no", "false", "нет", "выкл": s.wakeAlarms = false
            default: throw InputError("invalid value \"{value}\" for wake: expected on or off", ["value": value])
            }
        case "achievement-notifications":
            guard let on = ["on": true, "off": false, "true": true, "false": false][value.trimmingSpaces.lowercased()] else {
                throw InputError("invalid value \"{value}\" for achievement-notifications: expected on or off", ["value": value])
            }
            s.achievementNotifications = on
        case "dismiss":
            guard let d = DismissAction(rawValue: value.trimmingSpaces) else {
                throw InputError(
                    "invalid value \"{value}\" for dismiss: expected snooze (closing a ringing alarm's notification snoozes it) or stop",
                    ["value": value])
            }
            s.dismiss = d
        case "holidays":
            guard let h = HolidayCountry(rawValue: value.trimmingSpaces.lowercased()) else {
                throw InputError(
                    "invalid value \"{value}\" for holidays: expected ru (working days follow Russia's production calendar) or none (Monday to Friday)",
                    ["value": value])
            }
            s.holidays = h
        case "pre-notice": s.preNotice = try preNotice(value)
        case "reminder-snooze": s.reminderSnoozeMinutes = try minutes(Limits.snoozeMinutes)
        default:
            throw InputError(
                "unknown setting \"{key}\": expected one of {value}",
                ["key": "\(key)", "value": "\(Settings.keys.joined(separator: ", "))"])
        }
    }

    /// A tz database name (or a name `ZoneNames` resolves to one) whose file reads as a zone.
    static func zone(_ value: String) throws(InputError) -> String {
        let name = try ZoneNames.resolve(value)
        guard Zone(identifier: name) != nil else {
            throw InputError("the tz database file of the zone \"{value}\" cannot be read", ["value": name])
        }
        return name
    }

    /// The evening time of the notice, or nil for off.
    static func preNotice(_ value: String) throws(InputError) -> TimeOfDay? {
        let v = value.trimmingSpaces.lowercased()
        if ["off", "no", "выкл", "нет"].contains(v) { return nil }
        do { return try TimeParser.parse(v) } catch {
            throw InputError(
                "invalid value \"{value}\" for pre-notice: expected off or the evening time of the notice, such as 21:00",
                ["value": value])
        }
    }

    public static func value(of key: String, in s: Settings) -> String? {
        switch key {
        case "zone": return s.zone
        case "snooze": return String(s.snoozeMinutes)
        case "ring-minutes": return String(s.ringMinutes)
        case "ramp": return RampDuration.format(s.rampSeconds)
        case "late-window": return String(s.lateWindowMinutes)
        case "habit-later": return String(s.habitLaterMinutes)
        case "sound": return s.sound
        case "habit-sound": return s.habitSound
        case "language": return s.language.rawValue
        case "wake": return s.wakeAlarms ? "on" : "off"
        case "achievement-notifications": return s.achievementNotifications ? "on" : "off"
        case "dismiss": return s.dismiss.rawValue
        case "holidays": return s.holidays.rawValue
        case "pre-notice": return s.preNotice?.description ?? "off"
        case "reminder-snooze": return String(s.reminderSnoozeMinutes)
        default: return nil
        }
    }
}

/// A sound is a theme sound id (`alarm-clock-elapsed`, looked up in the freedesktop sound theme)
/// or an absolute path to a file.
public enum SoundChoice {
    /// A ring tone larger than this is refused (a long OGG is a few MB).
    public static let maximumFileBytes = 64 << 20

    public static func validate(_ value: String) throws(InputError) -> String {
        let v = value.trimmingSpaces
        if v.hasPrefix("/") {
            guard FileSystem.exists(v) else {
                throw InputError(
                    "sound file \"{v}\" does not exist: give an absolute path to an existing file, or a theme sound id such as alarm-clock-elapsed",
                    ["v": "\(v)"])
            }
            // The agent plays it at a ring: a FIFO, a device or a huge file there would hang or bloat it.
            let opened: (fd: Int32, size: Int)?
            do { opened = try FileSystem.openRegular(v) } catch {
                throw InputError(
                    "sound file \"{v}\" cannot be used: {why}; give an ordinary sound file (Ogg Vorbis, WAV)",
                    ["v": "\(v)"], parts: ["why": error.brief])
            }
            guard let opened else {
                throw InputError(
                    "sound file \"{v}\" does not exist: give an absolute path to an existing file, or a theme sound id such as alarm-clock-elapsed",
                    ["v": "\(v)"])
            }
            defer { close(opened.fd) }
            guard opened.size > 0, opened.size <= maximumFileBytes else {
                throw InputError(
                    "sound file \"{v}\" is {size} bytes: expected a sound file of 1 byte to {max} MB",
                    ["v": "\(v)", "size": "\(opened.size)", "max": "\(maximumFileBytes >> 20)"])
            }
            // It must also be a format libcanberra decodes, or the alarm would ring silent at 07:00.
            var header = [UInt8](repeating: 0, count: min(opened.size, SoundFileFormat.headerBytes))
            let n = header.withUnsafeMutableBytes { pread(opened.fd, $0.baseAddress, $0.count, 0) }
            header.removeLast(header.count - max(0, n))
            switch SoundFileFormat.detect(header) {
            case .wav, .oggVorbis: return v
            case .unsupported(let format):
                throw InputError(
                    "sound file \"{v}\" is {format}, which cannot be played here: give a WAV (8- or 16-bit PCM) or Ogg Vorbis file, e.g. convert it with: sox IN OUT.ogg",
                    ["v": "\(v)", "format": format])
            case .unsupportedWAV:
                throw InputError(
                    "sound file \"{v}\" is a WAV file that cannot be played here (only 8- or 16-bit PCM plays): convert it, e.g. with: sox IN -b 16 -e signed-integer OUT.wav",
                    ["v": "\(v)"])
            case .unknown:
                throw InputError(
                    "sound file \"{v}\" is not a sound file that can be played here: give a WAV (8- or 16-bit PCM) or Ogg Vorbis file",
                    ["v": "\(v)"])
            }
        }
        guard !v.isEmpty, v.count <= 100,
            v.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_.".unicodeScalars.contains($0)) })
        else {
            throw InputError(
                "invalid sound \"{value}\": expected a theme sound id such as alarm-clock-elapsed or bell, or an absolute file path",
                ["value": "\(value)"])
        }
        return v
    }
}
