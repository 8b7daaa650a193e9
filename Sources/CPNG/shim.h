#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
// libpng: PNG decoding and encoding (the simplified png_image API).
#include <png.h>
#endif
