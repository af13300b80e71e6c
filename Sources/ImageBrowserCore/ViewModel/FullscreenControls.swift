// Fullscreen: the toolbar and the strip slide in when the pointer nears an edge, and go.
import Reactive

/// Where the pointer is over a fullscreen window.
package enum FullscreenZone: Sendable, Hashable {
  /// Near the top edge, or over the toolbar shown there.
  case top
  /// Over the image.
  case image
  /// Near the bottom edge, or over the thumbnail strip shown there.
  case bottom
}

/// What a fullscreen window shows besides the image: the toolbar at the top and the
/// thumbnail strip at the bottom appear when the pointer nears their edge, and go
/// `hideDelay` after it leaves; the pointer itself hides after `hideDelay` without
/// motion over the image. While a menu or popover is open (`isHeld`), everything stays.
/// Outside fullscreen the toolbar and strip are hidden (the window shows its own) and
/// the pointer shows.
///
/// The timers run on the given scheduler (the main loop in the app, a `TestScheduler`
/// in tests).
package final class FullscreenControls {
  /// Whether the fullscreen toolbar shows.
  package let showsToolbar: Property<Bool>
  /// Whether the thumbnail strip shows over the bottom of the image.
  package let showsStrip: Property<Bool>
  /// Whether the pointer shows.
  package let showsPointer: Property<Bool>

  private let toolbar = MutableProperty(false)
  private let strip = MutableProperty(false)
  private let pointer = MutableProperty(true)
  private let toolbarTimer = SerialDisposable()
  private let stripTimer = SerialDisposable()
  private let pointerTimer = SerialDisposable()
  private var zone = FullscreenZone.image
  private var isHeld = false
  /// The parts (`toolbar`, `strip`) whose hiding waits on its timer.
  private var hidingParts: Set<ObjectIdentifier> = []
  private let isFullscreen: Property<Bool>
  private let scheduler: Scheduler
  private let hideDelay: Duration
  private let bag = DisposeBag()

  /// Controls for a window whose fullscreen state is `isFullscreen`, held while
  /// `isHeld` is true, hiding after `hideDelay` on `scheduler`.
  package init(
    isFullscreen: Property<Bool>, isHeld: Property<Bool>, scheduler: Scheduler,
    hideDelay: Duration
  ) {
    self.isFullscreen = isFullscreen
    self.scheduler = scheduler
    self.hideDelay = hideDelay
    showsToolbar = Property(toolbar)
    showsStrip = Property(strip)
    showsPointer = Property(pointer)
    bag.insert(toolbarTimer)
    bag.insert(stripTimer)
    bag.insert(pointerTimer)
    isFullscreen.signal.distinctUntilChanged()
      .subscribe(next: { [weak self] fullscreen in self?.reset(fullscreen: fullscreen) })
      .disposed(by: bag)
    isHeld.signal.distinctUntilChanged()
      .subscribe(next: { [weak self] held in self?.hold(held) })
      .disposed(by: bag)
  }

  /// The pointer moved into `zone` (or within it): shows what that edge holds and the
  /// pointer, and starts the delays that hide the rest.
  package func pointerMoved(to zone: FullscreenZone) {
    guard isFullscreen.value else { return }
    self.zone = zone
    if !pointer.value { pointer.value = true }
    switch zone {
    case .top: show(toolbar, cancelling: toolbarTimer)
    case .bottom: show(strip, cancelling: stripTimer)
    case .image: break
    }
    scheduleHiding(restartingPointer: true)
  }

  private func show(_ part: MutableProperty<Bool>, cancelling timer: SerialDisposable) {
    cancelHiding(part, timer)
    if !part.value { part.value = true }
  }

  /// Hides, after the delay, each part the pointer is not over (a delay already
  /// running keeps its end), and the pointer when it rests over the image.
  private func scheduleHiding(restartingPointer: Bool) {
    guard !isHeld else { return }
    if zone != .top { hideLater(toolbar, with: toolbarTimer) }
    if zone != .bottom { hideLater(strip, with: stripTimer) }
    if restartingPointer {
      pointerTimer.inner = scheduler.schedule(after: hideDelay) { [weak self] in
        guard let self, !isHeld, zone == .image, isFullscreen.value else { return }
        pointer.value = false
      }
    }
  }

  /// Hides `part` after the delay, unless it is hidden or its hiding already waits.
  private func hideLater(_ part: MutableProperty<Bool>, with timer: SerialDisposable) {
    guard part.value, !hidingParts.contains(ObjectIdentifier(part)) else { return }
    hidingParts.insert(ObjectIdentifier(part))
    timer.inner = scheduler.schedule(after: hideDelay) { [weak self, weak part] in
      guard let self, let part else { return }
      hidingParts.remove(ObjectIdentifier(part))
      part.value = false
    }
  }

  /// Stops the hiding of `part` that waits, if any.
  private func cancelHiding(_ part: MutableProperty<Bool>, _ timer: SerialDisposable) {
    hidingParts.remove(ObjectIdentifier(part))
    timer.inner = nil
  }

  private func hold(_ held: Bool) {
    isHeld = held
    if held {
      cancelAll()
      if !pointer.value { pointer.value = true }
    } else if isFullscreen.value {
      scheduleHiding(restartingPointer: true)
    }
  }

  private func cancelAll() {
    cancelHiding(toolbar, toolbarTimer)
    cancelHiding(strip, stripTimer)
    pointerTimer.inner = nil
  }

  private func reset(fullscreen: Bool) {
    cancelAll()
    zone = .image
    if toolbar.value { toolbar.value = false }
    if strip.value { strip.value = false }
    if !pointer.value { pointer.value = true }
    // Entering, the pointer goes after the delay unless it moves.
    if fullscreen { scheduleHiding(restartingPointer: true) }
  }
}
