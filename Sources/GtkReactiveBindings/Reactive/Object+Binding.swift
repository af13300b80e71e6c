// GObject's own property bindings (GBinding), one-way or two-way, with Swift transforms.
import CGtk
import Reactive

/// How a GBinding behaves.
public struct BindingFlags: OptionSet, Sendable {
  /// The GBindingFlags bits.
  public let rawValue: UInt32
  /// Flags from GBindingFlags bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Copies the source value to the target at once.
  public static let syncCreate = BindingFlags(rawValue: G_BINDING_SYNC_CREATE.rawValue)
  /// Also copies target changes back to the source.
  public static let bidirectional = BindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue)
  /// Negates booleans (both properties must be booleans).
  public static let invertBoolean = BindingFlags(rawValue: G_BINDING_INVERT_BOOLEAN.rawValue)
}

extension Reactive where Base: Object {
  /// Binds `property` of this object to `targetProperty` of `target` with a GBinding:
  /// GObject copies the value on every change (and back, with `.bidirectional`), without
  /// echo loops. Disposing unbinds; the binding also ends when either object is
  /// finalized, and disposing afterwards does nothing.
  ///
  /// - Throws: `GtkReactiveError.unknownProperty` when either class lacks its property.
  @discardableResult
  public func bind(
    _ property: String, to target: Object, _ targetProperty: String,
    flags: BindingFlags = .syncCreate
  ) throws(GtkReactiveError) -> Disposable {
    _ = try Dynamic.spec(base, property)
    _ = try Dynamic.spec(target, targetProperty)
    let binding = g_object_bind_property(
      base.pointer, property, target.pointer, targetProperty,
      GBindingFlags(rawValue: flags.rawValue))
    return GBindingDisposable(binding)
  }

  /// Binds with Swift transforms: `transform` maps source values to target values
  /// (`nil` skips the update) and `transformBack`, for `.bidirectional`, maps back.
  @discardableResult
  public func bind<Source: GValueConvertible, Target: GValueConvertible>(
    _ property: String, to target: Object, _ targetProperty: String,
    flags: BindingFlags = .syncCreate,
    transform: @escaping (Source) -> Target?,
    transformBack: ((Target) -> Source?)? = nil
  ) throws(GtkReactiveError) -> Disposable {
    _ = try Dynamic.spec(base, property)
    _ = try Dynamic.spec(target, targetProperty)
    let transforms = BindingTransforms(
      forward: { from, to in
        guard let source = GValues.read(from, as: Source.self),
          let value = transform(source)
        else { return false }
        GValues.write(value, to: to)
        return true
      },
      backward: transformBack.map { back in
        { from, to in
          guard let value = GValues.read(from, as: Target.self), let source = back(value)
          else { return false }
          GValues.write(source, to: to)
          return true
        }
      })
    let binding = transforms.bind(
      base.pointer, property, target.pointer, targetProperty,
      flags: GBindingFlags(rawValue: flags.rawValue))
    return GBindingDisposable(binding)
  }
}

/// Unbinds a GBinding once, and never after GLib freed it (a GLib weak reference to the
/// binding object tells).
private final class GBindingDisposable: Disposable, @unchecked Sendable {
  // @unchecked: the weak reference is thread-safe; unbinding hops to the main thread.
  private let binding: WeakObjectRef?

  init(_ binding: OpaquePointer?) {
    self.binding = binding.map { WeakObjectRef(UnsafeMutableRawPointer($0)) }
  }

  nonisolated func dispose() {
    MainThread.run { [binding] in
      binding?.withObject { g_binding_unbind(OpaquePointer($0)) }
    }
  }
}
