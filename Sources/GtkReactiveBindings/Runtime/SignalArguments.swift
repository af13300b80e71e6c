// Signal arguments as Swift values: word-sized registers and GValue arrays.
import CGtk

/// Reads the word-sized arguments GTK passes to a signal trampoline.
nonisolated package enum SignalArguments {
  @inline(__always) static package func bool(_ raw: UnsafeMutableRawPointer?) -> Bool {
    Int32(truncatingIfNeeded: Int(bitPattern: raw)) != 0
  }
  @inline(__always) static package func signed8(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int8(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static package func signed16(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int16(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static package func signed32(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(Int32(truncatingIfNeeded: Int(bitPattern: raw)))
  }
  @inline(__always) static package func signed64(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(bitPattern: raw)
  }
  @inline(__always) static package func unsigned8(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt8(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static package func unsigned16(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt16(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static package func unsigned32(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(UInt32(truncatingIfNeeded: UInt(bitPattern: raw)))
  }
  @inline(__always) static package func unsigned64(_ raw: UnsafeMutableRawPointer?) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: raw))
  }

  /// Wraps a borrowed object argument (`nil` for NULL or an instance of another type).
  package static func object<T: Object>(_ raw: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
    let address = UInt(bitPattern: raw)  // signals run on the main thread
    return MainThread.assumeIsolated {
      Object.wrap(UnsafeMutableRawPointer(bitPattern: address), as: T.self)
    }
  }
}

/// The GValue arguments of a signal connected through a GValue marshaller (signals with
/// floating-point or many arguments). Index 0 is the instance.
nonisolated package struct GValueArguments {
  package let values: UnsafePointer<GValue>
  package let count: Int

  /// The GValue at `index`.
  package func value(_ index: Int) -> UnsafePointer<GValue> { values + index }

  package func bool(_ index: Int) -> Bool { GValues.read(value(index), as: Bool.self) ?? false }
  package func integer(_ index: Int) -> Int { GValues.read(value(index), as: Int.self) ?? 0 }
  package func double(_ index: Int) -> Double { GValues.read(value(index), as: Double.self) ?? 0 }

  /// A string argument (`nil` for NULL).
  package func string(_ index: Int) -> String? {
    CStrings.borrowString(g_value_get_string(value(index)))
  }

  /// A boxed or pointer argument, as its C pointer.
  package func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
    let item = value(index)
    if g_type_fundamental(cgtk_value_type(item)) == cgtk_type_boxed() {
      return g_value_get_boxed(item)
    }
    return g_value_get_pointer(item)
  }

  /// A `GVariant` argument (`nil` for NULL).
  package func variant(_ index: Int) -> Variant? {
    g_value_get_variant(value(index)).map { Variant(borrowing: $0) }
  }

  /// An object argument.
  package func object<T: Object>(_ index: Int, as type: T.Type) -> T? {
    SignalArguments.object(g_value_get_object(value(index)), as: T.self)
  }
}

/// C strings GTK lends or gives.
nonisolated package enum CStrings {
  /// A copy of a string GTK lends (`transfer none`); `nil` for NULL.
  @inline(__always) static package func borrowString(_ string: UnsafePointer<CChar>?) -> String? {
    string.map { String(cString: $0) }
  }

  /// A copy of a string GTK lends, `""` for NULL.
  @inline(__always) static package func borrowStringOrEmpty(_ string: UnsafePointer<CChar>?)
    -> String
  {
    guard let string else { return "" }
    return String(cString: string)
  }

  /// A copy of a string GTK gives, `""` for NULL; the C string is freed.
  package static func takeStringOrEmpty(_ string: UnsafeMutablePointer<CChar>?) -> String {
    takeString(string) ?? ""
  }

  /// A C copy of `string` (NULL for `nil`) that the caller frees with `g_free`.
  package static func duplicate(_ string: String?) -> UnsafeMutablePointer<CChar>? {
    guard let string else { return nil }
    return string.withCString { g_strdup($0) }
  }

  /// Lends `string`'s own UTF-8 (NULL for `nil`) to `body`, as `String.withCString`
  /// does: generated calls pass an optional string to a `const char *` without a copy.
  @inlinable package static func withCString<Result>(
    _ string: String?, _ body: (UnsafePointer<CChar>?) throws -> Result
  ) rethrows -> Result {
    guard let string else { return try body(nil) }
    return try string.withCString(body)
  }

  /// A copy of a string GTK gives (`transfer full`), which is then freed.
  package static func takeString(_ string: UnsafeMutablePointer<CChar>?) -> String? {
    guard let string else { return nil }
    defer { g_free(string) }
    return String(cString: string)
  }
}

/// NULL-terminated C arrays of strings (GLib's strv) as Swift arrays.
nonisolated extension CStrings {
  /// A C copy of `strings`, NULL-terminated (NULL for `nil`), that the caller frees
  /// with `g_strfreev`.
  package static func array(_ strings: [String]?) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    guard let strings else { return nil }
    // g_strfreev frees with g_free: the array is GLib's allocation too.
    let glib = g_malloc_n(
      gsize(strings.count + 1), gsize(MemoryLayout<UnsafeMutableRawPointer?>.size))!
      .assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
    for (index, string) in strings.enumerated() { glib[index] = g_strdup(string) }
    glib[strings.count] = nil
    return glib
  }

  /// The same array, typed as C's `const gchar **`.
  package static func constant(
    _ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> UnsafeMutablePointer<UnsafePointer<CChar>?>? {
    UnsafeMutableRawPointer(array)?.assumingMemoryBound(to: UnsafePointer<CChar>?.self)
  }

  /// Copies of the strings of a NULL-terminated array GTK lends; `[]` for NULL.
  package static func borrowArray(_ array: UnsafeRawPointer?) -> [String] {
    guard let array = array?.assumingMemoryBound(to: UnsafePointer<CChar>?.self) else {
      return []
    }
    var strings: [String] = []
    var index = 0
    while let string = array[index] {
      strings.append(String(cString: string))
      index += 1
    }
    return strings
  }

  /// Copies of the strings of an array GTK gives (`transfer full`), which is then freed.
  package static func takeArray(_ array: UnsafeRawPointer?) -> [String] {
    defer {
      g_strfreev(
        UnsafeMutableRawPointer(mutating: array)?.assumingMemoryBound(
          to: UnsafeMutablePointer<CChar>?.self))
    }
    return borrowArray(array)
  }

  /// Copies of the strings of an array whose container GTK gives but whose strings it
  /// keeps (`transfer container`); the array is freed.
  package static func takeArrayContainer(_ array: UnsafeRawPointer?) -> [String] {
    defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
    return borrowArray(array)
  }
}

nonisolated extension Array: GValueConvertible where Element == String {
  /// `G_TYPE_STRV`.
  public static var valueType: GType { g_strv_get_type() }
  /// Reads a NULL-terminated string array; NULL reads as `[]`.
  public static func read(from value: UnsafePointer<GValue>) -> [String]? {
    CStrings.borrowArray(g_value_get_boxed(value))
  }
  /// Writes a copy of the strings.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, CStrings.array(self))
  }
}

extension GValueArguments {
  /// An array-of-objects argument whose length is another argument.
  package func objects<T: Object>(_ index: Int, count: Int, as type: T.Type) -> [T] {
    guard let array = pointer(index)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    else { return [] }
    return (0..<max(count, 0)).compactMap { SignalArguments.object(array[$0], as: T.self) }
  }
}
