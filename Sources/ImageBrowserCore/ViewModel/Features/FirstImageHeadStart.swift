// Decoding a window's first image while the window is still being built.
import Foundation
import Reactive

/// Hears, on the listing's thread, which image an opening folder starts on.
package nonisolated protocol OpeningAnnouncements: AnyObject, Sendable {
  /// A new opening began (main thread): what an older one announced no longer counts.
  /// Returns the new opening's number, for `announce(_:opening:)`.
  func openingBegan() -> Int
  /// The opening numbered `opening` starts on `item` (any thread).
  func announce(_ item: ImageItem, opening: Int)
}

/// The first image of a window, decoded while the window is still being built.
///
/// At launch the main thread builds the window while a background thread lists the
/// folder. The listing's first image reaches the store only at the main loop's first turn
/// after the window is built, and the viewer's size only at its first layout, so its
/// decode could start only then. Told the size the window's first layout will give the
/// viewer (`expect(_:)`, before that layout) and the image the listing starts on
/// (`announce(_:opening:)`, from the listing's thread), whichever comes second starts
/// that decode at once, beside the window's construction.
///
/// The pipeline's first decode request takes it (`take(for:)`) if it asks for that
/// image at that size, and stops it otherwise: a size foretold wrong costs the decode it
/// started, and the image is decoded again for the viewer's real size, never shown
/// scaled from the wrong one. After that request no head start is made again:
/// the viewer has its size and the main loop runs, so decoding starts from the store.
nonisolated final class FirstImageHeadStart<Image>: OpeningAnnouncements, @unchecked Sendable {
  // @unchecked: the mutable state is in `state`, read and written only under `lock`;
  // `decode` is Sendable.

  /// A head start under way: what it decodes, its shared result, and what stops it.
  private struct Running {
    let request: DecodeRequest
    let connection: MulticastConnection<Image, ImageLoadError>
    let stop: SerialDisposable
  }

  private struct State {
    /// The number of the opening in flight.
    var opening = 0
    /// The size the viewer will have, once told.
    var box: PixelSize?
    /// The image the opening in flight starts on, once announced.
    var item: ImageItem?
    var running: Running?
    /// Whether the first decode request has come: no head start after it.
    var isOver = false
  }

  private let lock = NSLock()
  private var state = State()
  /// The decode of a request, delivered on the main scheduler.
  private let decode: @Sendable (DecodeRequest) -> Signal<Image, ImageLoadError>

  /// A head start that decodes with `decode` (which delivers on the main scheduler).
  init(decode: @escaping @Sendable (DecodeRequest) -> Signal<Image, ImageLoadError>) {
    self.decode = decode
  }

  func openingBegan() -> Int {
    let (number, stale) = withState { state -> (Int, SerialDisposable?) in
      state.opening += 1
      state.item = nil
      let stale = state.running?.stop
      state.running = nil
      return (state.opening, stale)
    }
    stale?.dispose()
    return number
  }

  func announce(_ item: ImageItem, opening: Int) {
    start { state in
      guard state.opening == opening else { return }
      state.item = item
    }
  }

  /// The viewer will be `box` large at the window's first layout (main thread, before
  /// it).
  func expect(_ box: PixelSize) {
    start { state in state.box = box }
  }

  /// The head start's image for `request`, the first decode request (main thread), when
  /// it was started for that request; otherwise `nil`, and a head start under way
  /// stops. Disposing the returned signal stops the decode if it is still running.
  func take(for request: DecodeRequest) -> Signal<Image, ImageLoadError>? {
    let running = withState { state -> Running? in
      guard !state.isOver else { return nil }
      state.isOver = true
      state.box = nil
      state.item = nil
      defer { state.running = nil }
      return state.running
    }
    guard let running else { return nil }
    guard running.request == request else {
      running.stop.dispose()
      return nil
    }
    let stop = running.stop
    return running.connection.signal.on(disposed: { stop.dispose() })
  }

  /// Runs `body` on the state, under the lock.
  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.withLock { body(&state) }
  }

  /// Applies `change`, then starts the decode if the size and the image are both known
  /// and nothing has started or ended it yet.
  private func start(_ change: (inout State) -> Void) {
    let running = withState { state -> Running? in
      guard !state.isOver else { return nil }
      change(&state)
      guard state.running == nil, let item = state.item, let box = state.box else { return nil }
      let request = DecodeRequest(item: item, box: box)
      let running = Running(
        request: request, connection: decode(request).replay(1), stop: SerialDisposable())
      state.running = running
      return running
    }
    // Connected outside the lock: subscribing schedules the decode. A stop that came
    // meanwhile has disposed `stop`, which then disposes the connection at once.
    guard let running else { return }
    running.stop.inner = running.connection.connect()
  }
}

extension ImagePipeline {
  /// The viewer will be `size` large at the window's first layout (told before it): a
  /// folder's first image is decoded for it as soon as the listing announces it, and
  /// the current image (a file opened by name) at once.
  func expectViewport(_ size: PixelSize) {
    foretoldViewport.value = size
    firstImage.expect(size)
  }
}
