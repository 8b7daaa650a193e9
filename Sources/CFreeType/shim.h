#ifndef CFreeType_SHIM_H
#define CFreeType_SHIM_H
// FreeType: font files and glyph metrics.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_SFNT_NAMES_H
#endif
