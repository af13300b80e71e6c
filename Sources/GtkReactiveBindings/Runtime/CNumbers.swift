// Integers and booleans converted between Swift and C for the generated members.
import CGtk

// The generated members convert every integer and boolean argument and result through
// these functions rather than spelling `Int32(clamping:)`, `Int(truncatingIfNeeded:)`,
// `b ? 1 : 0` and `r != 0` at each call: those resolve among the standard library's
// many initializers and operators, and in a debug build compile to generic calls. A
// plain function of concrete types is found at once and compiles to one direct call, so
// the generated layer (thousands of such conversions) type-checks and compiles in a
// fraction of the time (Benchmarks/README.md, "A client's clean build"). Each is
// `@inlinable` so that release builds of the modules above (Handy, GtkSource) inline it.

/// `value` as a C `gint`/`gint32`, clamped to its range.
@inlinable package func cInt32(_ value: Int) -> Int32 { Int32(clamping: value) }
/// `value` as a C `guint`/`guint32`/`gunichar`, clamped to its range.
@inlinable package func cUInt32(_ value: Int) -> UInt32 { UInt32(clamping: value) }
/// `value` as a C `gint16`/`gshort`, clamped to its range.
@inlinable package func cInt16(_ value: Int) -> Int16 { Int16(clamping: value) }
/// `value` as a C `guint16`/`gushort`, clamped to its range.
@inlinable package func cUInt16(_ value: Int) -> UInt16 { UInt16(clamping: value) }
/// `value` as a C `gint8`, clamped to its range.
@inlinable package func cInt8(_ value: Int) -> Int8 { Int8(clamping: value) }
/// `value` as a C `guint8`/`guchar`, clamped to its range.
@inlinable package func cUInt8(_ value: Int) -> UInt8 { UInt8(clamping: value) }
/// `value` as a C `gchar`, clamped to its range (signed or not, as the platform's `char`).
@inlinable package func cChar(_ value: Int) -> CChar { CChar(clamping: value) }
/// `value` as a C `gulong`/`gsize`/`guint64`, negative values clamped to 0.
@inlinable package func cUInt(_ value: Int) -> UInt { UInt(clamping: value) }

/// A C integer result as a Swift `Int` (wider C types are truncated, as `Int(truncatingIfNeeded:)`).
@inlinable package func swiftInt(_ value: Int32) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: UInt32) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: Int16) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: UInt16) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: Int8) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: UInt8) -> Int { Int(value) }
/// A C integer result as a Swift `Int`.
@inlinable package func swiftInt(_ value: Int) -> Int { value }
/// A C integer result as a Swift `Int`: its bit pattern, as `Int(truncatingIfNeeded:)`.
@inlinable package func swiftInt(_ value: UInt) -> Int { Int(truncatingIfNeeded: value) }
/// A C integer result as a Swift `Int` (where `gint64` is `long long`).
@inlinable package func swiftInt(_ value: Int64) -> Int { Int(truncatingIfNeeded: value) }
/// A C integer result as a Swift `Int`: its bit pattern (where `guint64` is `unsigned long long`).
@inlinable package func swiftInt(_ value: UInt64) -> Int { Int(truncatingIfNeeded: value) }

/// `value` as a C `gboolean`.
@inlinable package func cBool(_ value: Bool) -> gboolean { value ? 1 : 0 }
/// A C `gboolean` as a Swift `Bool`: any nonzero value is true, as in C.
@inlinable package func swiftBool(_ value: gboolean) -> Bool { value != 0 }
