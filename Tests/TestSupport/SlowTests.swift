// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

// A plain `swift build -c release --static-swift-stdlib` builds this target too, and the static
// runtime ships no Testing module: only the test builds need the tag and the trait.
#if canImport(Testing)
    import Testing

    extension Tag {
        /// A whole-range oracle (every zone, every Unicode scalar …): seconds where a unit test takes
        /// milliseconds. The full tier (`scripts/test`) runs it; the quick tier skips it.
        @Tag public static var slow: Self
    }

    extension Trait where Self == ConditionTrait {
        /// Skips a test or suite when MOSCOWTIME_SKIP_SLOW=1 (`scripts/test quick`).
        /// Written `.tags(.slow), .fullTierOnly`: the tag names it, this condition skips it.
        public static var fullTierOnly: Self {
            .enabled(if: !skipsSlowTests, "slow: left to the full tier (scripts/test); MOSCOWTIME_SKIP_SLOW=1 skips it")
        }
    }
#endif

/// True when MOSCOWTIME_SKIP_SLOW is set to 1 (read once).
public let skipsSlowTests: Bool = {
    guard let value = getenv("MOSCOWTIME_SKIP_SLOW") else { return false }
    return String(cString: value) == "1"
}()
