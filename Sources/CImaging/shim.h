// The C module of the platform layer and the decoder helper: gdk-pixbuf, GIO and cairo,
// without GTK. The helper links only what this names, so starting one loads about a
// third of the libraries a GTK program does (the dynamic loader is most of its start).
#ifndef CIMAGING_SHIM_H
#define CIMAGING_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
// cairo's headers sit in their own folder, which gdk-pixbuf's pkg-config flags do not
// name; its own includes are relative, so this path finds them.
#include <cairo/cairo.h>
#include <unistd.h>
// mallopt: image apps tune glibc's allocator for large, short-lived pixel buffers.
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

// Lowers the calling thread's scheduling priority by `steps` nice levels (at most to 19;
// on Linux the nice value is per thread, set through its thread id; syscall is
// variadic, which Swift cannot call). Returns 0, or -1 with errno set. Elsewhere it
// does nothing.
static inline int cimaging_lower_thread_priority(int steps) {
#ifdef __linux__
  id_t thread = (id_t)syscall(SYS_gettid);
  errno = 0;
  int current = getpriority(PRIO_PROCESS, thread);
  if (current == -1 && errno != 0) return -1;
  int lowered = current + steps > 19 ? 19 : current + steps;
  return setpriority(PRIO_PROCESS, thread, lowered);
#else
  (void)steps;
  return 0;
#endif
}

// Runs `function(data)` once on the thread that iterates `context`, in the order of the
// calls (an idle source, never called in place as g_main_context_invoke may be), then
// `destroy(data)`.
static inline void cimaging_context_post(GMainContext *context, GSourceFunc function,
                                         gpointer data, GDestroyNotify destroy) {
  GSource *source = g_idle_source_new();
  g_source_set_priority(source, G_PRIORITY_DEFAULT);
  g_source_set_callback(source, function, data, destroy);
  g_source_attach(source, context);
  g_source_unref(source);
}

// Watches the child `pid` from `context` (GLib's child watch, which reaps it whatever
// it was doing when it ended): `callback(pid, status, data)` runs on the thread that
// iterates `context` once it has ended, then `destroy(data)`. The pid must not be
// waited for anywhere else.
static inline void cimaging_watch_child(GMainContext *context, GPid pid,
                                        GChildWatchFunc callback, gpointer data,
                                        GDestroyNotify destroy) {
  GSource *source = g_child_watch_source_new(pid);
  g_source_set_callback(source, (GSourceFunc)(void (*)(void))callback, data, destroy);
  g_source_attach(source, context);
  g_source_unref(source);
}

// gdk-pixbuf's animation iterator takes a GTimeVal, deprecated since GLib 2.62 (it has
// no replacement in gdk-pixbuf 2.42): these take milliseconds on the caller's own clock,
// so Swift never names the deprecated type.
static inline GdkPixbufAnimationIter *cimaging_pixbuf_animation_get_iter_at(
    GdkPixbufAnimation *animation, gint64 milliseconds) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GTimeVal time = {(glong)(milliseconds / 1000), (glong)(milliseconds % 1000) * 1000};
  GdkPixbufAnimationIter *iter = gdk_pixbuf_animation_get_iter(animation, &time);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return iter;
}
static inline gboolean cimaging_pixbuf_animation_iter_advance_to(
    GdkPixbufAnimationIter *iter, gint64 milliseconds) {
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GTimeVal time = {(glong)(milliseconds / 1000), (glong)(milliseconds % 1000) * 1000};
  gboolean changed = gdk_pixbuf_animation_iter_advance(iter, &time);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return changed;
}

#endif
