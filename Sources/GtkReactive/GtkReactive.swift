// GtkReactive: GTK 3 objects as reactive sources and sinks.
