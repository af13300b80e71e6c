// The one header of CGtkSource: GtkSourceView 4, over the GTK 3 that CGtk imports.
#ifndef CGTKSOURCE_SHIM_H
#define CGTKSOURCE_SHIM_H

#include <gtksourceview/gtksource.h>

#endif
