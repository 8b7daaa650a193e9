#ifndef CPIXMAN_SHIM_H
#define CPIXMAN_SHIM_H
// pixman: the pixel compositing library under cairo (benchmarks measure its floors directly).
#include <pixman.h>
#endif
