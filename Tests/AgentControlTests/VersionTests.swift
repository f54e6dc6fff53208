// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import Foundation
import Testing

/// The version is written in Swift once (`AgentIdentity.version`); the packaging files that must
/// repeat it are checked against it.
@Suite("Version")
struct VersionTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func packagingRepeatsTheOneVersion() throws {
        let changelog = try String(contentsOf: Self.repo.appendingPathComponent("packaging/debian/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("moscowtime (\(AgentIdentity.version)"), "the newest debian/changelog entry")
        let metainfo = try String(
            contentsOf: Self.repo.appendingPathComponent("data/metainfo/org.moscowtime.Agent.metainfo.xml"), encoding: .utf8)
        let firstRelease = try #require(metainfo.firstRange(of: "<release version=\""))
        #expect(metainfo[firstRelease.upperBound...].hasPrefix(AgentIdentity.version + "\""), "the newest metainfo release")
    }
}
