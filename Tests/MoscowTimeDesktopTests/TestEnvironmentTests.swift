// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestEnvironmentSeed
import Testing

/// The test support changes the bus and sound-server variables while other tests run on other
/// threads; that is only safe if each variable already existed when the process started (see
/// Tests/TestEnvironmentSeed/seed.c). This fails if the seed is not linked or misses a name.
@Suite("Test process environment")
struct TestEnvironmentTests {
    @Test(
        "every variable the test support sets exists from the start",
        arguments: [
            "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS",
            "PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_COOKIE", "PULSE_CLIENTCONFIG",
        ])
    func seeded(name: String) {
        #expect(getenv(name) != nil)
        #expect(moscowtime_test_placeholder(name) != nil)
    }

    @Test("a name the support never sets has no placeholder")
    func unknownName() {
        #expect(moscowtime_test_placeholder("HOME") == nil)
        #expect(moscowtime_test_placeholder("PULSE_SERVERX") == nil)
    }
}
