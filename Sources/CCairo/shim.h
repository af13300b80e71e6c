// cairo alone, for the app's painting: the app reaches GTK only through GtkReactive, so
// its one C module is the drawing library (see Package.swift, CCairo).
#include <cairo.h>
