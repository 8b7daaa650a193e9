#ifndef CCairo_SHIM_H
#define CCairo_SHIM_H
// cairo: 2-D drawing (CGContext), with its FreeType font backend for text.
#include <cairo.h>
#include <cairo-ft.h>
#endif
