// GLib's quarks (numbers for interned strings) as the strings they stand for: what a
// signal passing an array of them (`GSettings::change-event`) hands Swift.
import CGtk

package enum Quarks {
  /// The strings of `count` quarks at `pointer` (none when it is NULL).
  package static func names(_ pointer: UnsafeMutableRawPointer?, count: Int) -> [String] {
    guard let pointer, count > 0 else { return [] }
    let quarks = pointer.assumingMemoryBound(to: GQuark.self)
    return (0..<count).map { CStrings.borrowStringOrEmpty(g_quark_to_string(quarks[$0])) }
  }
}
