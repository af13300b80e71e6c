// The slideshow: fullscreen paging by interval, looping or shuffled, pausing for the user.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Slideshow")
  @MainActor
  struct SlideshowTests {
    @Test("pages every 3 s (30 ticks) in fullscreen, and stops an interval after the last")
    func ticksAndStopsAtTheEnd() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(4), selected: 1, scheduler: scheduler)
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        let fullscreen = TestableObserver<Bool, Never>(scheduler: scheduler)
        let fullscreenSubscription = viewModel.isFullscreen.changes.subscribe(fullscreen.observer)
        scheduler.schedule(at: 10) { viewModel.startSlideshow() }
        scheduler.advance(to: 200)
        #expect(observer.events == [.next(40, 2), .next(70, 3)])
        #expect(!viewModel.isSlideshowRunning.value)
        // The last image shows for a whole interval too; then the fullscreen the
        // slideshow entered is left.
        #expect(fullscreen.events == [.next(10, true), .next(100, false)])
        #expect(!scheduler.hasPendingActions)  // the timer is gone
        subscription.dispose()
        fullscreenSubscription.dispose()
      }
    }

    @Test("stopping keeps the current image and ends the timer")
    func stop() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(5), scheduler: scheduler)
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.toggleSlideshow()
        scheduler.schedule(at: 45) { viewModel.toggleSlideshow() }
        scheduler.advance(to: 200)
        #expect(observer.events == [.next(30, 1)])
        #expect(viewModel.index.value == 1)
        #expect(!viewModel.isSlideshowRunning.value)
        #expect(!scheduler.hasPendingActions)
        subscription.dispose()
      }
    }

    @Test("started on the last image, it begins again from the first")
    func restartsFromFirst() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), selected: 2, scheduler: scheduler)
        viewModel.startSlideshow()
        #expect(viewModel.index.value == 0)
        scheduler.advance(to: 30)
        #expect(viewModel.index.value == 1)
        viewModel.stopSlideshow()
      }
    }

    @Test("fewer than two images: it does not start")
    func needsTwoImages() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["one.jpg"], scheduler: scheduler)
        viewModel.startSlideshow()
        #expect(!viewModel.isSlideshowRunning.value)
        scheduler.advance(to: 100)
        #expect(!scheduler.hasPendingActions)  // no timer
      }
    }

    @Test("the user paging meanwhile: the interval starts again from the new image")
    func userPagesDuringSlideshow() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(6), scheduler: scheduler)
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.startSlideshow()
        scheduler.schedule(at: 40) { viewModel.select(index: 3) }
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(30, 1), .next(40, 3), .next(70, 4), .next(100, 5)])
        viewModel.stopSlideshow()
        subscription.dispose()
      }
    }

    @Test("looping, it starts again at the first image after the last")
    func loops() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(
          numbered(3), scheduler: scheduler, settings: Settings(slideshowLoops: true))
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.startSlideshow()
        scheduler.advance(to: 130)
        #expect(
          observer.events == [.next(30, 1), .next(60, 2), .next(90, 0), .next(120, 1)])
        #expect(viewModel.isSlideshowRunning.value)
        viewModel.stopSlideshow()
        subscription.dispose()
      }
    }

    /// The positions a shuffled slideshow of `count` images shows in its first `ticks`
    /// intervals, from the first image, with the generator seeded `seed`.
    private func shuffledShow(
      _ schedulers: TestSchedulers, count: Int, ticks: Int, loops: Bool, seed: UInt64 = 1,
      userPicks: (at: Int, index: Int)? = nil
    ) -> (shown: [Int], running: Bool) {
      let scheduler = schedulers.make()
      let viewModel = makeViewModel(
        numbered(count), scheduler: scheduler,
        settings: Settings(slideshowLoops: loops, slideshowShuffles: true),
        random: SeededRandom(seed: seed))
      var shown: [Int] = []
      let subscription = viewModel.indexChanges.subscribe(next: { shown.append($0 ?? -1) })
      viewModel.startSlideshow()
      if let userPicks {
        scheduler.schedule(at: userPicks.at) { viewModel.select(index: userPicks.index) }
      }
      scheduler.advance(to: ticks * 30 + (userPicks?.at ?? 0) + 1)
      let running = viewModel.isSlideshowRunning.value
      viewModel.stopSlideshow()
      subscription.dispose()
      return (shown, running)
    }

    @Test("shuffled, each other image shows once in a random order, then it stops")
    func shuffles() {
      expectNoLeaks { schedulers in
        let (shown, running) = shuffledShow(schedulers, count: 6, ticks: 6, loops: false)
        #expect(shown.count == 5)
        #expect(Set(shown) == [1, 2, 3, 4, 5], "every other image, none twice: \(shown)")
        #expect(shown != [1, 2, 3, 4, 5], "not in order")
        #expect(!running, "over once every image showed")
        let (again, _) = shuffledShow(schedulers, count: 6, ticks: 6, loops: false)
        #expect(again == shown, "the same generator gives the same order")
        let (other, _) = shuffledShow(schedulers, count: 6, ticks: 6, loops: false, seed: 7)
        #expect(other != shown, "another seed, another order")
      }
    }

    @Test("shuffled and looping, every round is a new order of every image")
    func shufflesRounds() {
      expectNoLeaks { schedulers in
        let (shown, running) = shuffledShow(schedulers, count: 4, ticks: 11, loops: true)
        #expect(running)
        #expect(Set(shown[0..<3]) == [1, 2, 3], "round 1: the others (\(shown))")
        #expect(Set(shown[3..<7]) == [0, 1, 2, 3], "round 2: every image")
        #expect(Set(shown[7..<11]) == [0, 1, 2, 3], "round 3: every image")
        #expect(shown[3..<7] != shown[7..<11], "a new order each round")
        for (before, after) in zip([0] + shown, shown) {
          #expect(before != after, "never the same image twice in a row: \(shown)")
        }
      }
    }

    @Test("shuffled, an image the user paged to does not show again in the round")
    func shuffledSkipsWhatTheUserSaw() {
      expectNoLeaks { schedulers in
        let (shown, running) = shuffledShow(
          schedulers, count: 5, ticks: 4, loops: false, userPicks: (at: 10, index: 2))
        #expect(shown.first == 2)
        #expect(Set(shown.dropFirst()) == [1, 3, 4], "\(shown)")
        #expect(shown.count == 4)
        #expect(!running)
      }
    }

    @Test("a menu open pauses it; closed, the image shows a whole interval again")
    func menuPauses() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(4), scheduler: scheduler)
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.startSlideshow()
        var menu: Disposable?
        var popover: Disposable?
        scheduler.schedule(at: 20) { menu = viewModel.menuOpened() }
        scheduler.schedule(at: 50) { popover = viewModel.menuOpened() }
        scheduler.schedule(at: 60) { menu?.dispose() }
        scheduler.schedule(at: 70) {
          #expect(viewModel.isSlideshowPaused, "one is still open")
          popover?.dispose()
          popover?.dispose()  // twice: counted once
        }
        scheduler.advance(to: 130)
        #expect(observer.events == [.next(100, 1), .next(130, 2)])
        #expect(!viewModel.isSlideshowPaused)
        #expect(viewModel.isSlideshowRunning.value, "paused, never stopped")
        viewModel.stopSlideshow()
        subscription.dispose()
      }
    }

    @Test("stopping leaves the fullscreen it entered, not one the user chose")
    func fullscreenBelongsToWhoEnteredIt() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(4), scheduler: scheduler)
        viewModel.startSlideshow()
        #expect(viewModel.isFullscreen.value)
        viewModel.stopSlideshow()
        #expect(!viewModel.isFullscreen.value)
        viewModel.isFullscreen.value = true
        viewModel.startSlideshow()
        viewModel.stopSlideshow()
        #expect(viewModel.isFullscreen.value, "the user's fullscreen stays")
        viewModel.isFullscreen.value = false
        viewModel.startSlideshow()
        viewModel.isFullscreen.value = false
        #expect(!viewModel.isSlideshowRunning.value, "leaving fullscreen stops it")
        let index = viewModel.index.value
        scheduler.advance(by: 100)
        #expect(viewModel.index.value == index, "no timer left")
      }
    }

    @Test("opening another folder stops it")
    func openingStops() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(6), scheduler: scheduler)
        viewModel.startSlideshow()
        viewModel.show(Listing(folder: photos, items: items(numbered(3)), selectedIndex: 0))
        #expect(!viewModel.isSlideshowRunning.value)
        scheduler.advance(to: 100)
        #expect(viewModel.index.value == 0)
        #expect(!scheduler.hasPendingActions)
      }
    }
  }
}

extension ImageBrowserCoreTests {
  @Suite("Slideshow switch")
  @MainActor
  struct SlideshowSwitchTests {
    @Test("the switch starts and stops the slideshow, follows it, and springs back when refused")
    func switchFollows() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["a.jpg", "b.jpg"], scheduler: scheduler)
        let slideshow = viewModel.commands.slideshow
        slideshow.value = true
        #expect(viewModel.isSlideshowRunning.value)
        scheduler.advance(by: 30)
        #expect(viewModel.index.value == 1)
        scheduler.advance(by: 30)
        #expect(!viewModel.isSlideshowRunning.value, "it stops after the last image")
        #expect(!slideshow.value, "the switch follows")
        let single = makeViewModel(["a.jpg"], scheduler: scheduler)
        single.commands.slideshow.value = true
        #expect(!single.isSlideshowRunning.value)
        #expect(!single.commands.slideshow.value, "a refused start springs back")
      }
    }
  }
}
