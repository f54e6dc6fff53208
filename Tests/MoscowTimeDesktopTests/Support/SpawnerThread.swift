// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// One thread, alive for the whole test process, on which child processes are forked. A child's
/// PR_SET_PDEATHSIG fires when the thread that forked it ends; this one ends only with the process.
final class SpawnerThread: @unchecked Sendable {
    // @unchecked Sendable: `job` and `result` are handed over under `lock` and the two semaphores.
    static let shared = SpawnerThread()

    private var lock = pthread_mutex_t()
    private var requested = sem_t()
    private var done = sem_t()
    private var job: (() -> Int32)?
    private var result: Int32 = 0

    private init() {
        pthread_mutex_init(&lock, nil)
        sem_init(&requested, 0, 0)
        sem_init(&done, 0, 0)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { context in
                Unmanaged<SpawnerThread>.fromOpaque(context!).takeUnretainedValue().serve()
            }, context)
        pthread_detach(thread)
    }

    /// Runs `body` on the spawner thread and returns its result.
    func perform(_ body: () -> Int32) -> Int32 {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return withoutActuallyEscaping(body) { body in
            job = body
            sem_post(&requested)
            while sem_wait(&done) != 0 {}  // EINTR
            job = nil
            return result
        }
    }

    private func serve() -> Never {
        while true {
            while sem_wait(&requested) != 0 {}
            result = job?() ?? -1
            sem_post(&done)
        }
    }
}
