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
//
// The ramp (a gentle start): libcanberra has no volume ramp; it sets a stream's volume once, from
// canberra.volume (dB), when the play starts. So `moscowtime.ramp=ELAPSED_MS:TOTAL_MS:FLOOR_DB` (not
// passed to libcanberra) makes this helper raise the volume itself while it plays: it starts the
// play at the ramp's volume for ELAPSED_MS (quiet, not full), tags the stream with
// moscowtime.sound-helper=<pid> (libcanberra's pulse driver copies every property but canberra.*
// onto the stream), finds that stream among the server's sink inputs over a second libpulse
// connection and sets its volume every 100 ms along the curve until TOTAL_MS, then leaves it at
// full volume. This works for a long single file as for a short looping one: the agent passes how
// far the ring's ramp has come with each repetition. The curve is `VolumeRamp.volumeDB` in
// Sources/MoscowTimeDesktop/VolumeRamp.swift (linear in dB from FLOOR_DB to 0), mirrored in
// ramp_db() below. Without PulseAudio (or PipeWire's pulse server) each play still starts at the
// curve's volume, so a looping sound rises in steps.
#include <canberra.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pulse/pulseaudio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

static int finish_pipe[2] = {-1, -1};

static void finished(ca_context *c, uint32_t id, int code, void *data) {
    (void)c; (void)id; (void)data;
    // Runs on libcanberra's thread: only hand the code to the main thread.
    ssize_t n = write(finish_pipe[1], &code, sizeof code);
    (void)n;
}

struct ramp {
    long long elapsed_ms, total_ms; // how far the ring's ramp had come when this play started; its length
    double floor_db;                // the volume at its start (negative dB)
};

// The ramp's volume (dB, 0 = the stream's normal volume) at `ms` into the ring: VolumeRamp.volumeDB.
static double ramp_db(const struct ramp *r, long long ms) {
    if (r->total_ms <= 0 || ms >= r->total_ms) return 0;
    if (ms <= 0) return r->floor_db;
    return r->floor_db * (1.0 - (double)ms / (double)r->total_ms);
}

static long long monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

// The second libpulse connection that raises our stream's volume. All fields but `mainloop`,
// `context` and `tag` are touched under the threaded main loop's lock.
struct volume_control {
    pa_threaded_mainloop *mainloop;
    pa_context *context;
    char tag[32];                   // our moscowtime.sound-helper value
    uint32_t sink_input;            // PA_INVALID_INDEX until found
    uint8_t channels;
    int looking;                    // a sink-input list request is under way
};

static void sink_input_found(pa_context *c, const pa_sink_input_info *i, int eol, void *data) {
    (void)c;
    struct volume_control *v = data;
    if (eol) { v->looking = 0; return; }
    const char *tag = pa_proplist_gets(i->proplist, "moscowtime.sound-helper");
    if (tag && strcmp(tag, v->tag) == 0) {
        v->sink_input = i->index;
        v->channels = i->volume.channels;
    }
}

static int volume_control_start(struct volume_control *v) {
    v->sink_input = PA_INVALID_INDEX;
    if (!(v->mainloop = pa_threaded_mainloop_new())) return -1;
    v->context = pa_context_new(pa_threaded_mainloop_get_api(v->mainloop), "moscowtime-sound");
    if (!v->context || pa_context_connect(v->context, NULL, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0
        || pa_threaded_mainloop_start(v->mainloop) < 0) {
        if (v->context) pa_context_unref(v->context);
        pa_threaded_mainloop_free(v->mainloop);
        v->mainloop = NULL;
        return -1;
    }
    return 0;
}

// Sets our stream to `db`, or first looks for it. Returns 1 when the volume was set, 0 while the
// stream is still being looked for, -1 when the connection failed for good.
static int volume_control_set(struct volume_control *v, double db) {
    int ok = 0;
    pa_threaded_mainloop_lock(v->mainloop);
    pa_context_state_t state = pa_context_get_state(v->context);
    if (!PA_CONTEXT_IS_GOOD(state)) {
        ok = -1;
    } else if (state == PA_CONTEXT_READY) {
        pa_operation *op = NULL;
        if (v->sink_input != PA_INVALID_INDEX) {
            pa_cvolume volume;
            pa_cvolume_set(&volume, v->channels, pa_sw_volume_from_dB(db));
            op = pa_context_set_sink_input_volume(v->context, v->sink_input, &volume, NULL, NULL);
            ok = op ? 1 : 0;
        } else if (!v->looking) {
            v->looking = 1;
            op = pa_context_get_sink_input_info_list(v->context, sink_input_found, v);
            if (!op) v->looking = 0;
        }
        if (op) pa_operation_unref(op);
    }
    pa_threaded_mainloop_unlock(v->mainloop);
    return ok;
}

static void volume_control_stop(struct volume_control *v) {
    if (!v->mainloop) return;
    pa_threaded_mainloop_stop(v->mainloop);
    pa_context_disconnect(v->context);
    pa_context_unref(v->context);
    pa_threaded_mainloop_free(v->mainloop);
    v->mainloop = NULL;
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
    struct ramp ramp = {0, 0, 0};
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i]) {
            fprintf(stderr, "moscowtime-sound: not NAME=VALUE: %s\n", argv[i]);
            return 64;
        }
        *eq = '\0';
        if (strcmp(argv[i], "moscowtime.ramp") == 0) {
            char end;
            if (sscanf(eq + 1, "%lld:%lld:%lf%c", &ramp.elapsed_ms, &ramp.total_ms, &ramp.floor_db, &end) != 3
                || ramp.elapsed_ms < 0 || ramp.total_ms < 0 || ramp.total_ms > 3600000
                || !(ramp.floor_db >= -90 && ramp.floor_db <= 0)) {
                fprintf(stderr, "moscowtime-sound: expected moscowtime.ramp=ELAPSED_MS:TOTAL_MS:FLOOR_DB\n");
                return 64;
            }
            continue;
        }
        int rc = ca_proplist_sets(props, argv[i], eq + 1);
        if (rc != CA_SUCCESS) return -rc;
    }
    int ramping = ramp.elapsed_ms < ramp.total_ms;
    struct volume_control volume = {0};
    long long started = monotonic_ms();
    if (ramping) {
        char db[32];
        snprintf(db, sizeof db, "%.2f", ramp_db(&ramp, ramp.elapsed_ms));
        ca_proplist_sets(props, CA_PROP_CANBERRA_VOLUME, db);
        snprintf(volume.tag, sizeof volume.tag, "%ld", (long)getpid());
        ca_proplist_sets(props, "moscowtime.sound-helper", volume.tag);
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
    if (ramping && volume_control_start(&volume) != 0) {
        fprintf(stderr, "moscowtime-sound: no PulseAudio connection for the ramp; the volume stays where it started\n");
        ramping = 0;
    }
    int code = CA_ERROR_CANCELED;
    struct pollfd fds[2] = {{.fd = finish_pipe[0], .events = POLLIN}, {.fd = 0, .events = POLLIN}};
    for (;;) {
        if (ramping) {
            long long at = ramp.elapsed_ms + (monotonic_ms() - started);
            int set = volume_control_set(&volume, ramp_db(&ramp, at));
            if (set < 0) {
                fprintf(stderr, "moscowtime-sound: the PulseAudio connection for the ramp failed\n");
                ramping = 0;
            } else if (at >= ramp.total_ms && (set == 1 || at >= ramp.total_ms + 5000)) {
                // Full volume is set (or our stream never showed up): no more wake-ups until the play ends.
                ramping = 0;
            }
        }
        if (poll(fds, 2, ramping ? 100 : -1) < 0) {
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
    volume_control_stop(&volume);
    ca_context_cancel(context, 1);
    ca_context_destroy(context);
    return code == CA_SUCCESS ? 0 : -code;
}
