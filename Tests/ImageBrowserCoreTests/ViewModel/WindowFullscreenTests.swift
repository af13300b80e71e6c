// The window's own fullscreen changes (a window manager's key) fed to the view model,
// and the app's requests to the window, without either echoing the other.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Window fullscreen")
  @MainActor
  struct WindowFullscreenTests {
    @Test("the app's changes go to the window; the window's own come back without echo")
    func requestsAndReports() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        var requests: [Bool] = []
        let subscription = viewModel.windowFullscreen.requests
          .subscribe(next: { requests.append($0) })
        viewModel.isFullscreen.value = true  // F11
        #expect(requests == [true])
        viewModel.windowFullscreen.windowChanged(isFullscreen: true)  // the WM did it
        #expect(requests == [true])
        viewModel.windowFullscreen.windowChanged(isFullscreen: false)  // the WM's own key
        #expect(!viewModel.isFullscreen.value, "the layout leaves fullscreen")
        #expect(requests == [true], "the window is not asked to leave again")
        viewModel.isFullscreen.value = true
        #expect(requests == [true, true], "F11 asks again")
        subscription.dispose()
      }
    }

    @Test("two quick changes settle on the window's last report, without bouncing")
    func quickTogglesSettle() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        var requests: [Bool] = []
        let subscription = viewModel.windowFullscreen.requests
          .subscribe(next: { requests.append($0) })
        viewModel.isFullscreen.value = true
        viewModel.isFullscreen.value = false
        // The window manager reports both, late.
        viewModel.windowFullscreen.windowChanged(isFullscreen: true)
        viewModel.windowFullscreen.windowChanged(isFullscreen: false)
        #expect(requests == [true, false])
        #expect(!viewModel.isFullscreen.value)
        subscription.dispose()
      }
    }

    @Test("a window manager leaving fullscreen ends the slideshow")
    func leavingEndsTheSlideshow() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        viewModel.startSlideshow()
        #expect(viewModel.isFullscreen.value)
        viewModel.windowFullscreen.windowChanged(isFullscreen: false)
        #expect(!viewModel.isSlideshowRunning.value)
        let shown = viewModel.index.value
        scheduler.advance(to: 200)
        #expect(viewModel.index.value == shown, "no paging after it ended")
      }
    }
  }
}
