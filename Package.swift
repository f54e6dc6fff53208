// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// MoscowTime Agent: a pure domain (time, schedules, engine, scheduler, statistics), a store that owns
// files, the environment and the clock, a thin GLib runtime shell, and thin executables. See
// docs/ARCHITECTURE.md for the layout and the rules between the modules.
import PackageDescription

/// apple/swift-system: every read and write of a file descriptor goes through its `FileDescriptor`.
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

/// GIO and GObject, linked by what uses them: CGLib links GLib alone, so that agent-cli can load
/// them only when a command needs them (GLibOnDemand).
let linksGIO: [LinkerSetting] = [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0")]

/// Concrete generic types (`Set<Weekday>`, `[Alarm]`) reached through their metadata accessors,
/// which are handed the conformances they need, rather than by mangled name: for those the runtime
/// looks each conformance up among the ~4 500 records of agent-cli's static binary, a scan of them
/// all (0.1–0.3 M instructions) per new type: 1.25 M of the 7.8 M of `agent-cli list` of 100 alarms.
let directMetadataAccess: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

/// Every function in a section of its own, so that agent-cli's link can place what its everyday
/// commands run side by side (`startUpLinking`'s ordering file). Without it a module's functions stay
/// in one block per file, and a short command touched 77 code pages spread over 11 MB.
let functionSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"])]

/// agent-cli's start-up, linked for it (figures: docs/PERFORMANCE.md, "Start-up: what each mechanism measured"):
/// - at a fixed address (--no-pie): as PIE, every start copied 135 data pages only to write the
///   loader's relocations into them, and a touched page is most of what a short command costs.
///   Why that is acceptable for agent-cli alone: packaging/README.md, "How the programs are linked";
/// - BIND_NOW (-z now, as make's HARDEN gives every program): its GOT read-only from the start;
/// - the core's public symbols out of the dynamic symbol table (the static runtime's
///   -export-dynamic put 5 300 there, which the runtime's dladdr at start walks and every symbol
///   lookup of the loader consults);
/// - GCC's unwinder linked in (-static-libgcc): one shared library fewer to find, map and relocate;
/// - without GLib (--remap-inputs: the linker reads an empty script for it; GLibOnDemand defines
///   what agent-cli calls of it): mapping and relocating it and PCRE2 was a third of `--version`;
/// - the functions the everyday commands run first and together (packaging/agent-cli.order, written
///   by scripts/order-agent-cli; a name the binary lacks is skipped, so a stale file costs time only).
let startUpLinking = [
    "-use-ld=lld", "-Xlinker", "--no-pie", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--remap-inputs=*/libglib-2.0.so=" + Context.packageDirectory + "/packaging/without-glib/libglib-2.0.ld",
    "-Xclang-linker", "-static-libgcc",
    "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/packaging/agent-cli.order",
    "-Xlinker", "--no-warn-symbol-ordering",
]

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
        // themselves (linksGIO), and agent-cli loads both on demand (GLibOnDemand).
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
        .target(
            name: "MoscowTimeDomain", swiftSettings: directMetadataAccess + functionSections,
            plugins: ["CatalogueCompiler"]),
        // The store: the document's file, locks and JSON, the agent's state file, habit import/export
        // (CSV, the Loop ZIP through GIO's zlib), templates, sync's versions and merge, and the
        // process's edges: environment, the wall clock, files shipped beside the programs.
        .target(
            name: "MoscowTimeStore", dependencies: ["MoscowTimeDomain", "CGLib", systemPackage],
            swiftSettings: directMetadataAccess + functionSections),
        // agent-cli's terminal presentation: tables aligned by display width, the habit heatmap and sparkline.
        .target(
            name: "MoscowTimeTerminal", dependencies: ["MoscowTimeDomain"],
            swiftSettings: directMetadataAccess + functionSections),
        .plugin(name: "CatalogueCompiler", capability: .buildTool(), dependencies: ["embed-catalogue"]),
        .executableTarget(name: "embed-catalogue"),

        // iCalendar export/import through libical. Its own target: the agent and the core never load it.
        // CalDAV sync (libsoup, libxml2) lives here too, used only by moscowtime-calendar.
        .target(name: "MoscowTimeCalendar", dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "CICal", "CSoup", "CXML"]),

        // The one Swift face of GLib/GIO for the modules above it: GVariant building and reading,
        // GError, the session bus as a typed connection, main-loop closures, markup escaping.
        .target(name: "GLibSupport", dependencies: ["CGLib"], swiftSettings: functionSections),

        // Desktop adapters: GLib main loop, wall-clock timerfd, notifications, sound, bus names, logind.
        // Knows nothing of alarms.
        .target(
            name: "MoscowTimeDesktop", dependencies: ["CGLib", "CNotify", "CCanberra", "GLibSupport", systemPackage],
            linkerSettings: linksGIO),

        // The agent's D-Bus API: its names, version and XML, typed reply records, and the client agent-cli uses.
        .target(name: "AgentControl", dependencies: ["GLibSupport"], swiftSettings: functionSections),

        // The agent: feeds events to the core's scheduler and carries out its effects with the desktop adapters.
        .target(
            name: "MoscowTimeAgent",
            dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeDesktop", "AgentControl", "GLibSupport"]),

        // GLibOnDemand defines the GLib and GIO functions agent-cli's modules call, loading the library
        // on the first call: only the D-Bus commands, the habit import and text beyond Latin and
        // Cyrillic load them (startUpLinking leaves GLib out of the link though CGLib names it).
        // packaging/static-libstdc++
        // makes the static Swift runtime's -lstdc++ the archive (see the linker script there).
        .executableTarget(
            name: "agent-cli",
            dependencies: [
                "MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeTerminal", "AgentControl", "GLibOnDemand", "ArgumentsAtStart",
                systemPackage,
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], swiftSettings: directMetadataAccess + functionSections,
            linkerSettings: [.unsafeFlags(["-L", Context.packageDirectory + "/packaging/static-libstdc++"] + startUpLinking)]),
        .target(name: "GLibOnDemand", dependencies: ["CGLib"], cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
        // The static runtime's argv lookup, replaced for agent-cli (see its header).
        .target(name: "ArgumentsAtStart", cSettings: [.unsafeFlags(["-Wall", "-Wextra"])]),
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
            dependencies: ["MoscowTimeAgent", "MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeDesktop", "GLibSupport"]),
        .testTarget(name: "GLibSupportTests", dependencies: ["GLibSupport", "CGLib"], linkerSettings: linksGIO),
        .testTarget(name: "AgentControlTests", dependencies: ["AgentControl", "GLibSupport"], linkerSettings: linksGIO),
        .testTarget(name: "AgentCLITests", dependencies: ["MoscowTimeDomain", "MoscowTimeStore", "TestSupport", "ArgumentsAtStart"]),
    ],
    swiftLanguageModes: [.v6]
)
