// The browse grid's rubber band headless: what a band picks, Ctrl, Escape, auto-scroll.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Rubber-band selection")
  @MainActor
  struct RubberBandTests {
    /// Four cells of 100 × 100 to a row in a 450 × 200 view: 25 px of empty space on
    /// either side, two rows in view.
    static func layout(for viewModel: TestViewModel) -> GridLayout {
      GridLayout(
        count: viewModel.state.value.gridCellCount, cellWidth: 100, cellHeight: 100, inset: 0,
        viewportWidth: 450, viewportHeight: 200)
    }

    /// The names of the picked images.
    static func picked(_ viewModel: TestViewModel) -> [String] {
      names(viewModel.state.value.pickedItems)
    }

    @Test("a band from empty space picks the images it touches, live, and keeps them on release")
    func bandPicksTouchedImages() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(10), selected: 9, scheduler: scheduler)
        viewModel.isBrowsing.value = true
        let band = viewModel.rubberBand
        band.press(at: (10, 10), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        // Within the drag threshold: still a click, nothing drawn or picked.
        band.move(to: (14, 14))
        #expect(band.band.value == nil)
        #expect(!band.isActive)
        #expect(Self.picked(viewModel) == ["p9.jpg"])
        // Over three columns and two rows.
        band.move(to: (260, 150))
        #expect(band.isActive)
        #expect(band.band.value == GridRect(x: 10, y: 10, width: 250, height: 140))
        #expect(
          Self.picked(viewModel) == ["p0.jpg", "p1.jpg", "p2.jpg", "p4.jpg", "p5.jpg", "p6.jpg"])
        #expect(viewModel.index.value == 9, "the index stays while the band moves")
        // Back: the band shrinks, and so do the picks.
        band.move(to: (140, 60))
        #expect(Self.picked(viewModel) == ["p0.jpg", "p1.jpg"])
        #expect(band.release())
        #expect(band.band.value == nil)
        #expect(Self.picked(viewModel) == ["p0.jpg", "p1.jpg"])
        #expect(viewModel.index.value == 0, "the first picked image becomes current")
        // A band in the gap between two rows' boxes touches nothing: the current image alone.
        band.press(at: (30, 99), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        band.move(to: (420, 101))
        #expect(Self.picked(viewModel) == ["p0.jpg"])
        band.release()
      }
    }

    @Test("Ctrl adds the band's images to the picks made before; a plain band replaces them")
    func ctrlAdds() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(10), selected: 9, scheduler: scheduler)
        viewModel.isBrowsing.value = true
        viewModel.pickGridCell(8, .toggle)
        #expect(Self.picked(viewModel) == ["p8.jpg", "p9.jpg"])
        let band = viewModel.rubberBand
        band.press(at: (10, 10), offset: 0, layout: Self.layout(for: viewModel), additive: true)
        band.move(to: (140, 60))
        #expect(Self.picked(viewModel) == ["p0.jpg", "p1.jpg", "p8.jpg", "p9.jpg"])
        band.release()
        #expect(viewModel.index.value == 8, "the current image was picked: it stays")
        band.press(at: (10, 10), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        band.move(to: (40, 160))
        #expect(Self.picked(viewModel) == ["p0.jpg", "p4.jpg"])
        band.release()
        #expect(viewModel.index.value == 0)
      }
    }

    @Test("Escape puts back the picks, the index and the focus from before the press")
    func escapeCancels() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(10), selected: 3, scheduler: scheduler)
        viewModel.isBrowsing.value = true
        viewModel.pickGridCell(5, .toggle)
        let before = viewModel.state.value.selection
        let band = viewModel.rubberBand
        #expect(!band.cancel(), "no band: Escape goes on to the window")
        // A press on a cell picks it (as the grid does), then the band is dragged.
        band.press(at: (175, 150), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        viewModel.pickGridCell(5)
        band.move(to: (300, 30))
        #expect(Self.picked(viewModel) == ["p1.jpg", "p2.jpg", "p5.jpg", "p6.jpg"])
        #expect(band.cancel())
        #expect(band.band.value == nil)
        #expect(viewModel.state.value.selection == before)
        #expect(viewModel.index.value == 5)
        #expect(Self.picked(viewModel) == ["p3.jpg", "p5.jpg"])
        #expect(!band.release(), "the release after Escape picks nothing")
        #expect(Self.picked(viewModel) == ["p3.jpg", "p5.jpg"])
      }
    }

    @Test("subfolders are never picked")
    func foldersAreNotPicked() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(10), selected: 9, scheduler: scheduler)
        viewModel.isBrowsing.value = true
        viewModel.store.update {
          $0.subfolders = [photos.appendingPathComponent("a"), photos.appendingPathComponent("b")]
        }
        let band = viewModel.rubberBand
        band.press(at: (10, 10), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        band.move(to: (440, 150))
        #expect(
          Self.picked(viewModel) == ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg"])
        band.release()
        #expect(viewModel.state.value.focusedCell == 2, "the first picked image is current")
      }
    }

    @Test("at the bottom edge the grid scrolls by itself and the band grows; it stops inside")
    func autoScroll() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make(tick: .milliseconds(16))
        let viewModel = makeViewModel(numbered(40), scheduler: scheduler)
        viewModel.isBrowsing.value = true
        let layout = Self.layout(for: viewModel)
        #expect(layout.maximumOffset == 800)
        let band = viewModel.rubberBand
        band.press(at: (10, 10), offset: 0, layout: layout, additive: false)
        band.move(to: (140, 110))
        #expect(Self.picked(viewModel) == ["p0.jpg", "p1.jpg", "p4.jpg", "p5.jpg"])
        scheduler.advance(by: .seconds(1))
        #expect(band.offset.value == 0, "away from the edges nothing scrolls")
        // 43 points into the bottom zone: 516 points a second.
        band.move(to: (140, 195))
        scheduler.advance(by: .milliseconds(496))
        let scrolled = band.offset.value
        #expect(scrolled > 240 && scrolled < 280)
        #expect(
          abs((band.band.value?.maxY ?? 0) - (195 + scrolled)) < 0.001,
          "the band's corner follows the content")
        let picked = Self.picked(viewModel)
        #expect(picked.first == "p0.jpg", "the band's start stays on the first row")
        #expect(picked.contains("p17.jpg") && !picked.contains("p20.jpg"))
        // Back inside: the scrolling stops.
        band.move(to: (140, 110))
        scheduler.advance(by: .seconds(1))
        #expect(band.offset.value == scrolled)
        // Far below the window: fast, and no further than the last row.
        band.move(to: (140, 600))
        scheduler.advance(by: .seconds(2))
        #expect(band.offset.value == 800)
        #expect(Self.picked(viewModel).count == 40 / 4 * 2)
        band.release()
        #expect(band.offset.value == 800)
        // The top edge scrolls back up.
        band.press(at: (10, 100), offset: 800, layout: layout, additive: false)
        band.move(to: (300, 2))
        scheduler.advance(by: .seconds(3))
        #expect(band.offset.value == 0)
        band.release()
      }
    }

    @Test("the grid scrolled by the wheel under a band: the band follows the content")
    func wheelUnderTheBand() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(40), scheduler: scheduler)
        viewModel.isBrowsing.value = true
        let band = viewModel.rubberBand
        band.press(at: (10, 10), offset: 0, layout: Self.layout(for: viewModel), additive: false)
        band.move(to: (140, 60))
        band.scrolled(to: 200)
        #expect(
          Self.picked(viewModel) == ["p0.jpg", "p1.jpg", "p4.jpg", "p5.jpg", "p8.jpg", "p9.jpg"])
        band.release()
      }
    }
  }
}
