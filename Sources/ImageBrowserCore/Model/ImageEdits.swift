// The edits of one image shown but not saved (turns, mirrors, crops, resizes), step by
// step, so each can be undone and redone.

/// The edits of one image that are shown but not saved: the steps taken (each relative to
/// how the image showed before it) and the steps undone, which can be redone until a new
/// step is taken.
///
/// The image shows as the file edited by `edit`, the steps composed in order; steps that
/// cancel out (four quarter turns, a turn and its opposite) leave no edit to save, but
/// stay undoable.
package nonisolated struct ImageEdits: Hashable, Sendable {
  /// The steps taken, the oldest first.
  package private(set) var steps: [EditStep]
  /// The steps undone, the most recently undone last.
  package private(set) var undoneSteps: [EditStep] = []
  /// The upright size of the file's picture, once a crop or a resize needed it.
  package private(set) var sourceSize: PixelSize?

  /// Edits that start with `steps` (for an edit left over from a save, one step).
  package init(steps: [Orientation] = []) {
    self.steps = steps.map { .orient($0) }
  }

  /// What the steps amount to; `nil` when they cancel out.
  package var edit: ImageEdit? {
    let net = steps.reduce(ImageEdit.none) { $0.then($1, source: sourceSize) }
    return net.isIdentity ? nil : net
  }

  /// How the image is turned relative to its file; `nil` when it is not.
  package var orientation: Orientation? {
    guard let orientation = edit?.orientation, !orientation.isIdentity else { return nil }
    return orientation
  }

  /// Whether a step can be undone.
  package var canUndo: Bool { !steps.isEmpty }

  /// Whether an undone step can be redone.
  package var canRedo: Bool { !undoneSteps.isEmpty }

  /// Whether there is nothing to show, undo or redo.
  package var isEmpty: Bool { steps.isEmpty && undoneSteps.isEmpty }

  /// Takes a turn or mirror; the steps undone before it can no longer be redone.
  package mutating func take(_ step: Orientation) {
    take(.orient(step), shownSize: nil)
  }

  /// Takes `step` on the image as it shows now, `shownSize` pixels (what a crop's
  /// rectangle is within); the steps undone before it can no longer be redone.
  package mutating func take(_ step: EditStep, shownSize: PixelSize?) {
    if sourceSize == nil, let shownSize {
      // Until now the steps only turned the picture: its upright size follows.
      let turned = edit?.orientation.swapsDimensions == true
      sourceSize = turned ? shownSize.transposed : shownSize
    }
    steps.append(step)
    undoneSteps.removeAll()
  }

  /// Undoes the last step taken, if any.
  package mutating func undo() {
    if let step = steps.popLast() { undoneSteps.append(step) }
  }

  /// Redoes the last step undone, if any.
  package mutating func redo() {
    if let step = undoneSteps.popLast() { steps.append(step) }
  }
}
