#ifndef EDGESWIPE_CLIBINPUT_SHIM_H
#define EDGESWIPE_CLIBINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#endif
