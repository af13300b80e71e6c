// The slideshow: an interval-driven index that stops at the end or when told to.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

extension ImageBrowserTests {
  @Suite("Slideshow")
  @MainActor
  struct SlideshowTests {
    @Test("pages every 3 s (30 ticks) and stops on the last image")
    func ticksAndStopsAtTheEnd() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(4), selected: 1, scheduler: scheduler)
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.startSlideshow()
        #expect(viewModel.isSlideshowRunning.value)
        scheduler.advance(to: 200)
        #expect(observer.events == [.next(30, 2), .next(60, 3)])
        #expect(!viewModel.isSlideshowRunning.value)
        #expect(!scheduler.hasPendingActions)  // the timer is gone
        subscription.dispose()
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

    @Test("the user paging meanwhile: the slideshow goes on from there")
    func userPagesDuringSlideshow() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(6), scheduler: scheduler)
        viewModel.startSlideshow()
        scheduler.schedule(at: 40) { viewModel.select(index: 3) }
        scheduler.advance(to: 60)
        #expect(viewModel.index.value == 4)
        viewModel.stopSlideshow()
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

extension ImageBrowserTests {
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
        #expect(!viewModel.isSlideshowRunning.value, "it stops on the last image")
        #expect(!slideshow.value, "the switch follows")
        let single = makeViewModel(["a.jpg"], scheduler: scheduler)
        single.commands.slideshow.value = true
        #expect(!single.isSlideshowRunning.value)
        #expect(!single.commands.slideshow.value, "a refused start springs back")
      }
    }
  }
}
