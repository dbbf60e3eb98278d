#ifndef EDGESWIPE_CJANSSON_SHIM_H
#define EDGESWIPE_CJANSSON_SHIM_H
#include <jansson.h>
#endif
