#ifndef EDGESWIPE_CYAML_SHIM_H
#define EDGESWIPE_CYAML_SHIM_H
#include <yaml.h>
#endif
