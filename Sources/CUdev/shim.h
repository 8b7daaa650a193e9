#ifndef VITRINE_CUDEV_SHIM_H
#define VITRINE_CUDEV_SHIM_H
#include <libudev.h>
#endif
