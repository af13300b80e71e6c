// The ring chart's geometry: which folder each arc shows, and which arc a point is on.
import Foundation

/// One arc of the chart: a folder, on the ring of its depth under the chart's centre,
/// spanning the share of the centre's size that it takes.
public struct RingSegment: Sendable, Hashable {
  /// The folder's path.
  public var path: String
  /// The folder's name.
  public var name: String
  /// The ring: 1 for the centre's subfolders, 2 for theirs, and so on.
  public var depth: Int
  /// Where the arc starts, in radians clockwise from three o'clock.
  public var start: Double
  /// Where the arc ends.
  public var end: Double
  /// The folder's size in bytes.
  public var size: Int64
}

/// Lays a folder's subfolders out as rings around it, and finds the arc under a point.
public struct RingLayout: Sendable, Hashable {
  /// How many rings are drawn.
  public var depth: Int
  /// Arcs narrower than this (radians) are left out, as they cannot be seen or clicked.
  public var minimumAngle: Double

  /// A layout of `depth` rings leaving out arcs narrower than `minimumAngle`.
  public init(depth: Int = 4, minimumAngle: Double = 0.005) {
    precondition(depth > 0, "RingLayout: depth must be positive, not \(depth)")
    self.depth = depth
    self.minimumAngle = minimumAngle
  }

  /// The arcs of `center`'s subfolders, ring by ring, each inside its parent's arc.
  public func segments(of center: FolderNode) -> [RingSegment] {
    var result: [RingSegment] = []
    func place(_ node: FolderNode, depth: Int, start: Double, span: Double) {
      guard depth <= self.depth, node.size > 0 else { return }
      var angle = start
      for child in node.children {
        let share = span * Double(child.size) / Double(node.size)
        guard share >= minimumAngle else { break }  // children are largest first
        result.append(
          RingSegment(
            path: child.path, name: child.name, depth: depth, start: angle, end: angle + share,
            size: child.size))
        place(child, depth: depth + 1, start: angle, span: share)
        angle += share
      }
    }
    place(center, depth: 1, start: 0, span: 2 * .pi)
    return result
  }

  /// The segment at (`x`, `y`) relative to the chart's centre, for rings `ringWidth`
  /// wide outside a centre disc of `centerRadius`; `nil` for the centre or a gap.
  public func segment(
    at x: Double, _ y: Double, in segments: [RingSegment], centerRadius: Double,
    ringWidth: Double
  ) -> RingSegment? {
    let radius = (x * x + y * y).squareRoot()
    guard radius >= centerRadius, ringWidth > 0 else { return nil }
    let ring = Int((radius - centerRadius) / ringWidth) + 1
    var angle = atan2(y, x)
    if angle < 0 { angle += 2 * .pi }
    return segments.first { $0.depth == ring && $0.start <= angle && angle < $0.end }
  }
}
