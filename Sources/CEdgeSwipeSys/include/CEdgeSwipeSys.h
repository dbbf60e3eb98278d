// One-to-one wrappers, prefixed edgeswipe_, for what Glibc's Swift overlay does not import: macros and
// architecture-dependent field names. Each calls exactly one libc facility with the caller's arguments and
// returns its result unchanged (errno as libc left it); policy (retries, EAGAIN, flags, unit conversion)
// lives in EdgeSwipeSystem. The including headers also make epoll, signalfd, timerfd, eventfd and their
// constants visible to Swift through this module.
#ifndef EDGESWIPE_CEDGESWIPESYS_H
#define EDGESWIPE_CEDGESWIPESYS_H

#include <stdint.h>
#include <signal.h>
#include <dirent.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

// GNU extensions, declared only under _GNU_SOURCE.
int pipe2(int pipefd[2], int flags);
int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
int memfd_create(const char *name, unsigned int flags);
// Anonymous shared memory for Wayland shm buffers (the back arrow); MFD_CLOEXEC is a macro of <sys/mman.h>'s GNU part.
static inline int edgeswipe_memfd_create_cloexec(const char *name) { return memfd_create(name, 0x0001U /* MFD_CLOEXEC */); }
static inline int edgeswipe_pipe2(int fds[2], int flags) { return pipe2(fds, flags); }
// A readdir entry's name field by address: its record is d_reclen bytes, often shorter than sizeof(struct dirent).
static inline const char *edgeswipe_dirent_name(const struct dirent *entry) { return entry->d_name; }
// O_PATH, a GNU part of <fcntl.h>: a descriptor that names a file without opening it (no driver open, no read).
static inline int edgeswipe_o_path(void) { return 010000000; }
static inline int edgeswipe_accept4(int fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accept4(fd, address, length, flags);
}

// makedev(3), major(3), minor(3) are macros.
static inline uint64_t edgeswipe_makedev(uint32_t major, uint32_t minor) { return (uint64_t)makedev(major, minor); }
static inline uint32_t edgeswipe_major(uint64_t dev) { return major((dev_t)dev); }
static inline uint32_t edgeswipe_minor(uint64_t dev) { return minor((dev_t)dev); }

// SIGRTMIN and SIGRTMAX are macros over glibc calls (glibc keeps the lowest real-time signals for itself).
static inline int edgeswipe_sigrtmin(void) { return SIGRTMIN; }
static inline int edgeswipe_sigrtmax(void) { return SIGRTMAX; }

// The wait(2) status macros.
static inline int edgeswipe_wifexited(int status) { return WIFEXITED(status); }
static inline int edgeswipe_wexitstatus(int status) { return WEXITSTATUS(status); }
static inline int edgeswipe_wifsignaled(int status) { return WIFSIGNALED(status); }
static inline int edgeswipe_wtermsig(int status) { return WTERMSIG(status); }

// struct input_event's time fields are named by macros (time.tv_sec, or __sec on 32-bit with 64-bit time).
// Inline: they run for every evdev event.
static inline int64_t edgeswipe_input_event_sec(const struct input_event *ev) { return (int64_t)ev->input_event_sec; }
static inline int64_t edgeswipe_input_event_usec(const struct input_event *ev) { return (int64_t)ev->input_event_usec; }
static inline void edgeswipe_input_event_set_time(struct input_event *ev, int64_t sec, int64_t usec) {
    ev->input_event_sec = (time_t)sec;
    ev->input_event_usec = (suseconds_t)usec;
}

// UI_SET_PHYS is an _IOW macro: the one uinput setting libevdev_uinput_create_from_device does not copy.
static inline int edgeswipe_ui_set_phys(int fd, const char *phys) { return ioctl(fd, UI_SET_PHYS, phys); }

// Force feedback (issue 25's evdev vibrator): EVIOCSFF and EVIOCGBIT are _IOW/_IOC macros.
static inline int edgeswipe_eviocsff(int fd, struct ff_effect *effect) { return ioctl(fd, EVIOCSFF, effect); }
static inline int edgeswipe_eviocgbit_ff(int fd, void *bits, unsigned int length) {
    return ioctl(fd, EVIOCGBIT(EV_FF, length), bits);
}
// uinput force-feedback devices (the VM check's vibrator): the UI_* requests are _IOW/_IOWR macros.
static inline int edgeswipe_ui_set_evbit(int fd, int type) { return ioctl(fd, UI_SET_EVBIT, type); }
static inline int edgeswipe_ui_set_ffbit(int fd, int code) { return ioctl(fd, UI_SET_FFBIT, code); }
static inline int edgeswipe_ui_dev_setup(int fd, const struct uinput_setup *setup) { return ioctl(fd, UI_DEV_SETUP, setup); }
static inline int edgeswipe_ui_dev_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
static inline int edgeswipe_ui_dev_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }
static inline int edgeswipe_ui_get_sysname(int fd, char *name, unsigned int length) {
    return ioctl(fd, UI_GET_SYSNAME(length), name);
}
static inline int edgeswipe_ui_begin_ff_upload(int fd, struct uinput_ff_upload *upload) { return ioctl(fd, UI_BEGIN_FF_UPLOAD, upload); }
static inline int edgeswipe_ui_end_ff_upload(int fd, const struct uinput_ff_upload *upload) { return ioctl(fd, UI_END_FF_UPLOAD, upload); }
static inline int edgeswipe_ui_begin_ff_erase(int fd, struct uinput_ff_erase *erase) { return ioctl(fd, UI_BEGIN_FF_ERASE, erase); }
static inline int edgeswipe_ui_end_ff_erase(int fd, const struct uinput_ff_erase *erase) { return ioctl(fd, UI_END_FF_ERASE, erase); }

#endif
