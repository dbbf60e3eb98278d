// The floor for issue 7's CPU-per-event figure: a minimal reader that only drains one evdev device through
// libevdev (normal reads, SYN_DROPPED resync), counting events, until SIGTERM/SIGINT.
// Build: cc -O2 -o evdev-drain evdev-drain.c $(pkg-config --cflags --libs libevdev)
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_signal(int s) { (void)s; stop = 1; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: evdev-drain /dev/input/eventN\n"); return 64; }
    int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "%s: %s\n", argv[1], strerror(errno)); return 1; }
    struct libevdev *dev = NULL;
    int rc = libevdev_new_from_fd(fd, &dev);
    if (rc < 0) { fprintf(stderr, "%s: libevdev: %s\n", argv[1], strerror(-rc)); return 1; }
    libevdev_set_clock_id(dev, CLOCK_MONOTONIC);
    struct sigaction sa = { .sa_handler = on_signal };
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    unsigned long events = 0;
    struct pollfd p = { .fd = fd, .events = POLLIN };
    while (!stop) {
        if (poll(&p, 1, -1) < 0) { if (errno == EINTR) continue; break; }
        struct input_event ev;
        unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
        for (;;) {
            rc = libevdev_next_event(dev, flags, &ev);
            if (rc == LIBEVDEV_READ_STATUS_SUCCESS) { events++; continue; }
            if (rc == LIBEVDEV_READ_STATUS_SYNC) { flags = LIBEVDEV_READ_FLAG_SYNC; events++; continue; }
            if (rc == -EAGAIN && flags == LIBEVDEV_READ_FLAG_SYNC) { flags = LIBEVDEV_READ_FLAG_NORMAL; continue; }
            break;
        }
        if (rc == -ENODEV) break;
    }
    printf("%lu\n", events);
    libevdev_free(dev);
    close(fd);
    return 0;
}
