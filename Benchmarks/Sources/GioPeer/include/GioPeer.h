// The C peer of gio-bench: what a C programmer writes to read many files with
// g_file_load_contents_async. GLib-free on purpose, so Swift imports it without GLib's
// include paths; the files are `GFile *`.
#ifndef GIO_PEER_H
#define GIO_PEER_H

#include <stddef.h>

/// Reads the `count` files with `g_file_load_contents_async`, keeping up to `window` reads
/// in flight (each finished read starts the next), iterating the default main context
/// until all have finished; with `cancellable` non-zero each read gets a `GCancellable` of
/// its own, as each of GtkReactive's calls does. Returns the bytes read; a failed read
/// counts -1.
long gio_peer_load(void *const *files, int count, int window, int cancellable);

#endif
