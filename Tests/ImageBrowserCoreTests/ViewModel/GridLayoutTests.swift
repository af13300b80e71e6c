// The browse grid's geometry: columns, visible cells, hit testing and revealing, at any size.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Grid layout")
  struct GridLayoutTests {
    /// 10,000 cells of 100 × 100 in a 1,050 × 500 view: ten columns, 25 px either side.
    static let grid = GridLayout(
      count: 10_000, cellWidth: 100, cellHeight: 100, inset: 10, viewportWidth: 1_050,
      viewportHeight: 500)

    @Test("as many columns as fit, at least one; rows and height follow")
    func columns() {
      #expect(Self.grid.columns == 10)
      #expect(Self.grid.rows == 1_000)
      #expect(Self.grid.contentHeight == 100_020)
      #expect(Self.grid.rowsPerPage == 5)
      var narrow = Self.grid
      narrow.viewportWidth = 50
      #expect(narrow.columns == 1)
      #expect(GridLayout(count: 0, viewportWidth: 500).rows == 0)
    }

    @Test("only the rows in view, partly visible ones included, whatever the count")
    func visibleRange() {
      #expect(Self.grid.visibleRange(at: 0) == 0...49)
      #expect(Self.grid.visibleRange(at: 50) == 0...59)
      #expect(Self.grid.visibleRange(at: Self.grid.maximumOffset) == 9_950...9_999)
      #expect(
        GridLayout(count: 0, viewportWidth: 100, viewportHeight: 100).visibleRange(at: 0) == nil)
      #expect(
        GridLayout(count: 3, cellWidth: 100, viewportWidth: 1_000, viewportHeight: 500)
          .visibleRange(at: 0) == 0...2)
    }

    @Test("a point maps to the cell under it, centred rows and right to left included")
    func hitTesting() {
      #expect(Self.grid.index(atX: 10, y: 50, offset: 0) == nil)  // the side margin
      #expect(Self.grid.index(atX: 30, y: 50, offset: 0) == 0)
      #expect(Self.grid.index(atX: 1_020, y: 50, offset: 0) == 9)
      #expect(Self.grid.index(atX: 30, y: 50, offset: 100) == 10)
      #expect(Self.grid.index(atX: 30, y: 5, offset: 0) == nil)  // the inset
      var mirrored = Self.grid
      mirrored.isRightToLeft = true
      #expect(mirrored.index(atX: 1_020, y: 50, offset: 0) == 0)
      #expect(mirrored.origin(of: 0, at: 0).x == 925)
      #expect(Self.grid.origin(of: 11, at: 100).x == 125)
      #expect(Self.grid.origin(of: 11, at: 100).y == 10)
      let short = GridLayout(
        count: 5, cellWidth: 100, cellHeight: 100, inset: 0, viewportWidth: 300,
        viewportHeight: 300)
      #expect(short.index(atX: 250, y: 150, offset: 0) == nil)  // past the last cell
    }

    @Test("revealing scrolls as little as it takes, never past the ends")
    func revealing() {
      #expect(Self.grid.revealingOffset(for: 15, from: 0) == 0)
      #expect(Self.grid.revealingOffset(for: 45, from: 0) == 20)
      #expect(Self.grid.revealingOffset(for: 5, from: 300) == 0)
      #expect(Self.grid.revealingOffset(for: 9_999, from: 0) == Self.grid.maximumOffset)
    }

    @Test("a band touches the cells whose boxes it meets, at any offset, right to left too")
    func cellsTouching() {
      // Ten columns from x = 25, rows from y = 10; boxes 4 px in from each cell's edges.
      let band = GridRect(x: 130, y: 50_015, width: 60, height: 100)
      #expect(Self.grid.cells(touching: band) == [5_001, 5_011])
      #expect(Self.grid.cells(touching: GridRect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
      #expect(Self.grid.cells(touching: GridRect(x: 124, y: 0, width: 1, height: 500)).isEmpty)
      #expect(
        Self.grid.cells(touching: GridRect(x: 0, y: 100_010, width: 1_050, height: 50)).isEmpty)
      var mirrored = Self.grid
      mirrored.isRightToLeft = true
      #expect(mirrored.cells(touching: GridRect(x: 1_000, y: 15, width: 10, height: 10)) == [0])
      var short = Self.grid
      short.count = 3
      #expect(short.cells(touching: GridRect(x: 0, y: 0, width: 1_050, height: 500)) == [0, 1, 2])
    }

    @Test("the grid scrolls by itself only near or past the top and bottom edges")
    func autoScrollSpeed() {
      #expect(Self.grid.autoScrollSpeed(atY: 250) == 0)
      #expect(Self.grid.autoScrollSpeed(atY: 48) == 0)
      #expect(Self.grid.autoScrollSpeed(atY: 452) == 0)
      #expect(Self.grid.autoScrollSpeed(atY: 0) == -576)
      #expect(Self.grid.autoScrollSpeed(atY: 500) == 576)
      #expect(Self.grid.autoScrollSpeed(atY: 5_000) == 2_400)
      #expect(Self.grid.autoScrollSpeed(atY: -5_000) == -2_400)
      #expect(GridLayout(count: 10).autoScrollSpeed(atY: 0) == 0, "no view, no scrolling")
    }
  }
}

extension ImageBrowserCoreTests {
  @Suite("Subfolder scanning")
  struct SubfolderScanningTests {
    @Test("folders and links to folders, hidden ones and files left out, in natural order")
    func lists() throws {
      let folder = try TemporaryFolder(
        files: ["b.jpg", "Trip 10/", "trip 9/", ".cache/", "x.jpg/", "notes.txt"])
      try FileManager.default.createSymbolicLink(
        at: folder.file("link"), withDestinationURL: folder.file("trip 9"))
      try FileManager.default.createSymbolicLink(
        at: folder.file("broken"), withDestinationURL: folder.file("nothing"))
      let names = try FolderScanner().subfolders(in: folder.url).map(\.lastPathComponent)
      #expect(names == ["link", "trip 9", "Trip 10", "x.jpg"])
    }

    @Test("hundreds of subfolders list whole, in number order; a missing folder says so")
    func manyAndMissing() throws {
      let folder = try TemporaryFolder(files: (0..<500).map { "d\($0)/" })
      let listed = try FolderScanner().subfolders(in: folder.url)
      #expect(listed.count == 500)
      #expect(listed.first?.lastPathComponent == "d0")
      #expect(listed.last?.lastPathComponent == "d499")
      let missing = folder.file("nope")
      #expect(throws: BrowseError.notFound(missing)) {
        try FolderScanner().subfolders(in: missing)
      }
    }
  }
}
