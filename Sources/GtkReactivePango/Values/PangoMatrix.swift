// Pango's affine transformation (`PangoMatrix`) as a Swift value.
import CGtk
import GtkReactiveBindings

extension Pango {
  /// The affine transformation a context applies to the text it lays out (rotation,
  /// scaling, shearing), as Pango's six components: a point (x, y) goes to
  /// (xx·x + xy·y + x0, yx·x + yy·y + y0). Copied in and out of C.
  nonisolated public struct Matrix: Sendable, Hashable {
    /// The first component.
    public var xx: Double
    /// The second component.
    public var xy: Double
    /// The third component.
    public var yx: Double
    /// The fourth component.
    public var yy: Double
    /// The horizontal translation.
    public var x0: Double
    /// The vertical translation.
    public var y0: Double

    /// The transformation of components `xx`, `xy`, `yx`, `yy` and translation (`x0`,
    /// `y0`).
    public init(xx: Double, xy: Double, yx: Double, yy: Double, x0: Double, y0: Double) {
      (self.xx, self.xy, self.yx, self.yy, self.x0, self.y0) = (xx, xy, yx, yy, x0, y0)
    }

    /// The transformation that changes nothing.
    public static var identity: Matrix { Matrix(xx: 1, xy: 0, yx: 0, yy: 1, x0: 0, y0: 0) }

    /// A copy of a matrix C lends.
    package init(borrowing matrix: UnsafePointer<PangoMatrix>) {
      let m = matrix.pointee
      self.init(xx: m.xx, xy: m.xy, yx: m.yx, yy: m.yy, x0: m.x0, y0: m.y0)
    }

    /// A copy of a matrix C gives, which is then freed.
    package init(taking matrix: UnsafeMutablePointer<PangoMatrix>) {
      self.init(borrowing: matrix)
      pango_matrix_free(matrix)
    }

    /// A C copy for one call; free it with `freeCPointer(_:)`.
    package func makeCPointer() -> UnsafeMutablePointer<PangoMatrix> {
      let matrix = UnsafeMutablePointer<PangoMatrix>.allocate(capacity: 1)
      matrix.initialize(to: PangoMatrix(xx: xx, xy: xy, yx: yx, yy: yy, x0: x0, y0: y0))
      return matrix
    }

    /// Frees a copy made by `makeCPointer()`.
    package static func freeCPointer(_ matrix: UnsafeMutablePointer<PangoMatrix>?) {
      matrix?.deallocate()
    }
  }
}
