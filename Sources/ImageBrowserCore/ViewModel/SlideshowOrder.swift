// Which image a slideshow shows next: in order or shuffled, stopping or looping at the end.
import Foundation

/// The order a slideshow pages in. In order, the next image follows the current one;
/// shuffled, it is a random image not shown yet in this round, so each image shows once
/// per round. After the last image (or the end of a round) the show is over, unless it
/// loops: then it starts again at the first image (or with a new random round whose
/// first image is not the one on screen).
///
/// Randomness comes from the generator passed in, so tests are deterministic.
package nonisolated struct SlideshowOrder {
  /// The images still to show in this shuffled round, the next one last; `nil` before
  /// a round began.
  private var remaining: [URL]?

  /// An order with no round begun.
  package init() {}

  /// Starts a shuffled round from `position`: every other image of `items`, once each,
  /// in a random order.
  package mutating func beginRound(
    at position: Int, in items: [ImageItem], using random: inout some RandomNumberGenerator
  ) {
    let current = items.indices.contains(position) ? items[position].id : nil
    remaining = items.map(\.id).filter { $0 != current }.shuffled(using: &random)
  }

  /// Counts the image `id` as shown in this round (the user paged to it), so the round
  /// does not show it again.
  package mutating func shown(_ id: URL) {
    if let index = remaining?.lastIndex(of: id) { remaining?.remove(at: index) }
  }

  /// Forgets the round (shuffling was switched off, the show stopped).
  package mutating func reset() {
    remaining = nil
  }

  /// The position in `items` to show after `position`, or `nil` when the show is over.
  package mutating func next(
    after position: Int, in items: [ImageItem], loops: Bool, shuffles: Bool,
    using random: inout some RandomNumberGenerator
  ) -> Int? {
    guard items.count > 1 else { return nil }
    guard shuffles else {
      remaining = nil
      if position + 1 < items.count { return position + 1 }
      return loops ? 0 : nil
    }
    if remaining == nil { beginRound(at: position, in: items, using: &random) }
    if let found = popListed(in: items, besides: position) { return found }
    guard loops else { return nil }
    // A new round of every image, the one on screen not first.
    var round = items.map(\.id).shuffled(using: &random)
    if items.indices.contains(position), round.last == items[position].id {
      round.swapAt(round.count - 1, Int.random(in: 0..<(round.count - 1), using: &random))
    }
    remaining = round
    return popListed(in: items, besides: position)
  }

  /// Takes the next image of the round that is still listed (files may have gone since
  /// the round began) and is not at `position`.
  private mutating func popListed(in items: [ImageItem], besides position: Int) -> Int? {
    while let id = remaining?.popLast() {
      if let index = items.firstIndex(where: { $0.id == id }), index != position { return index }
    }
    return nil
  }
}
