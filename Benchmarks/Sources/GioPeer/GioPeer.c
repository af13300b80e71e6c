// The C peer of gio-bench's file reads (see GioPeer.h).
#include "GioPeer.h"

#include <gio/gio.h>

typedef struct {
  void *const *files;
  int count;
  int next;
  int done;
  long bytes;
  gboolean cancellable;
} PeerRun;

typedef struct {
  PeerRun *run;
  GCancellable *cancellable;
} PeerRead;

static void start_next (PeerRun *run);

static void
loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  PeerRead *read = data;
  PeerRun *run = read->run;
  char *contents = NULL;
  gsize length = 0;
  GError *error = NULL;

  if (g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      run->bytes += (long) length;
      g_free (contents);
    }
  else
    {
      run->bytes -= 1;
      g_error_free (error);
    }
  g_clear_object (&read->cancellable);
  g_free (read);
  run->done++;
  if (run->next < run->count)
    start_next (run);
}

static void
start_next (PeerRun *run)
{
  GFile *file = run->files[run->next++];
  PeerRead *read = g_new (PeerRead, 1);
  read->run = run;
  read->cancellable = run->cancellable ? g_cancellable_new () : NULL;
  g_file_load_contents_async (file, read->cancellable, loaded, read);
}

long
gio_peer_load (void *const *files, int count, int window, int cancellable)
{
  PeerRun run = { files, count, 0, 0, 0, cancellable != 0 };

  for (int i = 0; i < window && run.next < count; i++)
    start_next (&run);
  while (run.done < count)
    g_main_context_iteration (NULL, TRUE);
  return run.bytes;
}
