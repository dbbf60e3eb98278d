#ifndef EDGESWIPE_CSYSTEMDBUS_SHIM_H
#define EDGESWIPE_CSYSTEMDBUS_SHIM_H
#include <systemd/sd-bus.h>
#endif
