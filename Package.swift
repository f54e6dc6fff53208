// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// MoscowTime Agent: a pure domain (time, schedules, engine, scheduler, statistics), a store that owns
// files, the environment and the clock, a thin GLib runtime shell, and thin executables. See
// docs/ARCHITECTURE.md for the layout and the rules between the modules.
import PackageDescription

/// apple/swift-system: every read and write of a file descriptor goes through its `FileDescriptor`.
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

/// GIO and GObject, linked by what uses them (CGLib links GLib alone).
let linksGIO: [LinkerSetting] = [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0")]

let package = Package(
    name: "MoscowTime",
    products: [
        .executable(name: "agent-cli", targets: ["agent-cli"]),
        .executable(name: "moscowtime-agent", targets: ["moscowtime-agent"]),
        .executable(name: "moscowtime-calendar", targets: ["moscowtime-calendar"]),
        .executable(name: "moscowtime-wake", targets: ["moscowtime-wake"]),
        .executable(name: "moscowtime-sound", targets: ["moscowtime-sound"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // File descriptors with EINTR retried and full writes, without Foundation (SystemPackage).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries, found through pkg-config. CGLib: GLib's, GObject's and GIO's headers (all
        // under glib-2.0's include path), linking GLib alone; the targets that call GIO link it
        // themselves (linksGIO).
        .systemLibrary(
            name: "CGLib", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CNotify", pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]),
        .systemLibrary(
            name: "CCanberra", pkgConfig: "libcanberra",
            providers: [.apt(["libcanberra-dev"])]),
        // Only the sound helper links libpulse (the ramp raises its stream's volume); the agent never does.
        .systemLibrary(
            name: "CPulse", pkgConfig: "libpulse",
            providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(
            name: "CICal", pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]),
        .systemLibrary(
            name: "CSoup", pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(
            name: "CXML", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CSecret", pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]),

        // The domain: time, the model, schedules, the engine and scheduler, habits' statistics, working
        // days, the catalogue's lookups. No clock, no main loop, no D-Bus; no file I/O but the tz
        // database's files (Zone, ZoneNames). po/*.po and data/calendar are compiled into it at build time
        // (CatalogueCompiler), so every program speaks Russian and knows the working days.
        .target(name: "MoscowTimeDomain", plugins: ["CatalogueCompiler"]),
        // The store: the document's file, locks and JSON, the agent's state file, habit import/export
        // (CSV, the Loop ZIP through GIO's zlib), templates, sync's versions and merge, and the
        // process's edges: environment, the wall clock, files shipped beside the programs.
        .target(
            name: "MoscowTimeStore", dependencies: ["MoscowTimeDomain", "CGLib", systemPackage],
            linkerSettings: linksGIO),
        // agent-cli's terminal presentation: tables aligned by display width, the habit heatmap and sparkline.
        .target(name: "MoscowTimeTerminal", dependencies: ["MoscowTimeDomain"]),
        .plugin(name: "CatalogueCompiler", capability: .buildTool(), dependencies: ["embed-catalogue"]),
        .executableTarget(name: "embed-catalogue"),

        // iCalendar export/import through libical. Its own target: the agent and the core never load it.
        // CalDAV sync (libsoup, libxml2) lives here too, used only by moscowtime-calendar.
        .target(name: "MoscowTimeCalendar", dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "CICal", "CSoup", "CXML"]),

        // The one Swift face of GLib/GIO for the modules above it: GVariant building and reading,
        // GError, the session bus as a typed connection, main-loop closures, markup escaping.
        .target(name: "GLibSupport", dependencies: ["CGLib"], linkerSettings: linksGIO),

        // Desktop adapters: GLib main loop, wall-clock timerfd, notifications, sound, bus names, logind.
        // Knows nothing of alarms.
        .target(
            name: "MoscowTimeDesktop", dependencies: ["CGLib", "CNotify", "CCanberra", "GLibSupport", systemPackage],
            linkerSettings: linksGIO),

        // The agent's D-Bus API: its names, version and XML, typed reply records, and the client agent-cli uses.
        .target(name: "AgentControl", dependencies: ["GLibSupport"], linkerSettings: linksGIO),

        // The agent: feeds events to the core's scheduler and carries out its effects with the desktop adapters.
        .target(
            name: "MoscowTimeAgent",
            dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeDesktop", "AgentControl", "GLibSupport"]),

        // Linked like every program here, with no flag of its own (packaging/README.md, "How the
        // programs are linked").
        .executableTarget(
            name: "agent-cli",
            dependencies: [
                "MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeTerminal", "AgentControl", systemPackage,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "moscowtime-agent", dependencies: ["MoscowTimeAgent"]),
        // agent-cli execs this for export --ics and import: libical stays out of every other start-up.
        .executableTarget(
            name: "moscowtime-calendar",
            dependencies: ["MoscowTimeCalendar", "MoscowTimeDomain", "MoscowTimeStore", "CSecret", "GLibSupport", systemPackage],
            linkerSettings: linksGIO),
        // The wake-from-suspend helper: plain C, one CLOCK_REALTIME_ALARM timerfd, CAP_WAKE_ALARM only
        // (see its header comment and packaging/README.md). Built here for the build tree and the
        // tests; `make` builds the installed one with the C compiler alone (no Swift runtime in it).
        .executableTarget(name: "moscowtime-wake", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
        // Plays one sound and exits: the agent runs it per play so libpulse never loads into the agent
        // (memory after a ring). Plain C like the wake helper; `make` builds the installed one.
        .executableTarget(
            name: "moscowtime-sound", dependencies: ["CCanberra", "CPulse"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),

        .testTarget(
            name: "MoscowTimeCoreTests",
            dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeTerminal", "TestSupport", "CGLib"],
            linkerSettings: linksGIO),
        .testTarget(
            name: "MoscowTimeCalendarTests", dependencies: ["MoscowTimeCalendar", "MoscowTimeDomain", "MoscowTimeStore", "TestSupport"],
            linkerSettings: linksGIO),
        // What several test targets share (the seeded generator, the monotonic clock).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Sets, before main(), the environment variables the desktop test support changes (see seed.c).
        .target(name: "TestEnvironmentSeed", path: "Tests/TestEnvironmentSeed"),
        .testTarget(
            name: "MoscowTimeDesktopTests",
            dependencies: [
                "MoscowTimeDesktop", "MoscowTimeDomain", "MoscowTimeStore", "GLibSupport", "AgentControl",
                "TestEnvironmentSeed", "TestSupport",
            ]),
        .testTarget(
            name: "MoscowTimeAgentTests",
            dependencies: ["MoscowTimeAgent", "MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeDesktop", "GLibSupport", "CGLib"]),
        .testTarget(name: "GLibSupportTests", dependencies: ["GLibSupport", "CGLib"], linkerSettings: linksGIO),
        .testTarget(name: "AgentControlTests", dependencies: ["AgentControl", "GLibSupport"], linkerSettings: linksGIO),
        .testTarget(name: "AgentCLITests", dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
