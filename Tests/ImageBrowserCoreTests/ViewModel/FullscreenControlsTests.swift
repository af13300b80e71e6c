// Fullscreen controls: the toolbar and strip come with the pointer near an edge and go 2 s later.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Fullscreen controls")
  @MainActor
  struct FullscreenControlsTests {
    /// A view model in fullscreen from tick 0 and an observer of `part` of its controls.
    private func fullscreen(
      _ scheduler: TestScheduler, _ part: KeyPath<FullscreenControls, Property<Bool>>
    ) -> (TestViewModel, TestableObserver<Bool, Never>, Disposable) {
      let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
      viewModel.isFullscreen.value = true
      let observer = TestableObserver<Bool, Never>(scheduler: scheduler)
      let subscription = viewModel.fullscreenControls[keyPath: part].signal
        .subscribe(observer.observer)
      return (viewModel, observer, subscription)
    }

    @Test("the toolbar comes near the top edge and goes 2 s after the pointer leaves it")
    func toolbar() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()  // 100 ms ticks: 2 s is 20
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsToolbar)
        let controls = viewModel.fullscreenControls
        scheduler.schedule(at: 5) { controls.pointerMoved(to: .image) }
        scheduler.schedule(at: 10) { controls.pointerMoved(to: .top) }
        scheduler.schedule(at: 15) { controls.pointerMoved(to: .top) }
        scheduler.schedule(at: 40) { controls.pointerMoved(to: .image) }
        scheduler.schedule(at: 50) { controls.pointerMoved(to: .image) }  // no new delay
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(0, false), .next(10, true), .next(60, false)])
        #expect(!controls.showsStrip.value)
        subscription.dispose()
      }
    }

    @Test("resting on the toolbar keeps it, and the pointer")
    func restingOnTheToolbar() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsPointer)
        let controls = viewModel.fullscreenControls
        scheduler.schedule(at: 30) { controls.pointerMoved(to: .top) }
        scheduler.advance(to: 200)
        #expect(controls.showsToolbar.value)
        // Hidden 2 s after entering without motion; shown by the motion, and kept.
        #expect(observer.events == [.next(0, true), .next(20, false), .next(30, true)])
        subscription.dispose()
      }
    }

    @Test("the pointer hides after 2 s without motion over the image")
    func pointerHides() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsPointer)
        let controls = viewModel.fullscreenControls
        for tick in [10, 20, 30] {
          scheduler.schedule(at: tick) { controls.pointerMoved(to: .image) }
        }
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(0, true), .next(50, false)])
        subscription.dispose()
      }
    }

    @Test("the strip comes near the bottom edge and goes like the toolbar")
    func strip() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsStrip)
        let controls = viewModel.fullscreenControls
        scheduler.schedule(at: 10) { controls.pointerMoved(to: .bottom) }
        scheduler.schedule(at: 20) { controls.pointerMoved(to: .top) }
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(0, false), .next(10, true), .next(40, false)])
        #expect(controls.showsToolbar.value, "the pointer rests at the top")
        subscription.dispose()
      }
    }

    @Test("a menu open keeps everything; closed, the delay starts again")
    func menuHolds() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsToolbar)
        let controls = viewModel.fullscreenControls
        var menu: Disposable?
        scheduler.schedule(at: 10) { controls.pointerMoved(to: .top) }
        scheduler.schedule(at: 15) { menu = viewModel.menuOpened() }
        scheduler.schedule(at: 16) { controls.pointerMoved(to: .image) }
        scheduler.schedule(at: 80) { menu?.dispose() }
        scheduler.advance(to: 150)
        #expect(observer.events == [.next(0, false), .next(10, true), .next(100, false)])
        #expect(!controls.showsPointer.value)
        subscription.dispose()
      }
    }

    @Test("outside fullscreen nothing shows over the image and the pointer stays")
    func windowed() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let (viewModel, observer, subscription) = fullscreen(scheduler, \.showsToolbar)
        let controls = viewModel.fullscreenControls
        scheduler.schedule(at: 10) { controls.pointerMoved(to: .top) }
        scheduler.schedule(at: 12) { viewModel.isFullscreen.value = false }
        scheduler.schedule(at: 14) { controls.pointerMoved(to: .top) }
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(0, false), .next(10, true), .next(12, false)])
        #expect(controls.showsPointer.value)
        #expect(!scheduler.hasPendingActions)
        subscription.dispose()
      }
    }
  }
}
