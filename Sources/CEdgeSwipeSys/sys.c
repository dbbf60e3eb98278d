#include "CEdgeSwipeSys.h"
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>

_Static_assert(sizeof(uint64_t) == sizeof(((struct epoll_event *)0)->data.u64), "epoll token width");
_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo is 128 bytes");

const uint32_t cedgeswipe_EPOLLIN = EPOLLIN;
const uint32_t cedgeswipe_EPOLLOUT = EPOLLOUT;
const uint32_t cedgeswipe_EPOLLERR = EPOLLERR;
const uint32_t cedgeswipe_EPOLLHUP = EPOLLHUP;
const uint32_t cedgeswipe_EPOLLRDHUP = EPOLLRDHUP;

int cedgeswipe_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int epoll_ctl_token(int epfd, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &ev);
}

int cedgeswipe_epoll_add(int epfd, int fd, uint32_t events, uint64_t token) {
    return epoll_ctl_token(epfd, EPOLL_CTL_ADD, fd, events, token);
}

int cedgeswipe_epoll_modify(int epfd, int fd, uint32_t events, uint64_t token) {
    return epoll_ctl_token(epfd, EPOLL_CTL_MOD, fd, events, token);
}

int cedgeswipe_epoll_remove(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }

int cedgeswipe_epoll_wait(int epfd, uint64_t *tokens, uint32_t *masks, int capacity, int timeout_ms) {
    struct epoll_event evs[64];
    if (capacity > 64) capacity = 64;
    int n = epoll_wait(epfd, evs, capacity, timeout_ms);
    for (int i = 0; i < n; i++) {
        tokens[i] = evs[i].data.u64;
        masks[i] = evs[i].events;
    }
    return n;
}

static void fill_set(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) sigaddset(set, signals[i]);
}

int cedgeswipe_block_signals(const int *signals, int count) {
    sigset_t set;
    fill_set(&set, signals, count);
    int rc = pthread_sigmask(SIG_BLOCK, &set, NULL);
    if (rc != 0) { errno = rc; return -1; }
    return 0;
}

int cedgeswipe_signalfd(const int *signals, int count) {
    sigset_t set;
    fill_set(&set, signals, count);
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int cedgeswipe_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n < 0) return (errno == EAGAIN) ? 0 : -1;
    if (n != sizeof info) { errno = EIO; return -1; }
    return (int)info.ssi_signo;
}

int cedgeswipe_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }

int cedgeswipe_timerfd_arm_absolute_us(int fd, uint64_t deadline_us) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    spec.it_value.tv_sec = (time_t)(deadline_us / 1000000u);
    spec.it_value.tv_nsec = (long)(deadline_us % 1000000u) * 1000L;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

int64_t cedgeswipe_timerfd_drain(int fd) {
    uint64_t count = 0;
    ssize_t n = read(fd, &count, sizeof count);
    if (n < 0) return (errno == EAGAIN) ? 0 : -1;
    return (int64_t)count;
}

int cedgeswipe_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

uint64_t cedgeswipe_monotonic_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int cedgeswipe_eviocgrab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, (void *)(long)grab); }
int cedgeswipe_eviocgname(int fd, char *buf, int len) { return ioctl(fd, EVIOCGNAME(len), buf); }
int cedgeswipe_eviocsclockid(int fd, int clockid) { return ioctl(fd, EVIOCSCLOCKID, &clockid); }

uint64_t cedgeswipe_input_event_time_us(const struct input_event *ev) {
    return (uint64_t)ev->input_event_sec * 1000000u + (uint64_t)ev->input_event_usec;
}

void cedgeswipe_input_event_set_time_us(struct input_event *ev, uint64_t us) {
    ev->input_event_sec = (time_t)(us / 1000000u);
    ev->input_event_usec = (suseconds_t)(us % 1000000u);
}

uint64_t cedgeswipe_makedev(uint32_t major, uint32_t minor) { return (uint64_t)makedev(major, minor); }
uint32_t cedgeswipe_major(uint64_t dev) { return major((dev_t)dev); }
uint32_t cedgeswipe_minor(uint64_t dev) { return minor((dev_t)dev); }
