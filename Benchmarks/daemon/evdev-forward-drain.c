// The floor of ownership mode's forwarding (issue 16): a bare reader that grabs one evdev device, clones it
// with libevdev_uinput_create_from_device, and forwards every frame to the clone, until SIGTERM/SIGINT.
// With a writer, the kernel's input-core and evdev work for each injected event is charged to the writer, so
// this is what any forwarder pays; the service with `run --own` is compared against it.
//   evdev-forward-drain --per-event DEV   one libevdev_uinput_write_event per event
//   evdev-forward-drain --per-frame DEV   the whole frame, SYN_REPORT included, in one write(2) on the clone's fd
// Build: cc -O2 -o evdev-forward-drain evdev-forward-drain.c $(pkg-config --cflags --libs libevdev)
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev-uinput.h>
#include <libevdev/libevdev.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { FRAME_MAX = 1024 };

static volatile sig_atomic_t stop;
static void on_signal(int s) { (void)s; stop = 1; }

static int write_frame(struct libevdev_uinput *clone, int per_frame, const struct input_event *ev, size_t n) {
    if (!per_frame) {
        for (size_t i = 0; i < n; i++) {
            int rc = libevdev_uinput_write_event(clone, ev[i].type, ev[i].code, ev[i].value);
            if (rc < 0) return rc;
        }
        return 0;
    }
    const char *p = (const char *)ev;
    size_t left = n * sizeof *ev;
    while (left > 0) {
        ssize_t w = write(libevdev_uinput_get_fd(clone), p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) return -errno;
        if ((size_t)w != left) return -EIO; // uinput takes whole events; a short write is an error
        left = 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    int per_frame = argc == 3 && strcmp(argv[1], "--per-frame") == 0;
    if (argc != 3 || (!per_frame && strcmp(argv[1], "--per-event") != 0)) {
        fprintf(stderr, "usage: evdev-forward-drain --per-event|--per-frame /dev/input/eventN\n");
        return 64;
    }
    const char *path = argv[2];
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "%s: %s\n", path, strerror(errno)); return 1; }
    struct libevdev *dev = NULL;
    int rc = libevdev_new_from_fd(fd, &dev);
    if (rc < 0) { fprintf(stderr, "%s: libevdev: %s\n", path, strerror(-rc)); return 1; }
    libevdev_set_clock_id(dev, CLOCK_MONOTONIC);
    rc = libevdev_grab(dev, LIBEVDEV_GRAB);
    if (rc < 0) { fprintf(stderr, "%s: grab: %s\n", path, strerror(-rc)); return 1; }
    struct libevdev_uinput *clone = NULL;
    rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &clone);
    if (rc < 0) { fprintf(stderr, "%s: uinput clone: %s\n", path, strerror(-rc)); return 1; }
    fprintf(stderr, "owned: grabbed %s, clone %s\n", path, libevdev_uinput_get_devnode(clone));
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    unsigned long events = 0, frames = 0;
    struct input_event frame[FRAME_MAX];
    size_t n = 0;
    struct pollfd p = { .fd = fd, .events = POLLIN };
    while (!stop) {
        if (poll(&p, 1, -1) < 0) { if (errno == EINTR) continue; break; }
        struct input_event ev;
        unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
        for (;;) {
            rc = libevdev_next_event(dev, flags, &ev);
            if (rc == LIBEVDEV_READ_STATUS_SYNC) flags = LIBEVDEV_READ_FLAG_SYNC;
            else if (rc == -EAGAIN && flags == LIBEVDEV_READ_FLAG_SYNC) { flags = LIBEVDEV_READ_FLAG_NORMAL; continue; }
            else if (rc != LIBEVDEV_READ_STATUS_SUCCESS) break;
            events++;
            if (ev.type == EV_SYN && ev.code == SYN_DROPPED) { n = 0; continue; }
            if (n < FRAME_MAX) frame[n++] = ev;
            if (ev.type == EV_SYN && ev.code == SYN_REPORT) {
                int w = write_frame(clone, per_frame, frame, n);
                if (w < 0) { fprintf(stderr, "%s: write to the clone: %s\n", path, strerror(-w)); stop = 1; break; }
                frames++;
                n = 0;
            }
        }
        if (rc == -ENODEV) break;
    }
    printf("%lu events, %lu frames\n", events, frames);
    libevdev_uinput_destroy(clone);
    libevdev_free(dev);
    close(fd);
    return 0;
}
