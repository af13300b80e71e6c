// Zoom and slideshow: how the viewer shows the current image, and paging by a timer.
import Reactive

extension BrowserViewModel {
  /// Zooms in one step from the scale shown now (`fitScale` is the scale `.fit`
  /// currently draws at, which only the view knows).
  package func zoomIn(fitScale: Double = 1) {
    changeZoom { $0.zoomedIn(fitScale: fitScale) }
  }

  /// Zooms out one step; see `zoomIn(fitScale:)`.
  package func zoomOut(fitScale: Double = 1) {
    changeZoom { $0.zoomedOut(fitScale: fitScale) }
  }

  /// Multiplies the scale (Ctrl+wheel, pinch), clamped.
  package func zoom(by multiplier: Double, fitScale: Double = 1) {
    changeZoom { $0.zoomed(by: multiplier, fitScale: fitScale) }
  }

  /// Shows the image at 1:1.
  package func zoomToActualSize() {
    changeZoom { _ in .scale(1) }
  }

  /// Fits the image to the viewer.
  package func zoomToFit() {
    changeZoom { _ in .fit }
  }

  private func changeZoom(_ change: (Zoom) -> Zoom) {
    update { state in
      guard state.current != nil else { return }
      state.zoom = change(state.zoom)
    }
  }

  /// Starts the slideshow, or stops it if it runs.
  package func toggleSlideshow() {
    if state.value.isSlideshowRunning { stopSlideshow() } else { startSlideshow() }
  }

  /// Pages forward every `preferences.slideshowSeconds` on the main scheduler
  /// (`Signal.interval`), stopping on the last image. Started on the last image, it
  /// begins again from the first. Needs two images or more.
  package func startSlideshow() {
    let state = state.value
    guard !state.isSlideshowRunning, let position = state.index, state.items.count > 1 else {
      return
    }
    update { state in
      if position == state.items.count - 1 { state.index = 0 }
      state.isSlideshowRunning = true
    }
    startSlideshowTimer()
  }

  private func startSlideshowTimer() {
    slideshowTimer.inner = Signal.interval(preferences.slideshowPeriod, on: mainScheduler)
      .subscribe(next: { [weak self] _ in self?.advanceSlideshow() })
  }

  /// A new interval applies to a running slideshow at once: the current image shows
  /// for the new interval from now.
  func bindSlideshowPeriod() {
    preferences.slideshowSeconds.signal.distinctUntilChanged().skip(1)
      .subscribe(next: { [weak self] _ in
        guard let self, state.value.isSlideshowRunning else { return }
        startSlideshowTimer()
      })
      .disposed(by: bag)
  }

  /// Stops the slideshow; the current image stays.
  package func stopSlideshow() {
    update { $0.isSlideshowRunning = false }
  }

  private func advanceSlideshow() {
    update { state in
      guard state.isSlideshowRunning, let position = state.index,
        position < state.items.count - 1
      else {
        state.isSlideshowRunning = false
        return
      }
      state.index = position + 1
      if position + 1 == state.items.count - 1 { state.isSlideshowRunning = false }
    }
  }
}
