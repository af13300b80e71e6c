// A box that can be narrower than its content, showing the content's start.
import GtkReactive

/// One child, whose width the clip may ask for less of than the child needs: the header
/// bar's folding controls (asking for nothing at least, so the window can shrink until
/// the bar folds them away) and its title (asking for its shortest, so the controls get
/// their widths first). Narrower than the child's minimum, the clip gives the child its
/// minimum from the clip's start edge and shows what fits: GTK clips what a widget draws
/// to its allocation.
///
/// It measures and places its child as a scrolled window without scrollbars over a
/// viewport did (policy never or external, natural sizes propagated), without their
/// scrollbars, adjustments, gestures and windows: the three the header had cost the
/// main thread 36 M instructions before the first frame.
final class Clip: Bin, WidgetSubclass {
  override class var gType: GType { registeredType }

  /// The widths the clip asks for, besides the child's natural height.
  enum Request {
    /// Nothing at least, the child's natural width at best: a scrolled window with an
    /// external horizontal policy, propagating the natural width.
    case upToNatural
    /// The child's minimum width, at least and at best: a scrolled window that never
    /// scrolls horizontally and does not propagate the natural width.
    case minimum
  }

  /// What the clip asks for (by default `upToNatural`).
  var request = Request.upToNatural {
    didSet { queueResize() }
  }

  func measure(_ orientation: Orientation, for size: Int) -> SizeRequest {
    guard let child, child.isVisible else { return SizeRequest(minimum: 0, natural: 0) }
    if orientation == .vertical {
      let (minimum, natural) = child.preferredHeight
      return SizeRequest(minimum: minimum, natural: natural)
    }
    let (minimum, natural) = child.preferredWidth
    switch request {
    case .upToNatural: return SizeRequest(minimum: 0, natural: natural)
    case .minimum: return SizeRequest(minimum: minimum, natural: minimum)
    }
  }

  func allocate(_ allocation: Rectangle) {
    self.allocation = allocation
    if let child, child.isVisible {
      var area = allocation
      area.width = max(area.width, child.preferredWidth.minimumWidth)
      area.height = max(area.height, child.preferredHeight.minimumHeight)
      child.sizeAllocate(area)
    }
    // What the child draws beyond the clip's own area is cut off.
    clip = allocation
  }
}
