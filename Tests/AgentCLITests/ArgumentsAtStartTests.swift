// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentsAtStart
import Glibc
import Testing

/// agent-cli's command line comes from `arguments_at_start` (the static runtime's lookup replaced):
/// in this process, its vector is the one the kernel holds for it, read back from /proc.
struct ArgumentsAtStartTests {
    @Test("the kept vector is the process's command line, as /proc/self/cmdline gives it")
    func keptVectorIsTheCommandLine() throws {
        var count: Int32 = -1
        let argv = try #require(arguments_at_start(&count))
        let kept = (0..<Int(count)).map { String(cString: argv[$0]!) }
        #expect(argv[Int(count)] == nil)

        let fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &chunk, chunk.count)
            try #require(n >= 0)
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        let fromKernel = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(count > 0)
        #expect(kept == fromKernel)
        #expect(kept == CommandLine.arguments)
    }
}
