// SPDX-License-Identifier: GPL-3.0-or-later
/*
 * moscowtime-wake: the one privileged piece of MoscowTime Agent, and deliberately tiny.
 *
 * It holds a single capability, CAP_WAKE_ALARM, as a file capability (set by the package or
 * `make install`, never setuid). At start it creates ONE CLOCK_REALTIME_ALARM timerfd — the only
 * operation that needs the capability — then gives up everything: all capabilities (effective,
 * permitted, inheritable), new privileges (PR_SET_NO_NEW_PRIVS), core dumps, and every file
 * descriptor but stdin, stdout, stderr and that timer. After that it can only arm or clear the one
 * timer at an absolute instant the agent writes on stdin:
 *
 *     arm <unix seconds>    ->  ok armed <unix seconds>
 *     clear                 ->  ok cleared
 *     query                 ->  armed <unix seconds> | armed none
 *     (timer expiry)        ->  fired <unix seconds>
 *     bad input             ->  error <reason>
 *
 * It knows nothing of alarms, files or D-Bus, reads nothing but stdin and exits when stdin closes
 * (the agent is gone; closing the timerfd disarms the wake-up).
 *
 * At start it prints `ready <clock>` or `error <code> <reason>` and exits 1. `--check` only reports
 * whether a wake-up timer can be created here (`agent-cli status` uses it). `--clock realtime` uses
 * CLOCK_REALTIME instead (no privilege needed, cannot wake the machine): for tests only.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <linux/capability.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

/* The instants accepted: 2000-01-01 .. 2200-01-01 UTC, as everywhere in MoscowTime. */
#define MIN_INSTANT 946684800LL
#define MAX_INSTANT 7258118400LL
#define LINE_MAX_BYTES 64

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof buf - 2) n = sizeof buf - 2;
    buf[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = write(STDOUT_FILENO, buf + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) exit(1);
        off += (int)w;
    }
}

/* Why CLOCK_REALTIME_ALARM is not available, as `<code> <one line>`. */
static void explain_create_failure(int err) {
    if (err == EPERM) {
        say("error no-capability moscowtime-wake lacks CAP_WAKE_ALARM (check: getcap <libexec>/moscowtime-wake; reinstall the package or run make install as root)");
    } else if (err == EINVAL || err == EOPNOTSUPP || err == ENODEV) {
        if (access("/sys/class/rtc/rtc0", F_OK) != 0)
            say("error no-rtc this machine has no real-time clock the kernel can wake from (/sys/class/rtc/rtc0 is missing)");
        else
            say("error no-rtc the kernel cannot set wake alarms on this machine's RTC (%s)", strerror(err));
    } else {
        say("error timerfd cannot create the wake-up timer: %s", strerror(err));
    }
}

/* Drops every capability and the means to gain new ones; closes every other descriptor. */
static int confine(int keep_fd) {
    struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &header, data) != 0) return -1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return -1;
    DIR *d = opendir("/proc/self/fd");
    if (d) {
        int self = dirfd(d);
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            int fd = atoi(e->d_name);
            if (e->d_name[0] == '.' || fd <= 2 || fd == keep_fd || fd == self) continue;
            close(fd);
        }
        closedir(d);
    } else {
        for (int fd = 3; fd < 1024; fd++) if (fd != keep_fd) close(fd);
    }
    return 0;
}

/* Parses a whole decimal number in range; 0 on success. */
static int parse_instant(const char *s, long long *out) {
    if (*s == '\0' || strlen(s) > 12) return -1;
    long long v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        v = v * 10 + (*p - '0');
    }
    if (v < MIN_INSTANT || v > MAX_INSTANT) return -1;
    *out = v;
    return 0;
}

static void handle(int tfd, char *line, long long *armed) {
    long long at;
    if (strncmp(line, "arm ", 4) == 0) {
        if (parse_instant(line + 4, &at) != 0) {
            say("error bad-instant expected whole Unix seconds from %lld to %lld", MIN_INSTANT, MAX_INSTANT);
            return;
        }
        struct itimerspec its = { .it_interval = {0, 0}, .it_value = { .tv_sec = (time_t)at, .tv_nsec = 0 } };
        if (timerfd_settime(tfd, TFD_TIMER_ABSTIME, &its, NULL) != 0) {
            say("error arm %s", strerror(errno));
            return;
        }
        *armed = at;
        say("ok armed %lld", at);
    } else if (strcmp(line, "clear") == 0) {
        struct itimerspec its;
        memset(&its, 0, sizeof its);
        if (timerfd_settime(tfd, 0, &its, NULL) != 0) { say("error clear %s", strerror(errno)); return; }
        *armed = 0;
        say("ok cleared");
    } else if (strcmp(line, "query") == 0) {
        struct itimerspec cur;
        if (timerfd_gettime(tfd, &cur) != 0) { say("error query %s", strerror(errno)); return; }
        if (cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0) { say("armed none"); return; }
        /* it_value is relative: now + it_value, rounded to the second, is the armed instant. */
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        long long ns = (long long)now.tv_nsec + (long long)cur.it_value.tv_nsec;
        long long at = (long long)now.tv_sec + (long long)cur.it_value.tv_sec + (ns + 500000000LL) / 1000000000LL;
        say("armed %lld", at);
    } else {
        say("error bad-command expected: arm <unix seconds> | clear | query");
    }
}

int main(int argc, char **argv) {
    clockid_t clock = CLOCK_REALTIME_ALARM;
    const char *clock_name = "realtime-alarm";
    int check = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) check = 1;
        else if (strcmp(argv[i], "--clock") == 0 && i + 1 < argc && strcmp(argv[i + 1], "realtime") == 0) {
            clock = CLOCK_REALTIME; clock_name = "realtime"; i++;
        } else {
            say("error usage moscowtime-wake [--check] [--clock realtime]");
            return 2;
        }
    }
    int tfd = timerfd_create(clock, TFD_CLOEXEC | TFD_NONBLOCK);
    if (tfd < 0) { explain_create_failure(errno); return 1; }
    if (confine(tfd) != 0) { say("error confine cannot drop privileges: %s", strerror(errno)); return 1; }
    say(check ? "ok %s" : "ready %s", clock_name);
    if (check) return 0;

    char line[LINE_MAX_BYTES + 1];
    size_t len = 0;
    int overlong = 0;
    int nul = 0; /* a NUL byte in the line: "arm 2000000000\0junk" is refused, not read as "arm 2000000000" */
    long long armed = 0;
    struct pollfd fds[2] = { { .fd = STDIN_FILENO, .events = POLLIN }, { .fd = tfd, .events = POLLIN } };
    for (;;) {
        if (poll(fds, 2, -1) < 0) { if (errno == EINTR) continue; return 1; }
        if (fds[1].revents & POLLIN) {
            uint64_t expirations;
            if (read(tfd, &expirations, sizeof expirations) == sizeof expirations) { say("fired %lld", armed); armed = 0; }
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buf[256];
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n <= 0) return 0; /* the agent is gone: closing the timer disarms it */
            for (ssize_t i = 0; i < n; i++) {
                char c = buf[i];
                if (c == '\n') {
                    line[len] = '\0';
                    if (overlong) say("error bad-command line too long");
                    else if (nul) say("error bad-command line contains a NUL byte");
                    else handle(tfd, line, &armed);
                    len = 0; overlong = 0; nul = 0;
                } else if (c == '\0') {
                    nul = 1;
                } else if (len < LINE_MAX_BYTES) {
                    line[len++] = c;
                } else {
                    overlong = 1;
                }
            }
        }
    }
}
