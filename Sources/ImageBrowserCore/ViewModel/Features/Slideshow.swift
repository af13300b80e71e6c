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

/// The slideshow: fullscreen paging on a timer. It owns its timer and its order, reads
/// the preferences and the window's presentation, and pages only through the store.
package final class Slideshow {
  let store: BrowserStore
  let preferences: ViewPreferences
  let window: WindowMode
  let mainScheduler: Scheduler
  /// The slideshow's timer while it runs.
  let slideshowTimer = SerialDisposable()
  /// The running slideshow's order and what it entered.
  let slideshowSession: SlideshowSession
  /// The slideshow's subscriptions, ended when it is deinitialized.
  let bag = DisposeBag()

  /// A stopped slideshow paging `store` every `preferences.slideshowPeriod` on `main`,
  /// shuffling with `random`.
  init(
    store: BrowserStore, preferences: ViewPreferences, window: WindowMode, main: Scheduler,
    random: any RandomNumberGenerator
  ) {
    self.store = store
    self.preferences = preferences
    self.window = window
    mainScheduler = main
    slideshowSession = SlideshowSession(random: random)
    bag.insert(slideshowTimer)
    bindSlideshow()
  }

  /// Whether the slideshow waits: it runs, but a menu or popover is open
  /// (`menuOpened()`), so no image changes under it.
  package var isSlideshowPaused: Bool {
    store.state.value.isSlideshowRunning && window.openMenus.value > 0
  }

  /// Starts the slideshow, or stops it if it runs.
  package func toggleSlideshow() {
    if store.state.value.isSlideshowRunning { stopSlideshow() } else { startSlideshow() }
  }

  /// Starts the slideshow: fullscreen (entered for it, and left when it stops), paging
  /// every `preferences.slideshowSeconds` on the main scheduler, in order or shuffled
  /// (`preferences.slideshowShuffles`), and after the last image stopping or starting
  /// over (`preferences.slideshowLoops`). Started in order on the last image, it begins
  /// from the first. Needs two images or more.
  package func startSlideshow() {
    let state = store.state.value
    guard !state.isSlideshowRunning, let position = state.index, state.items.count > 1 else {
      return
    }
    let shuffles = preferences.slideshowShuffles.value
    slideshowSession.order.reset()
    advancing {
      store.update { state in
        if !shuffles, position == state.items.count - 1 { state.index = 0 }
        state.isSlideshowRunning = true
      }
    }
    if shuffles, let start = self.store.state.value.index {
      slideshowSession.order.beginRound(
        at: start, in: self.store.state.value.items, using: &slideshowSession.random)
    }
    if !window.isFullscreen.value {
      slideshowSession.enteredFullscreen = true
      window.isFullscreen.value = true
    }
    startSlideshowTimer()
  }

  /// Stops the slideshow; the current image stays. Leaves fullscreen if the slideshow
  /// entered it.
  package func stopSlideshow() {
    store.update { $0.isSlideshowRunning = false }
  }

  /// (Re)starts the interval from now, unless the slideshow is stopped or paused.
  private func startSlideshowTimer() {
    guard store.state.value.isSlideshowRunning, window.openMenus.value == 0 else {
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
  private func bindSlideshow() {
    preferences.slideshowSeconds.signal.distinctUntilChanged().skip(1)
      .subscribe(next: { [weak self] _ in self?.startSlideshowTimer() })
      .disposed(by: bag)
    preferences.slideshowShuffles.changes
      .subscribe(next: { [weak self] shuffles in
        guard let self, !shuffles else { return }
        slideshowSession.order.reset()
      })
      .disposed(by: bag)
    store.index.changes
      .subscribe(next: { [weak self] _ in
        guard let self, store.state.value.isSlideshowRunning, !slideshowSession.isAdvancing else {
          return
        }
        if let current = store.state.value.current { slideshowSession.order.shown(current.id) }
        startSlideshowTimer()
      })
      .disposed(by: bag)
    window.openMenus.signal.map { $0 > 0 }.distinctUntilChanged().skip(1)
      .subscribe(next: { [weak self] _ in self?.startSlideshowTimer() })
      .disposed(by: bag)
    store.isSlideshowRunning.changes.filter { !$0 }
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        // However it stopped (by the user, by the end of the show, or by the list
        // shrinking below two images), its timer stops with it.
        slideshowTimer.inner = nil
        slideshowSession.order.reset()
        if slideshowSession.enteredFullscreen {
          slideshowSession.enteredFullscreen = false
          if window.isFullscreen.value { window.isFullscreen.value = false }
        }
      })
      .disposed(by: bag)
    window.isFullscreen.changes.filter { !$0 }
      .subscribe(next: { [weak self] _ in self?.stopSlideshow() })
      .disposed(by: bag)
  }

  private func advanceSlideshow() {
    let state = store.state.value
    guard state.isSlideshowRunning, let position = state.index,
      let next = slideshowSession.order.next(
        after: position, in: state.items, loops: preferences.slideshowLoops.value,
        shuffles: preferences.slideshowShuffles.value, using: &slideshowSession.random)
    else {
      stopSlideshow()
      return
    }
    advancing { store.update { $0.index = next } }
  }
}
