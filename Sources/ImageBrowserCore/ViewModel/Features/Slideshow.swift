// The slideshow: fullscreen paging by a timer, in order or shuffled, pausing for the user.
import Foundation
import Reactive

/// What a running slideshow remembers between its ticks.
package final class SlideshowSession {
  /// Which image comes next.
  var order = SlideshowOrder()
  /// Whether the slideshow made the window fullscreen (and so leaves it when it stops).
  var enteredFullscreen = false
  /// Set while the slideshow itself pages, to tell its own paging from the user's.
  var isAdvancing = false
  /// Where shuffled orders come from.
  var random: any RandomNumberGenerator

  init(random: any RandomNumberGenerator) {
    self.random = random
  }
}

extension BrowserViewModel {
  /// Whether the slideshow waits: it runs, but a menu or popover is open
  /// (`menuOpened()`), so no image changes under it.
  package var isSlideshowPaused: Bool {
    state.value.isSlideshowRunning && openMenus.value > 0
  }

  /// Starts the slideshow, or stops it if it runs.
  package func toggleSlideshow() {
    if state.value.isSlideshowRunning { stopSlideshow() } else { startSlideshow() }
  }

  /// Starts the slideshow: fullscreen (entered for it, and left when it stops), paging
  /// every `preferences.slideshowSeconds` on the main scheduler, in order or shuffled
  /// (`preferences.slideshowShuffles`), and after the last image stopping or starting
  /// over (`preferences.slideshowLoops`). Started in order on the last image, it begins
  /// from the first. Needs two images or more.
  package func startSlideshow() {
    let state = state.value
    guard !state.isSlideshowRunning, let position = state.index, state.items.count > 1 else {
      return
    }
    let shuffles = preferences.slideshowShuffles.value
    slideshowSession.order.reset()
    advancing {
      update { state in
        if !shuffles, position == state.items.count - 1 { state.index = 0 }
        state.isSlideshowRunning = true
      }
    }
    if shuffles, let start = self.state.value.index {
      slideshowSession.order.beginRound(
        at: start, in: self.state.value.items, using: &slideshowSession.random)
    }
    if !isFullscreen.value {
      slideshowSession.enteredFullscreen = true
      isFullscreen.value = true
    }
    startSlideshowTimer()
  }

  /// Stops the slideshow; the current image stays. Leaves fullscreen if the slideshow
  /// entered it.
  package func stopSlideshow() {
    update { $0.isSlideshowRunning = false }
  }

  /// A menu or popover opened over the window: the slideshow pauses and the fullscreen
  /// controls stay shown until the returned disposable is disposed (the menu closed);
  /// then the current image shows for a whole interval again.
  package func menuOpened() -> Disposable {
    openMenus.value += 1
    return AnyDisposable { [weak self] in self?.openMenus.value -= 1 }
  }

  /// (Re)starts the interval from now, unless the slideshow is stopped or paused.
  private func startSlideshowTimer() {
    guard state.value.isSlideshowRunning, openMenus.value == 0 else {
      slideshowTimer.inner = nil
      return
    }
    slideshowTimer.inner = Signal.interval(preferences.slideshowPeriod, on: mainScheduler)
      .subscribe(next: { [weak self] _ in self?.advanceSlideshow() })
  }

  /// Runs `body` as the slideshow's own paging.
  private func advancing(_ body: () -> Void) {
    slideshowSession.isAdvancing = true
    defer { slideshowSession.isAdvancing = false }
    body()
  }

  /// What the slideshow follows: a new interval applies at once (the current image
  /// shows for the new interval from now); the user paging restarts the interval from
  /// the new image; a menu pauses it; leaving fullscreen stops it, and stopping leaves
  /// the fullscreen it entered.
  func bindSlideshow() {
    preferences.slideshowSeconds.signal.distinctUntilChanged().skip(1)
      .subscribe(next: { [weak self] _ in self?.startSlideshowTimer() })
      .disposed(by: bag)
    preferences.slideshowShuffles.changes
      .subscribe(next: { [weak self] shuffles in
        guard let self, !shuffles else { return }
        slideshowSession.order.reset()
      })
      .disposed(by: bag)
    index.changes
      .subscribe(next: { [weak self] _ in
        guard let self, state.value.isSlideshowRunning, !slideshowSession.isAdvancing else {
          return
        }
        if let current = state.value.current { slideshowSession.order.shown(current.id) }
        startSlideshowTimer()
      })
      .disposed(by: bag)
    openMenus.signal.map { $0 > 0 }.distinctUntilChanged().skip(1)
      .subscribe(next: { [weak self] _ in self?.startSlideshowTimer() })
      .disposed(by: bag)
    isSlideshowRunning.changes.filter { !$0 }
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        slideshowSession.order.reset()
        if slideshowSession.enteredFullscreen {
          slideshowSession.enteredFullscreen = false
          if isFullscreen.value { isFullscreen.value = false }
        }
      })
      .disposed(by: bag)
    isFullscreen.changes.filter { !$0 }
      .subscribe(next: { [weak self] _ in self?.stopSlideshow() })
      .disposed(by: bag)
  }

  private func advanceSlideshow() {
    let state = state.value
    guard state.isSlideshowRunning, let position = state.index,
      let next = slideshowSession.order.next(
        after: position, in: state.items, loops: preferences.slideshowLoops.value,
        shuffles: preferences.slideshowShuffles.value, using: &slideshowSession.random)
    else {
      stopSlideshow()
      return
    }
    advancing { update { $0.index = next } }
  }
}
