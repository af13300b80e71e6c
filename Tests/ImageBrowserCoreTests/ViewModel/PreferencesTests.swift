// View preferences: loaded from the settings, saved on change, and the slideshow follows its interval.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("View preferences")
  @MainActor
  struct PreferencesTests {
    @Test("each choice comes from the settings and is saved when it changes")
    func remembered() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let settings = InMemorySettings(
          Settings(
            showsStrip: false, viewerBackground: .checkerboard, slideshowSeconds: 7,
            slideshowShuffles: true))
        let viewModel = TestViewModel(
          images: FakeDecoder(), thumbnails: FakeDecoder(), settings: settings, main: scheduler,
          background: scheduler)
        let preferences = viewModel.preferences
        #expect(!preferences.showsStrip.value)
        #expect(!preferences.showsProperties.value)
        #expect(preferences.viewerBackground.value == .checkerboard)
        #expect(preferences.slideshowSeconds.value == 7)
        #expect(!preferences.slideshowLoops.value)
        #expect(preferences.slideshowShuffles.value)
        preferences.slideshowLoops.value = true
        preferences.slideshowShuffles.value = false
        preferences.showsStrip.value = true
        preferences.showsProperties.value = true
        preferences.viewerBackground.value = .color(RGBColor(red: 255, green: 255, blue: 255))
        preferences.slideshowSeconds.value = 10
        #expect(
          settings.load()
            == Settings(
              showsProperties: true, showsStrip: true,
              viewerBackground: .color(RGBColor(hex: "#ffffff")!), slideshowSeconds: 10,
              slideshowLoops: true, slideshowShuffles: false))
        viewModel.sort(by: .size)
        #expect(settings.load().slideshowSeconds == 10, "saving one choice keeps the others")
        preferences.slideshowSeconds.value = 0
        #expect(preferences.slideshowSeconds.value == 1, "clamped to at least a second")
        #expect(settings.load().slideshowSeconds == 1)
      }
    }

    @Test("the slideshow pages at the chosen interval, and takes a new one at once")
    func slideshowInterval() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()  // 100 ms ticks
        let viewModel = makeViewModel(numbered(6), scheduler: scheduler)
        viewModel.preferences.slideshowSeconds.value = 2
        let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = viewModel.indexChanges.subscribe(observer.observer)
        viewModel.startSlideshow()
        scheduler.advance(to: 25)
        viewModel.preferences.slideshowSeconds.value = 5
        scheduler.advance(to: 100)
        #expect(observer.events == [.next(20, 1), .next(75, 2)])
        viewModel.stopSlideshow()
        subscription.dispose()
      }
    }
  }
}
