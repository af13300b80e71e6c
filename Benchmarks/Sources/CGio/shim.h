// GIO for the C peer of gio-bench (its include paths come from pkg-config's gio-2.0).
#include <gio/gio.h>
