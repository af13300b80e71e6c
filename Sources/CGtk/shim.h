// The one header of CGtk: GTK 3 plus the macros Swift cannot import, as cgtk_ inlines.
#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
// GSettingsBackend's struct and functions (`SettingsBackend.default`, a settings object
// on a backend of its own): GIO declares them only to code that asks for them.
#ifndef G_SETTINGS_ENABLE_BACKEND
#define G_SETTINGS_ENABLE_BACKEND
#endif
#include <gio/gsettingsbackend.h>
// File descriptors as a socket's ancillary data (`UnixFDMessage`): gio-unix's header.
#include <gio/gunixfdmessage.h>
// cairo's boxed GTypes (surfaces and regions in GValues: `Image:surface`).
#include <cairo-gobject.h>
#include <unistd.h>
// mallopt: image apps tune glibc's allocator for large, short-lived pixel buffers.
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __APPLE__
#include <pthread.h>
#else
#include <sys/syscall.h>
#endif

// GLib's wall-clock time struct under a name of its own: its typedef and struct are
// deprecated (Swift warns on either), but gdk-pixbuf's animations still take it.
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
typedef struct _GTimeVal CGtkTimeVal;
G_GNUC_END_IGNORE_DEPRECATIONS

// Fundamental GTypes: G_TYPE_MAKE_FUNDAMENTAL casts are macros Swift does not import.
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }
static inline GType cgtk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cgtk_type_int64(void) { return G_TYPE_INT64; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_boxed(void) { return G_TYPE_BOXED; }
static inline GType cgtk_type_pointer(void) { return G_TYPE_POINTER; }
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cgtk_type_variant(void) { return G_TYPE_VARIANT; }
static inline GType cgtk_type_enum(void) { return G_TYPE_ENUM; }
static inline GType cgtk_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType cgtk_type_none(void) { return G_TYPE_NONE; }

// G_VARIANT_TYPE_ANY is a cast macro around a string literal.
static inline const GVariantType *cgtk_variant_type_any(void) { return G_VARIANT_TYPE_ANY; }

// G_TYPE_FROM_CLASS and G_TYPE_FROM_INSTANCE read struct fields through macros; a class
// declared in Swift finds its own registration through them.
static inline GType cgtk_type_from_class(gpointer g_class) { return G_TYPE_FROM_CLASS(g_class); }
static inline GType cgtk_type_from_instance(gpointer instance) {
  return G_TYPE_FROM_INSTANCE(instance);
}

// GDK_TYPE_PIXBUF is a macro around a function call; keep the macro's name visible.
static inline GType cgtk_type_pixbuf(void) { return GDK_TYPE_PIXBUF; }

// G_OBJECT_TYPE dereferences the class pointer inside a macro.
static inline GType cgtk_object_type(gpointer object) { return G_OBJECT_TYPE(object); }

// G_OBJECT_TYPE_NAME is a macro; used in precise error messages.
static inline const gchar *cgtk_object_type_name(gpointer object) {
  return G_OBJECT_TYPE_NAME(object);
}

// G_TYPE_CHECK_INSTANCE_TYPE is the macro behind every GTK_IS_… check.
static inline gboolean cgtk_is_a(gpointer instance, GType type) {
  return G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

// G_VALUE_TYPE reads a struct field through a macro.
static inline GType cgtk_value_type(const GValue *value) { return G_VALUE_TYPE(value); }

// G_PARAM_SPEC_VALUE_TYPE reads a struct field through a macro.
static inline GType cgtk_param_spec_value_type(GParamSpec *pspec) {
  return G_PARAM_SPEC_VALUE_TYPE(pspec);
}

// G_OBJECT_GET_CLASS is a cast macro; needed to look properties up by name.
static inline GObjectClass *cgtk_object_get_class(gpointer object) {
  return G_OBJECT_GET_CLASS(object);
}

// GTK_TREE_MODEL is a cast macro (an interface cast of a GtkListStore).
static inline GtkTreeModel *cgtk_tree_model(gpointer store) { return GTK_TREE_MODEL(store); }

// G_SOURCE_REMOVE / G_SOURCE_CONTINUE are macros of macros (FALSE / TRUE).
static inline gboolean cgtk_source_remove(void) { return G_SOURCE_REMOVE; }
static inline gboolean cgtk_source_continue(void) { return G_SOURCE_CONTINUE; }

// Swift has no main-thread test without Foundation; GTK needs the process's main thread.
// Every subscribe and dispose asks, so each thread asks the kernel once and keeps the
// answer in a thread-local (a thread's identity never changes).
static inline gboolean cgtk_is_main_thread(void) {
#ifdef __APPLE__
  return pthread_main_np() != 0;
#else
  static __thread signed char is_main = -1;
  if (is_main < 0) is_main = (pid_t)syscall(SYS_gettid) == getpid();
  return is_main;
#endif
}

#endif
