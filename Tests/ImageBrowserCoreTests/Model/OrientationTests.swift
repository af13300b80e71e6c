// The eight EXIF orientations: what each does to the pixels, and how turns and mirrors compose.
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Orientation")
  struct OrientationTests {
    /// A 3 × 2 image whose pixels are their own labels, row by row.
    static let width = 3
    static let height = 2

    /// The image `orientation` makes of the labelled one: its rows of labels.
    static func picture(_ orientation: Orientation) -> [[Int]] {
      let (w, h) = orientation.swapsDimensions ? (height, width) : (width, height)
      var rows = Array(repeating: Array(repeating: -1, count: w), count: h)
      for y in 0..<height {
        for x in 0..<width {
          let moved = orientation.map(x: x, y: y, width: width, height: height)
          rows[moved.y][moved.x] = y * width + x
        }
      }
      return rows
    }

    /// The labelled image as seen by a person, for each EXIF value: how the standard
    /// says the stored pixels are shown (0 1 2 / 3 4 5 stored).
    static let exifPictures: [Int: [[Int]]] = [
      1: [[0, 1, 2], [3, 4, 5]],
      2: [[2, 1, 0], [5, 4, 3]],  // mirrored left to right
      3: [[5, 4, 3], [2, 1, 0]],  // half a turn
      4: [[3, 4, 5], [0, 1, 2]],  // mirrored top to bottom
      5: [[0, 3], [1, 4], [2, 5]],  // transposed
      6: [[3, 0], [4, 1], [5, 2]],  // a quarter clockwise
      7: [[5, 2], [4, 1], [3, 0]],  // transversed
      8: [[2, 5], [1, 4], [0, 3]],  // a quarter counter-clockwise
    ]

    static let all = (1...8).compactMap { Orientation(exif: $0) }

    @Test("each EXIF value shows the pixels as the standard says, and round-trips")
    func exifValues() {
      for value in 1...8 {
        let orientation = Orientation(exif: value)
        #expect(orientation?.exifValue == value)
        #expect(orientation.map(Self.picture) == Self.exifPictures[value], "EXIF \(value)")
      }
      #expect(Set(Self.all).count == 8)
      #expect(Orientation(exif: 0) == nil)
      #expect(Orientation(exif: 9) == nil)
      #expect(Orientation.clockwise.exifValue == 6)
      #expect(Orientation.counterclockwise.exifValue == 8)
      #expect(Orientation.mirroredVertically.exifValue == 4)
    }

    @Test("four quarter turns, two mirrors, a turn and its opposite: no change")
    func identities() {
      var turned = Orientation.up
      for step in 1...4 {
        turned = turned.then(.clockwise)
        #expect(turned.isIdentity == (step == 4))
      }
      #expect(Orientation.up.then(.counterclockwise).then(.counterclockwise) == .halfTurn)
      #expect(Orientation.mirroredHorizontally.then(.mirroredHorizontally).isIdentity)
      #expect(Orientation.mirroredVertically.then(.mirroredVertically).isIdentity)
      #expect(Orientation.clockwise.then(.counterclockwise).isIdentity)
      #expect(Orientation.mirroredHorizontally.then(.mirroredVertically) == .halfTurn)
      for orientation in Self.all {
        #expect(orientation.then(orientation.inverse).isIdentity, "\(orientation)")
        #expect(orientation.inverse.then(orientation).isIdentity, "\(orientation)")
      }
    }

    @Test("composing is doing one, then the other, for all 64 pairs")
    func composition() {
      for first in Self.all {
        for second in Self.all {
          let composed = Self.picture(first.then(second))
          // Apply `second` to the picture `first` made.
          let made = Self.picture(first)
          let (w, h) = (made[0].count, made.count)
          let (w2, h2) = second.swapsDimensions ? (h, w) : (w, h)
          var expected = Array(repeating: Array(repeating: -1, count: w2), count: h2)
          for y in 0..<h {
            for x in 0..<w {
              let moved = second.map(x: x, y: y, width: w, height: h)
              expected[moved.y][moved.x] = made[y][x]
            }
          }
          #expect(composed == expected, "\(first) then \(second)")
        }
      }
    }

    @Test("a quarter turn trades width and height; a mirror or half turn does not")
    func dimensions() {
      #expect(Orientation.clockwise.swapsDimensions)
      #expect(Orientation(exif: 5)?.swapsDimensions == true)
      #expect(!Orientation.halfTurn.swapsDimensions)
      #expect(!Orientation.mirroredVertically.swapsDimensions)
      #expect(Orientation(quarterTurns: -1) == .counterclockwise)
    }
  }
}
