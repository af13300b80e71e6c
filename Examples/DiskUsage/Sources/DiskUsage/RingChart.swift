// The ring chart: a widget class declared in Swift that draws a folder's subfolders as
// rings and reports the one clicked.
import DiskUsageModel
import Foundation
import GtkReactive

/// A drawing area that shows the folder at its centre and its subfolders as rings
/// around it, one ring per level; clicking an arc emits `segmentActivated` with its path,
/// clicking the centre emits the centre's parent request (`centerActivated`).
///
/// `selectedFolder` is a GObject property (`selected-folder`), so it can be bound to
/// other widgets; `segments` and `centerText` are what it draws.
final class RingChart: DrawingArea, WidgetSubclass {
  override class var gType: GType { registeredType }
  static var typeName: String { "DiskUsageRingChart" }

  /// The path of the folder at the centre (GObject property `selected-folder`).
  static let selectedFolderProperty = ObjectProperty(
    \RingChart.selectedFolder, "selected-folder", nick: "Selected folder",
    blurb: "The folder at the centre of the chart")
  static let properties: [PropertyDeclaration] = [selectedFolderProperty]

  /// An arc was clicked: its folder's path.
  static let segmentActivated = ObjectSignal<RingChart, String, Void>("segment-activated")
  /// The centre was clicked.
  static let centerActivated = ObjectSignal<RingChart, Void, Void>("center-activated")
  static let signals: [SignalDeclaration] = [segmentActivated, centerActivated]

  var selectedFolder = "" {
    didSet {
      guard selectedFolder != oldValue else { return }
      notify(Self.selectedFolderProperty)
      queueDraw()
    }
  }

  /// The arcs to draw.
  var segments: [RingSegment] = [] {
    didSet { queueDraw() }
  }

  /// What the centre says (the folder's name and size).
  var centerText = "" {
    didSet { queueDraw() }
  }

  /// The arc under the pointer, drawn lighter.
  private(set) var hovered: RingSegment? {
    didSet {
      guard hovered != oldValue else { return }
      tooltipText = hovered.map { "\($0.name)\n\(ByteCount.format($0.size))" }
      queueDraw()
    }
  }

  private let layout = RingLayout()

  func constructed() {
    addEvents([.buttonPressMask, .pointerMotionMask, .leaveNotifyMask])
  }

  func measure(_ orientation: Orientation, for size: Int) -> SizeRequest {
    SizeRequest(minimum: 200, natural: 420)
  }

  /// The chart's geometry in the current allocation.
  private var geometry: (centerX: Double, centerY: Double, centerRadius: Double, ringWidth: Double)
  {
    let width = Double(allocatedWidth)
    let height = Double(allocatedHeight)
    let radius = max(min(width, height) / 2 - 8, 10)
    let ringWidth = radius / Double(layout.depth + 1)
    return (width / 2, height / 2, ringWidth, ringWidth)
  }

  func draw(in context: CairoContext) -> Bool {
    let (centerX, centerY, centerRadius, ringWidth) = geometry
    for segment in segments {
      let inner = centerRadius + Double(segment.depth - 1) * ringWidth
      context.newPath()
      context.arc(
        centerX: centerX, centerY: centerY, radius: inner + ringWidth, from: segment.start,
        to: segment.end)
      context.arcNegative(
        centerX: centerX, centerY: centerY, radius: inner, from: segment.end, to: segment.start)
      context.closePath()
      context.setSource(color(of: segment, hovered: segment == hovered))
      context.fill(preserve: true)
      context.setSource(RGBA(red: 1, green: 1, blue: 1, alpha: 0.9))
      context.lineWidth = 1
      context.stroke()
    }
    context.newPath()
    context.arc(centerX: centerX, centerY: centerY, radius: centerRadius, from: 0, to: 2 * .pi)
    context.setSource(RGBA(red: 0.93, green: 0.93, blue: 0.93))
    context.fill()
    if !centerText.isEmpty {
      let size = context.measureText(centerText, font: "Sans 9")
      context.setSource(RGBA(red: 0.2, green: 0.2, blue: 0.2))
      context.drawText(
        centerText, x: centerX - size.width / 2, y: centerY - size.height / 2, font: "Sans 9")
    }
    return false
  }

  func buttonPressed(_ event: ButtonEvent) -> Bool {
    guard event.button == 1 else { return false }
    let (centerX, centerY, centerRadius, ringWidth) = geometry
    let x = event.x - centerX
    let y = event.y - centerY
    if (x * x + y * y).squareRoot() < centerRadius {
      emit(Self.centerActivated)
    } else if let segment = layout.segment(
      at: x, y, in: segments, centerRadius: centerRadius, ringWidth: ringWidth)
    {
      emit(Self.segmentActivated, segment.path)
    }
    return true
  }

  func pointerMoved(_ event: MotionEvent) -> Bool {
    let (centerX, centerY, centerRadius, ringWidth) = geometry
    hovered = layout.segment(
      at: event.x - centerX, event.y - centerY, in: segments, centerRadius: centerRadius,
      ringWidth: ringWidth)
    return false
  }

  /// The point at the middle of `segment`'s arc, in the widget's coordinates.
  func point(on segment: RingSegment) -> (x: Double, y: Double) {
    let (centerX, centerY, centerRadius, ringWidth) = geometry
    let radius = centerRadius + (Double(segment.depth) - 0.5) * ringWidth
    let angle = (segment.start + segment.end) / 2
    return (centerX + radius * cos(angle), centerY + radius * sin(angle))
  }

  /// A hue per top-level arc, lighter on outer rings.
  private func color(of segment: RingSegment, hovered: Bool) -> RGBA {
    let hue = (segment.start + segment.end) / 2 / (2 * .pi)
    let lightness = min(0.45 + 0.1 * Double(segment.depth - 1) + (hovered ? 0.15 : 0), 0.9)
    return RGBA(hue: hue, saturation: 0.55, lightness: lightness)
  }
}

extension RGBA {
  /// A colour from hue (0…1), saturation and lightness.
  fileprivate init(hue: Double, saturation: Double, lightness: Double) {
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let sector = hue * 6
    let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
    let (red, green, blue): (Double, Double, Double) =
      switch Int(sector) % 6 {
      case 0: (chroma, x, 0)
      case 1: (x, chroma, 0)
      case 2: (0, chroma, x)
      case 3: (0, x, chroma)
      case 4: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = lightness - chroma / 2
    self.init(red: red + m, green: green + m, blue: blue + m)
  }
}
