// The one header of CGtk: GTK 3 plus the macros Swift cannot import, as cgtk_ inlines.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>

#endif
