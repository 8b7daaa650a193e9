#ifndef VITRINE_CINPUT_SHIM_H
#define VITRINE_CINPUT_SHIM_H
#include <libinput.h>
#endif
