#ifndef EDGESWIPE_CMTDEV_SHIM_H
#define EDGESWIPE_CMTDEV_SHIM_H
/* mtdev's plumbing API: a converter configured from a description (no descriptor), fed events one by one. */
#include <mtdev.h>
#include <mtdev-plumbing.h>
#endif
