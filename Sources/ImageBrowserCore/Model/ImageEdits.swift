// The turns and mirrors of one image shown but not saved, step by step, so each can be
// undone and redone.

/// The edits of one image that are shown but not saved: the steps taken (each a turn or
/// a mirror relative to how the image showed before it) and the steps undone, which can
/// be redone until a new step is taken.
///
/// The image shows as the file turned by `orientation`, the steps composed in order;
/// steps that cancel out (four quarter turns, a turn and its opposite) leave no edit to
/// save, but stay undoable.
package nonisolated struct ImageEdits: Hashable, Sendable {
  /// The steps taken, the oldest first.
  package private(set) var steps: [Orientation]
  /// The steps undone, the most recently undone last.
  package private(set) var undoneSteps: [Orientation] = []

  /// Edits that start with `steps` (for an edit left over from a save, one step).
  package init(steps: [Orientation] = []) {
    self.steps = steps
  }

  /// How the image shows relative to its file; `nil` when the steps cancel out.
  package var orientation: Orientation? {
    let net = steps.reduce(Orientation.up) { $0.then($1) }
    return net.isIdentity ? nil : net
  }

  /// Whether a step can be undone.
  package var canUndo: Bool { !steps.isEmpty }

  /// Whether an undone step can be redone.
  package var canRedo: Bool { !undoneSteps.isEmpty }

  /// Whether there is nothing to show, undo or redo.
  package var isEmpty: Bool { steps.isEmpty && undoneSteps.isEmpty }

  /// Takes `step`; the steps undone before it can no longer be redone.
  package mutating func take(_ step: Orientation) {
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
