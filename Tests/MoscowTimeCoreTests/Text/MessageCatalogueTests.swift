// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The .mo reader, the Localizer on top of it, and the notification text in both languages.
@Suite("Message catalogues")
struct MessageCatalogueTests {
    /// <repo>, from this file's path.
    static let repo: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Tests/MoscowTimeCoreTests/Text/MessageCatalogueTests.swift
        return parts.joined(separator: "/")
    }()

    /// The catalogue the build compiled from po/ru.po into the program (CatalogueCompiler plugin).
    static func russian() throws -> MessageCatalogue {
        try #require(MessageCatalogue.embedded(.ru), "no catalogue compiled into MoscowTimeDomain")
    }

    /// A .mo file as msgfmt writes it (little- or big-endian), for entries in byte order.
    static func mo(_ entries: [(String, String)], bigEndian: Bool = false, inOrder: Bool = true) -> [UInt8] {
        let sorted = inOrder ? entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) } : entries
        var out: [UInt8] = []
        func word(_ v: Int) {
            let w = UInt32(v)
            let bytes = [UInt8(w & 0xff), UInt8(w >> 8 & 0xff), UInt8(w >> 16 & 0xff), UInt8(w >> 24)]
            out += bigEndian ? bytes.reversed() : bytes
        }
        let n = sorted.count
        let originals = 28
        let translations = originals + 8 * n
        var data: [UInt8] = []
        var table1: [(Int, Int)] = []
        var table2: [(Int, Int)] = []
        let dataStart = translations + 8 * n
        for (o, _) in sorted {
            table1.append((o.utf8.count, dataStart + data.count))
            data += Array(o.utf8) + [0]
        }
        for (_, t) in sorted {
            table2.append((t.utf8.count, dataStart + data.count))
            data += Array(t.utf8) + [0]
        }
        word(0x9504_12de)
        word(0)
        word(n)
        word(originals)
        word(translations)
        word(0)
        word(0)
        for (l, o) in table1 + table2 {
            word(l)
            word(o)
        }
        return out + data
    }

    @Test func readsLittleAndBigEndianFiles() throws {
        let entries = [("", "Language: ru\nPlural-Forms: nplurals=3;\n"), ("Stop", "Остановить"), ("Alarm", "Будильник")]
        for big in [false, true] {
            let c = try MessageCatalogue(bytes: Self.mo(entries, bigEndian: big))
            #expect(c.translation("Stop") == "Остановить")
            #expect(c.translation("Alarm") == "Будильник")
            #expect(c.translation("Missing") == nil)
            #expect(c.header["Language"] == "ru")
        }
    }

    /// The entries of a little-endian .mo file, read plainly: (original, translation) with their NULs.
    static func entries(_ mo: [UInt8]) -> [(String, String)] {
        func word(_ at: Int) -> Int { Int(mo[at]) | Int(mo[at + 1]) << 8 | Int(mo[at + 2]) << 16 | Int(mo[at + 3]) << 24 }
        func string(_ table: Int, _ k: Int) -> String {
            let length = word(table + 8 * k)
            let offset = word(table + 8 * k + 4)
            return String(decoding: mo[offset..<offset + length], as: UTF8.self)
        }
        return (0..<word(8)).map { (string(word(12), $0), string(word(16), $0)) }
    }

    @Test func lookupsInTheShippedFileAgreeWithReadingItWhole() throws {
        // The shipped catalogue is searched where it lies; the same entries out of order make a file
        // that is read whole into a dictionary. Every entry, its plural forms, and keys that are not
        // there get the same answer from both.
        let bytes = try #require(EmbeddedCatalogues.base64["ru"].flatMap(Base64.decode))
        let entries = Self.entries(bytes)
        #expect(entries.count > 900)
        let searched = try MessageCatalogue(bytes: bytes)
        let whole = try MessageCatalogue(bytes: Self.mo(entries.reversed(), inOrder: false))
        #expect(searched.header == whole.header && searched.header["Language"] == "ru")
        let keys = Set(entries.map { String($0.0.split(separator: "\u{0}", omittingEmptySubsequences: false)[0]) })
        var plurals = 0
        for (original, translation) in entries where !original.isEmpty {
            let parts = original.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            let key = parts[0]
            #expect(searched.translation(key) == whole.translation(key), "\(key)")
            #expect(searched.translation(key) == (translation.isEmpty ? nil : translation.split(separator: "\u{0}").first.map(String.init)))
            if parts.count > 1 {
                plurals += 1
                for n in [0, 1, 2, 5, 11, 21, 22, 111] { #expect(searched.translation(key, count: n) == whole.translation(key, count: n)) }
            }
            for missing in [key + " ", String(key.dropLast()), "~" + key] where !keys.contains(missing) {
                #expect(searched.translation(missing) == nil && whole.translation(missing) == nil, "\(missing)")
            }
        }
        #expect(plurals > 10)
        #expect(searched.translation("") == nil)
    }

    @Test func rejectsOtherFilesAndTruncation() {
        #expect(throws: MessageCatalogue.Failure.notAMOFile) { try MessageCatalogue(bytes: Array("msgid \"x\"\nmsgstr \"y\"\n".utf8)) }
        #expect(throws: MessageCatalogue.Failure.notAMOFile) { try MessageCatalogue(bytes: []) }
        let good = Self.mo([("Stop", "Остановить")])
        #expect(throws: MessageCatalogue.Failure.truncated) { try MessageCatalogue(bytes: Array(good.prefix(good.count - 8))) }
        #expect(MessageCatalogue.load(path: "/nonexistent/moscowtime.mo") == nil)
    }

    @Test func pluralFormsFollowRussianRules() throws {
        let c = try MessageCatalogue(
            bytes: Self.mo([("", "Language: ru\n"), ("{n} day\u{0}{n} days", "{n} день\u{0}{n} дня\u{0}{n} дней")]))
        let expected = [
            1: "день", 2: "дня", 4: "дня", 5: "дней", 11: "дней", 12: "дней", 21: "день", 22: "дня", 25: "дней", 101: "день", 111: "дней",
        ]
        for (n, word) in expected {
            #expect(c.translation("{n} day", count: n) == "{n} \(word)", "n = \(n)")
        }
        let t = Localizer(.ru, catalogue: c)
        #expect(t.plural("{n} day", "{n} days", count: 3, ["n": "3"]) == "3 дня")
        let en = Localizer(.en, catalogue: c)
        #expect(en.plural("{n} day", "{n} days", count: 1, ["n": "1"]) == "1 day")
        #expect(en.plural("{n} day", "{n} days", count: 3, ["n": "3"]) == "3 days")
    }

    @Test func shippedCatalogueMatchesItsPluralRule() throws {
        // pluralIndex hard-codes the Russian rule: fail loudly if ru.po ever declares another one.
        let c = try Self.russian()
        #expect(c.header["Language"] == "ru")
        #expect(
            c.header["Plural-Forms"]
                == "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect(c.header["Content-Type"] == "text/plain; charset=UTF-8")
    }

    @Test func localizerTranslatesOnlyRussian() throws {
        let c = try Self.russian()
        let ru = Localizer(.ru, catalogue: c)
        let en = Localizer(.en, catalogue: c)
        #expect(ru("Stop") == "Остановить")
        #expect(en("Stop") == "Stop")
        #expect(ru("Snooze: {n} min", ["n": "10"]) == "Отложить — на 10 мин")
        #expect(ru("no such message {x}", ["x": "1"]) == "no such message 1")
        #expect(Localizer(.ru)("Every day") == "Каждый день")  // the process-wide catalogue
    }

    @Test func findsTheCatalogueInTheDocumentedOrder() throws {
        let exe = Self.repo + "/.build/x86_64-unknown-linux-gnu/debug"
        let dirs = ResourceLocator.localeDirectories(environment: ["MOSCOWTIME_LOCALEDIR": "/opt/x/locale"], executableDirectory: exe)
        #expect(dirs == ["/opt/x/locale", exe + "/../share/locale"])
        let installed = ResourceLocator.localeDirectories(environment: [:], executableDirectory: "/usr/bin")
        #expect(installed == ["/usr/bin/../share/locale"])
        // A build-tree program finds no file and uses the catalogue compiled into it.
        #expect(ResourceLocator.cataloguePath(.ru, environment: [:], executableDirectory: exe) == nil)
        #expect(try Self.russian().translation("Stop") == "Остановить")
        #expect(ResourceLocator.cataloguePath(.ru, environment: [:], executableDirectory: "/nonexistent/bin") == nil)
        let templates = ResourceLocator.templateDirectories(environment: ["MOSCOWTIME_DATADIR": "/d"], executableDirectory: "/usr/bin")
        #expect(templates == ["/d/templates", "/usr/bin/../share/moscowtime/templates"])
    }

    @Test func findsTheIconsInstalledBesideTheProgramElseInTheSourceTree() throws {
        // From a build tree: the source tree's data/icons, flat.
        let exe = Self.repo + "/.build/x86_64-unknown-linux-gnu/debug"
        let source = try #require(ResourceLocator.iconFiles(probe: "org.moscowtime.Agent", executableDirectory: exe))
        #expect(source == IconFiles(themePath: Self.repo + "/data/icons", layout: .flat))
        #expect(source.file(for: "org.moscowtime.Agent-ringing") == Self.repo + "/data/icons/org.moscowtime.Agent-ringing.svg")
        #expect(ResourceLocator.isFile(source.file(for: "org.moscowtime.Agent-ringing")))
        // Installed: the agent's own theme under <prefix>/share/moscowtime/icons (hicolor layout with
        // an index.theme of its own: hosts that search only IconThemePath need one) wins, its path
        // without "..".
        let prefix = ScratchDirectory("icons")
        ScratchDirectory.makeDirectories(prefix.path + "/bin")
        let own = prefix.path + "/share/moscowtime/icons"
        ScratchDirectory.write(own + "/hicolor/scalable/apps/org.moscowtime.Agent.svg", "<svg/>")
        let installed = try #require(ResourceLocator.iconFiles(probe: "org.moscowtime.Agent", executableDirectory: prefix.path + "/bin"))
        #expect(installed.themePath == own && installed.layout == .hicolorTheme)
        #expect(installed.file(for: "org.moscowtime.Agent") == own + "/hicolor/scalable/apps/org.moscowtime.Agent.svg")
        // Neither: nothing to point a host at.
        #expect(ResourceLocator.iconFiles(probe: "org.moscowtime.Agent", executableDirectory: "/nonexistent/bin") == nil)
        #expect(ResourceLocator.iconFiles(probe: "no-such-icon", executableDirectory: exe) == nil)
    }

    @Test func notificationTextInBothLanguages() throws {
        let c = try Self.russian()
        let zone = try #require(Zone(identifier: "Europe/Moscow"))
        let due = Instant(secondsSinceEpoch: 1_795_406_400)  // 2026-11-23 07:00 MSK, a Monday
        let ringing = RingingAlarm(
            alarmID: "0a1b2c3d", label: "Подъём", due: due, startedAt: due + 3600, endsAt: due + 3900,
            isLate: true, snoozeCount: 2, snoozeMinutes: 10, sound: "alarm-clock-elapsed")
        let now = due + 3600
        let ru = AlarmNotificationText(Localizer(.ru, catalogue: c), zone: zone).ring(ringing, now: now, serverHasActions: false)
        #expect(ru.summary == "Подъём")
        #expect(
            ru.body == """
                Будильник · 08:00 · понедельник, 23 ноября 2026
                с опозданием: должен был прозвенеть в 07:00
                отложен 2 раза
                Отложить: agent-cli snooze 0a1b2c3d · остановить: agent-cli stop 0a1b2c3d
                """)
        #expect(ru.snoozeLabel == "Отложить")  // one word: narrow buttons (LXQt) cut longer labels
        #expect(ru.stopLabel == "Остановить")
        let en = AlarmNotificationText(Localizer(.en, catalogue: c), zone: zone).ring(ringing, now: now, serverHasActions: true)
        #expect(en.body == "Alarm · 08:00 · Monday, 23 November 2026\nlate: due 07:00\nsnoozed 2 times\nSnooze: 10 min")
        #expect(en.snoozeLabel == "Snooze")
        #expect(en.stopLabel == "Stop")

        let missed = [MissedAlarm(alarmID: "0a1b2c3d", label: "Подъём", due: due, reason: .sleep)]
        let mru = AlarmNotificationText(Localizer(.ru, catalogue: c), zone: zone).missed(missed)
        #expect(mru.summary == "Пропущенный будильник")
        #expect(mru.body == "Подъём — в пн 23.11.2026 07:00 (пока компьютер спал)")
        let men = AlarmNotificationText(Localizer(.en, catalogue: c), zone: zone).missed(missed + missed)
        #expect(men.summary == "Missed alarms")
        #expect(men.body.hasPrefix("Подъём — due Mon 2026-11-23 07:00 (while the computer slept)"))
    }
}
