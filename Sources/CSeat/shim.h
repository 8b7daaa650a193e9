#ifndef VITRINE_CSEAT_SHIM_H
#define VITRINE_CSEAT_SHIM_H
// libseat: devices opened through a seat manager (seatd, logind), so apps run without root.
#include <libseat.h>
#endif
