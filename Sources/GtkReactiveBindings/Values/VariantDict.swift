// GLib's mutable dictionary of variants (`GVariantDict`) as a retained Swift reference.
import CGtk

/// A `GVariantDict`: string keys to `Variant`s, as GLib hands an application its
/// command-line options (`Gio.Application`'s `rx.handleLocalOptions`,
/// `ApplicationCommandLine.optionsDict`). Holds one reference, released on deinit.
/// Unlike a `Variant` it changes, so it stays on the thread that has it.
///
/// ```swift
/// application.addMainOption(
///   "fullscreen", shortName: 0, flags: [], arg: .none, description: "Start fullscreen",
///   argDescription: nil)
/// application.rx.handleLocalOptions
///   .subscribe(next: { emission in
///     if emission.arguments.contains("version") { print("1.0"); emission.result = 0 }
///   })
/// ```
nonisolated public final class VariantDict {
  /// The `GVariantDict *` (valid while this `VariantDict` lives).
  package let pointer: UnsafeMutablePointer<GVariantDict>

  /// Adopts a dictionary GLib gives away (`transfer full`).
  package init(taking dict: UnsafeMutablePointer<GVariantDict>) {
    pointer = dict
  }

  /// Takes a reference of its own to a dictionary GLib lends (`transfer none`).
  package convenience init(borrowing dict: UnsafeMutablePointer<GVariantDict>) {
    self.init(taking: g_variant_dict_ref(dict))
  }

  /// The dictionary a signal passes.
  package convenience init(borrowing dict: UnsafeMutableRawPointer) {
    self.init(borrowing: dict.assumingMemoryBound(to: GVariantDict.self))
  }

  /// A new dictionary, empty or holding the entries of `dictionary` (a `a{sv}` variant).
  public convenience init(_ dictionary: Variant? = nil) {
    self.init(taking: g_variant_dict_new(dictionary?.pointer)!)
  }

  deinit { g_variant_dict_unref(pointer) }

  /// Whether `key` has a value.
  public func contains(_ key: String) -> Bool {
    g_variant_dict_contains(pointer, key) != 0
  }

  /// The value of `key`, or `nil`.
  public func lookup(_ key: String) -> Variant? {
    g_variant_dict_lookup_value(pointer, key, nil).map { Variant(taking: $0) }
  }

  /// The value of `key` when it holds a `Value` (`nil` when absent or of another type).
  public func value<Value: ActionParameter>(_ key: String, as type: Value.Type) -> Value? {
    lookup(key)?.value(as: type)
  }

  /// Sets `key` to `value`, replacing what it had.
  public func insert(_ key: String, _ value: Variant) {
    g_variant_dict_insert_value(pointer, key, value.pointer)
  }

  /// Removes `key`; returns whether it had a value.
  @discardableResult
  public func remove(_ key: String) -> Bool {
    g_variant_dict_remove(pointer, key) != 0
  }
}
