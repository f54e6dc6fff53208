// SPDX-License-Identifier: GPL-3.0-or-later
// moscowtime-sound: plays one sound through libcanberra and exits.
//
// The agent runs this for every play of a sound, so that libcanberra and libpulse (several MB, a
// thread) are never loaded into the long-running agent: its memory after a ring is what it was
// before. Usage: moscowtime-sound NAME=VALUE...  (libcanberra properties: event.id or
// media.filename, media.role, canberra.volume, application.name, ...).
//
// Exit status: 0 when the sound played to its end; otherwise libcanberra's error code negated
// (1 CA_ERROR_NOTSUPPORTED ... 9 CA_ERROR_NOTFOUND, 12 CA_ERROR_NOTAVAILABLE, ...); 64 for bad usage.
// It stops (cancelled, status 11) when its stdin reaches end of file: the agent keeps the write end
// and closes it to stop the sound, and it closes by itself when the agent dies. PR_SET_PDEATHSIG
// covers an agent that dies while the child is still starting.
#include <canberra.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static int finish_pipe[2] = {-1, -1};

static void finished(ca_context *c, uint32_t id, int code, void *data) {
    (void)c; (void)id; (void)data;
    // Runs on libcanberra's thread: only hand the code to the main thread.
    ssize_t n = write(finish_pipe[1], &code, sizeof code);
    (void)n;
}

int main(int argc, char **argv) {
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return 64;
    if (getppid() == 1) return -CA_ERROR_CANCELED; // the agent died before prctl
    if (argc < 2) {
        fprintf(stderr, "usage: moscowtime-sound NAME=VALUE...\n");
        return 64;
    }
    ca_proplist *props = NULL;
    if (ca_proplist_create(&props) != CA_SUCCESS) return -CA_ERROR_OOM;
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i]) {
            fprintf(stderr, "moscowtime-sound: not NAME=VALUE: %s\n", argv[i]);
            return 64;
        }
        *eq = '\0';
        int rc = ca_proplist_sets(props, argv[i], eq + 1);
        if (rc != CA_SUCCESS) return -rc;
    }
    if (pipe(finish_pipe) != 0) return -CA_ERROR_SYSTEM;

    ca_context *context = NULL;
    int rc = ca_context_create(&context);
    if (rc != CA_SUCCESS) return -rc;
    // application.* describe the stream's owner (the agent): give them to the context as well.
    ca_context_change_props_full(context, props);
    rc = ca_context_open(context);
    if (rc == CA_SUCCESS) rc = ca_context_play_full(context, 1, props, finished, NULL);
    if (rc != CA_SUCCESS) {
        ca_context_destroy(context);
        return -rc;
    }
    int code = CA_ERROR_CANCELED;
    struct pollfd fds[2] = {{.fd = finish_pipe[0], .events = POLLIN}, {.fd = 0, .events = POLLIN}};
    for (;;) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (fds[0].revents & POLLIN) {
            if (read(finish_pipe[0], &code, sizeof code) != sizeof code) code = CA_ERROR_SYSTEM;
            break;
        }
        if (fds[1].revents) {
            char buf[64];
            ssize_t n = read(0, buf, sizeof buf);
            if (n <= 0) { code = CA_ERROR_CANCELED; break; } // end of file: stop
        }
    }
    ca_context_cancel(context, 1);
    ca_context_destroy(context);
    return code == CA_SUCCESS ? 0 : -code;
}
