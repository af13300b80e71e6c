// The eight ways to turn and mirror an image: EXIF orientations, composed like rotations.

/// One of the eight orientations of a rectangle — quarter turns, each optionally
/// mirrored — as the EXIF `Orientation` tag names them (1 to 8).
///
/// An orientation is a transformation of the pixels: first a mirror left to right when
/// `isMirrored`, then `quarterTurns` quarter turns clockwise. An EXIF value says which
/// transformation shows the stored pixels upright (6: turn a quarter clockwise); the
/// browser's pending edits are transformations of the image as shown.
/// `then(_:)` composes them, so a file with orientation `o` that the user turns by `t`
/// is saved with `o.then(t)`.
package nonisolated struct Orientation: Hashable, Sendable, CustomStringConvertible {
  /// Quarter turns clockwise, 0 to 3, applied after the mirror.
  package let quarterTurns: Int
  /// Whether the pixels are mirrored left to right first.
  package let isMirrored: Bool

  /// The orientation that mirrors when `mirrored`, then turns `quarterTurns` clockwise
  /// (any integer: four turns are none).
  package init(quarterTurns: Int, mirrored: Bool = false) {
    self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    isMirrored = mirrored
  }

  /// No change: EXIF 1.
  package static let up = Orientation(quarterTurns: 0)
  /// A quarter turn clockwise: EXIF 6.
  package static let clockwise = Orientation(quarterTurns: 1)
  /// A half turn: EXIF 3.
  package static let halfTurn = Orientation(quarterTurns: 2)
  /// A quarter turn counter-clockwise: EXIF 8.
  package static let counterclockwise = Orientation(quarterTurns: 3)
  /// Mirrored left to right: EXIF 2.
  package static let mirroredHorizontally = Orientation(quarterTurns: 0, mirrored: true)
  /// Mirrored top to bottom: EXIF 4.
  package static let mirroredVertically = Orientation(quarterTurns: 2, mirrored: true)

  /// The orientation an EXIF `Orientation` value (1–8) names; `nil` for any other value
  /// (a file whose tag is missing or out of range shows as stored: treat it as `.up`).
  package init?(exif value: Int) {
    switch value {
    case 1: self = .up
    case 2: self = .mirroredHorizontally
    case 3: self = .halfTurn
    case 4: self = .mirroredVertically
    case 5: self.init(quarterTurns: 3, mirrored: true)  // transpose
    case 6: self = .clockwise
    case 7: self.init(quarterTurns: 1, mirrored: true)  // transverse
    case 8: self = .counterclockwise
    default: return nil
    }
  }

  /// The EXIF `Orientation` value (1–8) of this orientation.
  package var exifValue: Int {
    switch (quarterTurns, isMirrored) {
    case (0, false): 1
    case (0, true): 2
    case (2, false): 3
    case (2, true): 4
    case (3, true): 5
    case (1, false): 6
    case (1, true): 7
    default: 8  // (3, false)
    }
  }

  /// Whether this is no change at all.
  package var isIdentity: Bool { self == .up }

  /// Whether width and height trade places (an odd number of quarter turns).
  package var swapsDimensions: Bool { quarterTurns % 2 == 1 }

  /// This transformation followed by `next`.
  ///
  /// A mirror followed by a clockwise turn equals a counter-clockwise turn followed by the
  /// mirror, so `next`'s mirror reverses the direction of this one's turns.
  package func then(_ next: Orientation) -> Orientation {
    let turns = next.isMirrored ? -quarterTurns : quarterTurns
    return Orientation(
      quarterTurns: next.quarterTurns + turns, mirrored: isMirrored != next.isMirrored)
  }

  /// The transformation that undoes this one.
  package var inverse: Orientation {
    // A mirrored orientation is its own inverse; a turn is undone by the opposite turn.
    isMirrored ? self : Orientation(quarterTurns: -quarterTurns)
  }

  /// Where the pixel at (`x`, `y`) of a `width` × `height` image lands once transformed.
  package func map(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
    var point = (x: isMirrored ? width - 1 - x : x, y: y)
    var size = (width: width, height: height)
    for _ in 0..<quarterTurns {
      // A quarter turn clockwise: the left column becomes the top row.
      point = (size.height - 1 - point.y, point.x)
      size = (size.height, size.width)
    }
    return point
  }

  package var description: String {
    let turns = ["", "rotated clockwise", "rotated half a turn", "rotated counter-clockwise"]
    let parts = [isMirrored ? "mirrored" : "", turns[quarterTurns]].filter { !$0.isEmpty }
    return parts.isEmpty ? "upright" : parts.joined(separator: ", then ")
  }
}
