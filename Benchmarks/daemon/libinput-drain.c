// Reference for issue 7's CPU-per-event figure: a silent libinput reader (path backend, one device) that
// dispatches and drops every event, until SIGTERM/SIGINT. Prints the number of libinput events.
// Build: cc -O2 -o libinput-drain libinput-drain.c $(pkg-config --cflags --libs libinput)
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_signal(int s) { (void)s; stop = 1; }

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
static void close_restricted(int fd, void *data) { (void)data; close(fd); }
static const struct libinput_interface interface = { open_restricted, close_restricted };

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: libinput-drain /dev/input/eventN\n"); return 64; }
    struct libinput *li = libinput_path_create_context(&interface, NULL);
    if (!li || !libinput_path_add_device(li, argv[1])) { fprintf(stderr, "%s: libinput cannot add it\n", argv[1]); return 1; }
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    struct pollfd p = { .fd = libinput_get_fd(li), .events = POLLIN };
    unsigned long events = 0;
    while (!stop) {
        if (poll(&p, 1, -1) < 0) { if (errno == EINTR) continue; break; }
        libinput_dispatch(li);
        struct libinput_event *e;
        while ((e = libinput_get_event(li))) { events++; libinput_event_destroy(e); }
    }
    printf("%lu\n", events);
    libinput_unref(li);
    return 0;
}
