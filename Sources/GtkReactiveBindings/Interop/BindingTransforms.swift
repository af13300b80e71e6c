// Swift transforms of a GBinding.
import CGtk

/// Swift transforms of one `g_object_bind_property_full` binding.
nonisolated final class BindingTransforms: @unchecked Sendable {
  // @unchecked: GBinding calls its transforms on the thread that changes the property,
  // which for GTK objects is the main thread.
  let forward: (UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool
  let backward: ((UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool)?

  private let liveObject = GtkBoxes.track()

  init(
    forward: @escaping (UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool,
    backward: ((UnsafePointer<GValue>, UnsafeMutablePointer<GValue>) -> Bool)?
  ) {
    self.forward = forward
    self.backward = backward
  }

  deinit { GtkBoxes.untrack(liveObject) }

  /// Binds with these transforms; GLib owns the box until the binding is gone.
  func bind(
    _ source: UnsafeMutableRawPointer, _ sourceProperty: String,
    _ target: UnsafeMutableRawPointer, _ targetProperty: String, flags: GBindingFlags
  ) -> OpaquePointer? {
    g_object_bind_property_full(
      source, sourceProperty, target, targetProperty, flags, transformForward,
      backward == nil ? nil : transformBackward, Unmanaged.passRetained(self).toOpaque(),
      releaseTransforms)
  }
}

nonisolated private let transformForward: GBindingTransformFunc = { _, from, to, data in
  let box = Unmanaged<BindingTransforms>.fromOpaque(data!).takeUnretainedValue()
  return box.forward(from!, to!) ? 1 : 0
}

nonisolated private let transformBackward: GBindingTransformFunc = { _, from, to, data in
  let box = Unmanaged<BindingTransforms>.fromOpaque(data!).takeUnretainedValue()
  return box.backward?(from!, to!) == true ? 1 : 0
}

nonisolated private let releaseTransforms: GDestroyNotify = { data in
  Unmanaged<BindingTransforms>.fromOpaque(data!).release()
}
