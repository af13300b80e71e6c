// The browse grid's geometry: rows of equal cells, scrolled vertically.

/// A key that moves the grid's focus.
package nonisolated enum GridMove: Hashable, Sendable {
  /// One cell back or forward along the reading order (Left and Right, mirrored right
  /// to left by the caller).
  case previous, next
  /// One row up or down, same column.
  case up, down
  /// A screenful of rows up or down, same column.
  case pageUp, pageDown
  /// The first or last cell.
  case home, end
}

/// A rectangle in the browse grid, in points.
package nonisolated struct GridRect: Hashable, Sendable {
  package var x: Double
  package var y: Double
  package var width: Double
  package var height: Double

  /// The rectangle at (`x`, `y`) of the given size.
  package init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle with corners at two points, in whatever order.
  package init(corner a: (x: Double, y: Double), corner b: (x: Double, y: Double)) {
    self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
  }

  /// The right edge.
  package var maxX: Double { x + width }
  /// The bottom edge.
  package var maxY: Double { y + height }
}

/// Where the cells of the browse grid are: `count` equal cells `cellWidth` ×
/// `cellHeight`, as many to a row as the viewport's width holds, `inset` around them,
/// seen through a viewport scrolled down by an offset.
///
/// Like `StripLayout`, it answers every question the grid needs without GTK, so only
/// the cells in view are ever drawn or decoded: 10,000 photos or 100,000 subfolders
/// cost what a screenful does.
package nonisolated struct GridLayout: Hashable, Sendable {
  /// How many cells there are.
  package var count = 0
  /// A cell's width, spacing included.
  package var cellWidth = 156.0
  /// A cell's height, spacing and its name's line included.
  package var cellHeight = 176.0
  /// Space around the cells.
  package var inset = 8.0
  /// The width of the visible part.
  package var viewportWidth = 0.0
  /// The height of the visible part.
  package var viewportHeight = 0.0
  /// Whether rows run from the right edge leftwards.
  package var isRightToLeft = false

  /// A layout of `count` cells seen through a viewport of the given size.
  package init(
    count: Int = 0, cellWidth: Double = 156, cellHeight: Double = 176, inset: Double = 8,
    viewportWidth: Double = 0, viewportHeight: Double = 0, isRightToLeft: Bool = false
  ) {
    self.count = count
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.inset = inset
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.isRightToLeft = isRightToLeft
  }

  /// Cells to a row: as many as fit, at least one.
  package var columns: Int { max(1, Int((viewportWidth - 2 * inset) / cellWidth)) }

  /// How many rows the cells take.
  package var rows: Int { count == 0 ? 0 : (count + columns - 1) / columns }

  /// The height of all rows together, insets included.
  package var contentHeight: Double { 2 * inset + Double(rows) * cellHeight }

  /// The largest scroll offset: the last row at the bottom edge.
  package var maximumOffset: Double { max(0, contentHeight - viewportHeight) }

  /// Whole rows in one screen, at least one: how far Page Up and Page Down move.
  package var rowsPerPage: Int { max(1, Int(viewportHeight / cellHeight)) }

  /// The space left over in a row, split evenly on both sides so the grid sits centred.
  private var sideMargin: Double {
    max(inset, (viewportWidth - Double(columns) * cellWidth) / 2)
  }

  /// The top-left corner of cell `index` in the view at scroll offset `offset`.
  package func origin(of index: Int, at offset: Double) -> (x: Double, y: Double) {
    let row = index / columns
    let column = index % columns
    let along = sideMargin + Double(column) * cellWidth
    let x = isRightToLeft ? viewportWidth - along - cellWidth : along
    return (x, inset + Double(row) * cellHeight - offset)
  }

  /// The cell under view point (`x`, `y`) at scroll offset `offset`, if any.
  package func index(atX x: Double, y: Double, offset: Double) -> Int? {
    let along = (isRightToLeft ? viewportWidth - x : x) - sideMargin
    let down = y + offset - inset
    guard count > 0, along >= 0, down >= 0 else { return nil }
    let column = Int(along / cellWidth)
    guard column < columns else { return nil }
    let index = Int(down / cellHeight) * columns + column
    return index < count ? index : nil
  }

  /// The cells at least partly in view at `offset`; `nil` when none is.
  package func visibleRange(at offset: Double) -> ClosedRange<Int>? {
    guard count > 0, viewportWidth > 0, viewportHeight > 0 else { return nil }
    let firstRow = max(0, Int(((offset - inset) / cellHeight).rounded(.down)))
    let lastRow = Int(((offset + viewportHeight - inset) / cellHeight).rounded(.up)) - 1
    let first = firstRow * columns
    let last = min(count - 1, (lastRow + 1) * columns - 1)
    return first <= last ? first...last : nil
  }

  /// The offset nearest `offset` that shows cell `index`'s row whole (`offset` itself
  /// when it does already, so a clicked cell stays under the pointer).
  package func revealingOffset(for index: Int, from offset: Double) -> Double {
    let top = inset + Double(index / columns) * cellHeight
    var revealed = offset
    if top + cellHeight > offset + viewportHeight {
      revealed = top + cellHeight + inset - viewportHeight
    }
    if top < revealed { revealed = top - inset }
    return min(maximumOffset, max(0, revealed))
  }

  /// The cells a rectangle touches, in reading order. `rect` is in content
  /// coordinates (a view point's `y` plus the scroll offset), so a band keeps its start
  /// while the grid scrolls under it. A cell counts from its drawn box (`padding` in from
  /// its edges), so a band in the gap between two cells touches neither.
  package func cells(touching rect: GridRect, padding: Double = 4) -> [Int] {
    guard count > 0, rect.width >= 0, rect.height >= 0 else { return [] }
    // Rows first: only those the rectangle spans are looked at, whatever the count.
    let firstRow = max(0, Int(((rect.y - inset - cellHeight + padding) / cellHeight).rounded(.up)))
    let lastRow = min(rows - 1, Int(((rect.maxY - inset - padding) / cellHeight).rounded(.down)))
    guard firstRow <= lastRow else { return [] }
    var touched: [Int] = []
    for row in firstRow...lastRow {
      for column in 0..<columns {
        let index = row * columns + column
        guard index < count else { break }
        let origin = self.origin(of: index, at: 0)
        let left = origin.x + padding
        let right = origin.x + cellWidth - padding
        let top = origin.y + padding
        let bottom = origin.y + cellHeight - padding
        if left <= rect.maxX, right >= rect.x, top <= rect.maxY, bottom >= rect.y {
          touched.append(index)
        }
      }
    }
    return touched
  }

  /// How fast the grid scrolls by itself while a band's corner is at `y` in the view,
  /// in points per second: none inside, up (negative) or down within `edge` points of
  /// the top or bottom edge or beyond it, faster the further out, at most `fastest`.
  package func autoScrollSpeed(
    atY y: Double, edge: Double = 48, fastest: Double = 2400
  ) -> Double {
    guard viewportHeight > 0 else { return 0 }
    let band = min(edge, viewportHeight / 4)
    let depth: Double
    if y < band {
      depth = -(band - y)
    } else if y > viewportHeight - band {
      depth = y - (viewportHeight - band)
    } else {
      return 0
    }
    // 12 points a second per point of depth: the edge zone's depth is a few rows a
    // second, a pointer far past the edge crosses a folder of thousands quickly.
    return max(-fastest, min(fastest, depth * 12))
  }

  /// The cell a key moves the focus to from `index` (from the first cell when none has
  /// it), within the cells; `nil` when there are none.
  package func target(of move: GridMove, from index: Int?) -> Int? {
    guard count > 0 else { return nil }
    guard let index else { return move == .end ? count - 1 : 0 }
    let target: Int
    switch move {
    case .previous: target = index - 1
    case .next: target = index + 1
    case .up: target = index - columns
    case .down: target = index + columns
    case .pageUp: target = index - rowsPerPage * columns
    case .pageDown: target = index + rowsPerPage * columns
    case .home: target = 0
    case .end: target = count - 1
    }
    // Up from the first row stays; down from the last whole row goes to the last cell,
    // as file managers do, so every cell is reachable with Down.
    if target < 0 { return move == .up ? index : 0 }
    if target >= count {
      return move == .down && index / columns == (count - 1) / columns ? index : count - 1
    }
    return target
  }
}
