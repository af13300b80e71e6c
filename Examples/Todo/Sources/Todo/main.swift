// The to-do window comes in the next commit; the view model and its tests stand alone.
print("todo: the window is not written yet")
