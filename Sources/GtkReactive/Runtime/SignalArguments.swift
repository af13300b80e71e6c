// Signal arguments as Swift values: word-sized registers and GValue arrays.
import CGtk

/// Reads the word-sized arguments GTK passes to a signal trampoline.
nonisolated enum SignalArguments {
  @inline(__always) static func bool(_ raw: UnsafeMutableRawPointer?) -> Bool {
    Int32(truncatingIfNeeded: Int(bitPattern: raw)) != 0
  }
  @inline(__always) static func signed8(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int8(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static func signed16(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int16(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static func signed32(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int32(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static func signed64(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(bitPattern: raw)
  }
  @inline(__always) static func unsigned8(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt8(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static func unsigned16(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt16(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static func unsigned32(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt32(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static func unsigned64(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: raw))
  }

  /// Wraps a borrowed object argument (`nil` for NULL or an instance of another type).
  static func object<T: Object>(_ raw: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
    let address = UInt(bitPattern: raw)  // signals run on the main thread
    return MainActor.assumeIsolated {
      Object.wrap(UnsafeMutableRawPointer(bitPattern: address), as: T.self)
    }
  }
}

/// The GValue arguments of a signal connected through a GValue marshaller (signals with
/// floating-point or many arguments). Index 0 is the instance.
nonisolated struct GValueArguments {
  let values: UnsafePointer<GValue>
  let count: Int

  /// The GValue at `index`.
  func value(_ index: Int) -> UnsafePointer<GValue> { values + index }

  func bool(_ index: Int) -> Bool { GValues.read(value(index), as: Bool.self) ?? false }
  func integer(_ index: Int) -> Int { GValues.read(value(index), as: Int.self) ?? 0 }
  func double(_ index: Int) -> Double { GValues.read(value(index), as: Double.self) ?? 0 }

  /// A string argument (`nil` for NULL).
  func string(_ index: Int) -> String? {
    CStrings.borrowString(g_value_get_string(value(index)))
  }

  /// A boxed or pointer argument, as its C pointer.
  func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
    let item = value(index)
    if g_type_fundamental(cgtk_value_type(item)) == cgtk_type_boxed() {
      return g_value_get_boxed(item)
    }
    return g_value_get_pointer(item)
  }

  /// A `GVariant` argument (`nil` for NULL).
  func variant(_ index: Int) -> Variant? {
    g_value_get_variant(value(index)).map { Variant(borrowing: $0) }
  }

  /// An object argument.
  func object<T: Object>(_ index: Int, as type: T.Type) -> T? {
    SignalArguments.object(g_value_get_object(value(index)), as: T.self)
  }
}

/// C strings GTK lends or gives.
nonisolated enum CStrings {
  /// A copy of a string GTK lends (`transfer none`); `nil` for NULL.
  @inline(__always) static func borrowString(_ string: UnsafePointer<CChar>?) -> String? {
    string.map { String(cString: $0) }
  }

  /// A copy of a string GTK lends, `""` for NULL.
  @inline(__always) static func borrowStringOrEmpty(_ string: UnsafePointer<CChar>?) -> String {
    guard let string else { return "" }
    return String(cString: string)
  }

  /// A copy of a string GTK gives, `""` for NULL; the C string is freed.
  static func takeStringOrEmpty(_ string: UnsafeMutablePointer<CChar>?) -> String {
    takeString(string) ?? ""
  }

  /// A C copy of `string` (NULL for `nil`) that the caller frees with `g_free`.
  static func duplicate(_ string: String?) -> UnsafeMutablePointer<CChar>? {
    guard let string else { return nil }
    return g_strdup(string)
  }

  /// A copy of a string GTK gives (`transfer full`), which is then freed.
  static func takeString(_ string: UnsafeMutablePointer<CChar>?) -> String? {
    guard let string else { return nil }
    defer { g_free(string) }
    return String(cString: string)
  }
}
