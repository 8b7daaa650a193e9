#ifndef CFriBidi_SHIM_H
#define CFriBidi_SHIM_H
// GNU FriBidi: the Unicode bidirectional algorithm (right-to-left text).
#include <fribidi.h>
#endif
