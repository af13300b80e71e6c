/* The C peer of Examples/DiskUsage's scan: the same GIO calls (asynchronous enumeration
 * in batches of 256, four folders at a time, the same attributes, symbolic links not
 * followed), summing allocated sizes as the app does, on a GLib main loop. Prints the
 * seconds, files, folders and bytes. Build: see run.sh. */
#include <gio/gio.h>
#include <stdio.h>

#define ATTRIBUTES "standard::name,standard::type,standard::allocated-size,standard::size"
#define CONCURRENCY 4
#define BATCH 256

static GQueue waiting = G_QUEUE_INIT;
static int running = 0;
static guint64 files = 0, folders = 0, bytes = 0;
static GMainLoop *loop;

static void pump(void);

static void next_files(GObject *source, GAsyncResult *result, gpointer data) {
  GFileEnumerator *enumerator = G_FILE_ENUMERATOR(source);
  GFile *folder = data;
  GList *infos = g_file_enumerator_next_files_finish(enumerator, result, NULL);
  if (infos == NULL) {
    g_file_enumerator_close_async(enumerator, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
    g_object_unref(enumerator);
    g_object_unref(folder);
    running--;
    pump();
    return;
  }
  for (GList *item = infos; item; item = item->next) {
    GFileInfo *info = item->data;
    guint64 size = g_file_info_get_attribute_uint64(info, G_FILE_ATTRIBUTE_STANDARD_ALLOCATED_SIZE);
    bytes += size;
    if (g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY) {
      g_queue_push_tail(&waiting, g_file_get_child(folder, g_file_info_get_name(info)));
    } else {
      files++;
    }
  }
  g_list_free_full(infos, g_object_unref);
  g_file_enumerator_next_files_async(enumerator, BATCH, G_PRIORITY_DEFAULT, NULL, next_files, folder);
  pump();
}

static void enumerated(GObject *source, GAsyncResult *result, gpointer data) {
  GFileEnumerator *enumerator = g_file_enumerate_children_finish(G_FILE(source), result, NULL);
  if (enumerator == NULL) {
    g_object_unref(source);
    running--;
    pump();
    return;
  }
  g_file_enumerator_next_files_async(enumerator, BATCH, G_PRIORITY_DEFAULT, NULL, next_files, source);
}

static void pump(void) {
  while (running < CONCURRENCY && !g_queue_is_empty(&waiting)) {
    GFile *folder = g_queue_pop_tail(&waiting);
    folders++;
    running++;
    g_file_enumerate_children_async(folder, ATTRIBUTES, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                    G_PRIORITY_DEFAULT, NULL, enumerated, NULL);
  }
  if (running == 0 && g_queue_is_empty(&waiting)) g_main_loop_quit(loop);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
    return 2;
  }
  loop = g_main_loop_new(NULL, FALSE);
  gint64 start = g_get_monotonic_time();
  g_queue_push_tail(&waiting, g_file_new_for_path(argv[1]));
  pump();
  g_main_loop_run(loop);
  printf("%.3f s, %" G_GUINT64_FORMAT " files, %" G_GUINT64_FORMAT " folders, %" G_GUINT64_FORMAT " bytes\n",
         (g_get_monotonic_time() - start) / 1e6, files, folders, bytes);
  return 0;
}
