#include "CWaylandProtocols.h"

/* The interface tables' addresses for wl_registry_bind: Swift imports the C globals as values, not addresses. */
const struct wl_interface *edgeswipe_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *edgeswipe_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *edgeswipe_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *edgeswipe_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
const struct wl_interface *edgeswipe_zwlr_foreign_toplevel_manager_v1_interface(void) { return &zwlr_foreign_toplevel_manager_v1_interface; }
