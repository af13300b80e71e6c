// Arrays C gives with their length in an out parameter: copied into Swift arrays.
import CGtk

/// Copies of the arrays C functions give with a count (`gchar **` + `gsize *length`),
/// freed as GIR's transfer says: nothing (`none`), the array (`container`), or the array
/// and each element (`full`). NULL reads as an empty array.
nonisolated package enum CArrays {
  /// The strings of `array`.
  package static func strings(
    _ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, count: some BinaryInteger,
    transfer: ListTransfer
  ) -> [String] {
    guard let array else { return [] }
    let strings = (0..<max(Int(count), 0)).map { CStrings.borrowStringOrEmpty(array[$0]) }
    if transfer == .full {
      for index in 0..<max(Int(count), 0) { g_free(array[index]) }
    }
    if transfer != .none { g_free(array) }
    return strings
  }

  /// The names of the atoms of `array` (atoms are interned: never freed).
  package static func atoms(
    _ array: UnsafeMutablePointer<GdkAtom?>?, count: some BinaryInteger, transfer: ListTransfer
  ) -> [String] {
    guard let array else { return [] }
    defer { if transfer != .none { g_free(array) } }
    return (0..<max(Int(count), 0)).map { Atoms.name(array[$0]) }
  }

  /// The numbers of `array`, as `Element` (`Double`, `Int`).
  package static func numbers<C, Element>(
    _ array: UnsafeMutablePointer<C>?, count: some BinaryInteger, transfer: ListTransfer,
    as convert: (C) -> Element
  ) -> [Element] {
    guard let array else { return [] }
    defer { if transfer != .none { g_free(array) } }
    return (0..<max(Int(count), 0)).map { convert(array[$0]) }
  }

  /// The numbers of `array`, which C lends read-only (`const gint *`), as `Element`.
  package static func numbers<C, Element>(
    _ array: UnsafePointer<C>?, count: some BinaryInteger, transfer: ListTransfer,
    as convert: (C) -> Element
  ) -> [Element] {
    numbers(UnsafeMutablePointer(mutating: array), count: count, transfer: transfer, as: convert)
  }

  /// The numbers of `array` up to the first zero (which C ends it with), as `Element`.
  package static func untilZero<C: BinaryInteger, Element>(
    _ array: UnsafeMutablePointer<C>?, transfer: ListTransfer, as convert: (C) -> Element
  ) -> [Element] {
    guard let array else { return [] }
    defer { if transfer != .none { g_free(array) } }
    var result: [Element] = []
    var index = 0
    while array[index] != 0 {
      result.append(convert(array[index]))
      index += 1
    }
    return result
  }
}
