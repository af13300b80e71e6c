// The one header of CHandy: libhandy 1, over the GTK 3 that CGtk imports.
#ifndef CHANDY_SHIM_H
#define CHANDY_SHIM_H

#include <handy.h>

#endif
