import CGtk

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
gtk_main()
