// A drag over the viewer: the speed it flings at, the glide slowing down, and the swipe
// that pages; pure arithmetic, headless.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Drag")
  struct DragTests {
    let t0 = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant {
      t0.advanced(by: .milliseconds(milliseconds))
    }

    @Test("moving pans by the distance since the last position")
    func movePans() {
      var drag = Drag(at: (100, 100), time: at(0))
      let first = drag.move(to: (110, 95), at: at(10))
      #expect(first.dx == 10 && first.dy == -5)
      let second = drag.move(to: (112, 95), at: at(20))
      #expect(second.dx == 2 && second.dy == 0, "from the last position, not the start")
    }

    @Test("the speed is smoothed: the newest sample counts 0.6, the speed so far 0.4")
    func smoothedSpeed() {
      var drag = Drag(at: (0, 0), time: at(0))
      _ = drag.move(to: (10, 0), at: at(10))  // 1000 px/s
      #expect(abs(drag.velocity.x - 600) < 1e-6)
      _ = drag.move(to: (10, 0), at: at(20))  // stopped: 0 px/s
      #expect(abs(drag.velocity.x - 240) < 1e-6, "one still sample does not zero it")
      _ = drag.move(to: (10, 20), at: at(30))  // 2000 px/s down
      #expect(abs(drag.velocity.x - 96) < 1e-6)
      #expect(abs(drag.velocity.y - 1200) < 1e-6)
    }

    @Test("a pause longer than a second counts whole seconds, not just their fraction")
    func longPause() {
      var drag = Drag(at: (0, 0), time: at(0))
      _ = drag.move(to: (10, 0), at: at(1050))
      #expect(abs(drag.velocity.x - 0.6 * 10 / 1.05) < 1e-6)
    }

    @Test("a release while moving fast flings; a slow or stopped one does not")
    func flingOnRelease() {
      var drag = Drag(at: (0, 0), time: at(0))
      _ = drag.move(to: (10, 0), at: at(10))  // 600 px/s smoothed
      let fling = drag.fling(releasedAt: at(50))
      #expect(fling != nil)
      #expect(fling.map { abs($0.velocity.x - 600) < 1e-6 } == true)
      #expect(drag.fling(releasedAt: at(90)) == nil, "the pointer rested 80 ms before release")
      var slow = Drag(at: (0, 0), time: at(0))
      _ = slow.move(to: (2, 0), at: at(10))  // 120 px/s smoothed: below 150
      #expect(slow.fling(releasedAt: at(11)) == nil)
      let still = Drag(at: (0, 0), time: at(0))
      #expect(still.fling(releasedAt: at(1)) == nil, "a click is no fling")
    }

    @Test("a fling slows by 0.92 a frame and stops below 20 px/s")
    func flingGlides() {
      var fling = Fling(velocity: (x: 600, y: -300))
      let step = fling.step()
      #expect(abs(fling.velocity.x - 552) < 1e-9)
      #expect(abs(step.dx - 552.0 / 60) < 1e-9)
      #expect(abs(step.dy + 276.0 / 60) < 1e-9)
      var frames = 1
      var travelled = step.dx
      while !fling.isDone {
        travelled += fling.step().dx
        frames += 1
        #expect(frames < 100, "a fling ends")
        if frames >= 100 { break }
      }
      // 671 px/s · 0.92ⁿ falls below 20 px/s after 43 frames, having glided
      // 600 · 0.92 · (1 − 0.92⁴³) / 0.08 / 60 ≈ 111.8 px sideways.
      #expect(frames == 43)
      #expect(abs(travelled - 111.81) < 0.01)
    }

    @Test("a horizontal pull of more than 80 px pages, towards where the images came from")
    func swipe() {
      let drag = Drag(at: (400, 300), time: at(0))
      #expect(drag.swipe(releasedAt: (300, 310), rightToLeft: false) == 1, "pulled left: next")
      #expect(drag.swipe(releasedAt: (500, 290), rightToLeft: false) == -1, "right: previous")
      #expect(drag.swipe(releasedAt: (300, 300), rightToLeft: true) == -1, "mirrored")
      #expect(drag.swipe(releasedAt: (500, 300), rightToLeft: true) == 1)
      #expect(drag.swipe(releasedAt: (321, 300), rightToLeft: false) == 0, "79 px is no swipe")
      #expect(drag.swipe(releasedAt: (319, 300), rightToLeft: false) == 1, "81 px is")
      #expect(
        drag.swipe(releasedAt: (300, 351), rightToLeft: false) == 0,
        "more than half as far up or down is no sideways swipe")
      #expect(drag.swipe(releasedAt: (300, 349), rightToLeft: false) == 1)
    }
  }
}
