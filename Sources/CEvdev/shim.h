#ifndef EDGESWIPE_CEVDEV_SHIM_H
#define EDGESWIPE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <linux/input-event-codes.h>
#endif
