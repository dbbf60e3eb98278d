// Every wrapper is inline in the header; this file only checks the layouts the Swift side relies on.
#include "CEdgeSwipeSys.h"

_Static_assert(sizeof(uint64_t) == sizeof(((struct epoll_event *)0)->data.u64), "epoll token width");
_Static_assert(sizeof(struct signalfd_siginfo) == 128, "signalfd_siginfo is 128 bytes");
