/* The floor of "first image painted": the least a GTK 3 program does to show the first
 * photo of a folder. It lists the folder (readdir, the smallest name not starting with
 * a dot, no sorting and no stat), decodes that file with gdk-pixbuf at the size of our
 * viewer on a second thread while GTK starts, then shows it in a plain GtkImage in a
 * window of our window's size, titled with the file's name (which the benchmark's
 * probe waits for). No header bar, strip, CSS, menus, actions, settings, D-Bus
 * application or decoder process: whatever the image browser takes beyond this
 * program's time is what those cost.
 *
 * Usage: first-frame [--quit-after-paint] FOLDER
 * With --quit-after-paint it exits once the image has been drawn and sent to the X
 * server, so `perf stat` or callgrind can count a whole launch up to the first image.
 * Built by Benchmarks/app/run.sh with the system's cc and GTK's pkg-config flags. */
#include <dirent.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

/* Our window opens 1110 x 756; its viewer is that less the header bar (50 px) and the
 * strip (136 px). */
enum { WINDOW_WIDTH = 1110, WINDOW_HEIGHT = 756, VIEWER_HEIGHT = 756 - 50 - 136 };

static gchar *first_name(const char *folder) {
  DIR *directory = opendir(folder);
  if (directory == NULL) return NULL;
  gchar *best = NULL;
  struct dirent *entry;
  while ((entry = readdir(directory)) != NULL) {
    if (entry->d_name[0] == '.') continue;  /* ., .. and the benchmark's .complete */
    if (best == NULL || strcmp(entry->d_name, best) < 0) {
      g_free(best);
      best = g_strdup(entry->d_name);
    }
  }
  closedir(directory);
  return best;
}

static gpointer decode(gpointer path) {
  GError *error = NULL;
  GdkPixbuf *pixbuf =
      gdk_pixbuf_new_from_file_at_scale(path, WINDOW_WIDTH, VIEWER_HEIGHT, TRUE, &error);
  if (pixbuf == NULL) {
    fprintf(stderr, "first-frame: %s\n", error->message);
    g_error_free(error);
  }
  return pixbuf;
}

static gboolean quit(gpointer unused) {
  (void)unused;
  gdk_display_flush(gdk_display_get_default());
  gtk_main_quit();
  return G_SOURCE_REMOVE;
}

static gboolean drawn(GtkWidget *image, cairo_t *cr, gpointer unused) {
  (void)image, (void)cr, (void)unused;
  g_idle_add(quit, NULL);  /* after GDK has sent the frame */
  return FALSE;
}

int main(int argc, char **argv) {
  gboolean quit_after_paint = argc == 3 && strcmp(argv[1], "--quit-after-paint") == 0;
  if (argc != 2 && !quit_after_paint) {
    fprintf(stderr, "usage: first-frame [--quit-after-paint] FOLDER\n");
    return 2;
  }
  const char *folder = argv[argc - 1];
  gchar *name = first_name(folder);
  if (name == NULL) {
    fprintf(stderr, "first-frame: no file in %s\n", folder);
    return 1;
  }
  gchar *path = g_build_filename(folder, name, NULL);
  /* As the app does: without it GDK opens GLX at start-up (Mesa and LLVM) for nothing. */
  g_setenv("GDK_GL", "disable", FALSE);
  GThread *decoder = g_thread_new("decode", decode, path);  /* overlaps GTK's start */
  gtk_init(NULL, NULL);
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title(GTK_WINDOW(window), name);
  gtk_window_set_default_size(GTK_WINDOW(window), WINDOW_WIDTH, WINDOW_HEIGHT);
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  GdkPixbuf *pixbuf = g_thread_join(decoder);
  if (pixbuf == NULL) return 1;
  GtkWidget *image = gtk_image_new_from_pixbuf(pixbuf);
  if (quit_after_paint) g_signal_connect_after(image, "draw", G_CALLBACK(drawn), NULL);
  gtk_container_add(GTK_CONTAINER(window), image);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
