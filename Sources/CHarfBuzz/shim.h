#ifndef CHarfBuzz_SHIM_H
#define CHarfBuzz_SHIM_H
// HarfBuzz: text shaping, on FreeType faces.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#endif
