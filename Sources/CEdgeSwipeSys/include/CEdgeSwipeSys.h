// Thin, prefixed wrappers for kernel facilities Glibc's Swift overlay does not import:
// epoll, signalfd, timerfd, eventfd, and the function-like EVIOC* ioctl macros.
#ifndef EDGESWIPE_CEDGESWIPESYS_H
#define EDGESWIPE_CEDGESWIPESYS_H

#include <stdint.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <linux/input.h>

// epoll
int cedgeswipe_epoll_create(void);
int cedgeswipe_epoll_add(int epfd, int fd, uint32_t events, uint64_t token);
int cedgeswipe_epoll_modify(int epfd, int fd, uint32_t events, uint64_t token);
int cedgeswipe_epoll_remove(int epfd, int fd);
/// Waits for at most `capacity` events; writes tokens and event masks. Returns the count or -1.
int cedgeswipe_epoll_wait(int epfd, uint64_t *tokens, uint32_t *masks, int capacity, int timeout_ms);
extern const uint32_t cedgeswipe_EPOLLIN;
extern const uint32_t cedgeswipe_EPOLLOUT;
extern const uint32_t cedgeswipe_EPOLLERR;
extern const uint32_t cedgeswipe_EPOLLHUP;
extern const uint32_t cedgeswipe_EPOLLRDHUP;

// signalfd: blocks the given signals for the calling thread and returns a signalfd for them.
int cedgeswipe_block_signals(const int *signals, int count);
int cedgeswipe_signalfd(const int *signals, int count);
/// Reads one signalfd_siginfo; returns the signal number, 0 when nothing was pending, or -1.
int cedgeswipe_signalfd_read(int fd);

// timerfd on CLOCK_MONOTONIC. A deadline of 0 disarms.
int cedgeswipe_timerfd_create(void);
int cedgeswipe_timerfd_arm_absolute_us(int fd, uint64_t deadline_us);
/// Drains the expiry counter; returns expirations or -1.
int64_t cedgeswipe_timerfd_drain(int fd);

// eventfd
int cedgeswipe_eventfd(void);

// makedev(3) is a macro.
uint64_t cedgeswipe_makedev(uint32_t major, uint32_t minor);
uint32_t cedgeswipe_major(uint64_t dev);
uint32_t cedgeswipe_minor(uint64_t dev);

// Monotonic clock in microseconds (the evdev default clock is CLOCK_MONOTONIC when set by the reader).
uint64_t cedgeswipe_monotonic_us(void);

// evdev ioctls
int cedgeswipe_eviocgrab(int fd, int grab);
int cedgeswipe_eviocgname(int fd, char *buf, int len);
int cedgeswipe_eviocsclockid(int fd, int clockid);

// struct input_event's time fields differ by architecture (time vs __sec/__usec).
uint64_t cedgeswipe_input_event_time_us(const struct input_event *ev);
void cedgeswipe_input_event_set_time_us(struct input_event *ev, uint64_t us);

#endif
