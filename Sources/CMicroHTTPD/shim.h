#ifndef EDGESWIPE_CMICROHTTPD_SHIM_H
#define EDGESWIPE_CMICROHTTPD_SHIM_H
// libmicrohttpd (Debian libmicrohttpd-dev). Swift cannot call C variadic functions, so the few variadic
// entry points the HTTP bridge needs are wrapped here with fixed arguments.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// Starts a daemon for external polling (no thread of its own), listening on `address` or, when it is NULL, on
/// `listen_fd`: a socket already bound and listening (passed by systemd, MHD_OPTION_LISTEN_SOCKET).
static inline struct MHD_Daemon *edgeswipe_mhd_start(unsigned int flags, const struct sockaddr *address, int listen_fd,
                                                     MHD_AccessHandlerCallback handler, void *handler_cls,
                                                     MHD_RequestCompletedCallback completed, void *completed_cls,
                                                     MHD_NotifyConnectionCallback connection_notify,
                                                     void *connection_notify_cls,
                                                     unsigned int connection_limit, unsigned int timeout_seconds,
                                                     size_t connection_memory_limit) {
    struct MHD_OptionItem listen[] = {
        address != NULL ? (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)address}
                        : (struct MHD_OptionItem){MHD_OPTION_LISTEN_SOCKET, listen_fd, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, listen,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_notify_cls,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_END);
}

/// The daemon's own epoll fd (MHD_USE_EPOLL), to register on the service's loop; -1 if none.
static inline int edgeswipe_mhd_epoll_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

/// The port the daemon listens on (useful after binding port 0); 0 if unknown.
static inline uint16_t edgeswipe_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of a connection; -1 if unknown.
static inline int edgeswipe_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Per-connection idle timeout in seconds (0: none, for event streams that are quiet for long).
static inline int edgeswipe_mhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds) == MHD_YES ? 0 : -1;
}

/// Milliseconds until MHD_run must be called again, or -1 when MHD has no timeout pending.
static inline int64_t edgeswipe_mhd_timeout_ms(struct MHD_Daemon *daemon) {
    MHD_UNSIGNED_LONG_LONG ms = 0;
    if (MHD_get_timeout(daemon, &ms) != MHD_YES) return -1;
    return ms > INT64_MAX ? INT64_MAX : (int64_t)ms;
}
#endif
