// The image browser's entry point: for now, the application window alone.
import CGtk

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
let asWindow = UnsafeMutableRawPointer(window!).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(asWindow, "Image Browser")
gtk_window_set_default_size(asWindow, 1024, 700)
g_signal_connect_data(
  window, "destroy", gtk_main_quit as GCallback,
  nil, nil, GConnectFlags(0))
gtk_widget_show_all(window)
gtk_main()
