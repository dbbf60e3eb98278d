#ifndef EDGESWIPE_CWAYLANDCLIENT_SHIM_H
#define EDGESWIPE_CWAYLANDCLIENT_SHIM_H
#include <wayland-client.h>
#endif
