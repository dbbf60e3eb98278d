#ifndef EDGESWIPE_CPIXMAN_SHIM_H
#define EDGESWIPE_CPIXMAN_SHIM_H
#include <pixman.h>
#endif
