// `concat`: signals one after another, each subscribed when the previous completes.
extension Signal {
  /// Sends the values of `self`, then, once it has completed, those of `other`.
  ///
  /// Fails on the first failure; `other` is not subscribed before `self` completes.
  ///
  /// Concats of concats are flattened, whichever way they nest: `a.concat(b).concat(c)`
  /// and `a.concat(b.concat(c))` both run `a`, `b`, `c` from one loop, so a chain built
  /// 100,000 deep subscribes, delivers and is released in constant stack, and each
  /// value passes through one operator whatever the depth.
  public func concat(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal(concatenating: ConcatNode(self, other))
  }

  /// Sends the values of every signal in `signals`, one signal after another: each is
  /// subscribed when the previous one has completed. Completes after the last one (at
  /// once if there are none); fails on the first failure.
  ///
  /// Synchronous signals do not nest: the next one is subscribed from a loop, not from
  /// the previous one's completion, so 100,000 `just` signals use constant stack.
  public static func concat<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    Signal<Signal<Value, Failure>, Failure>.from(signals).flatten(.concat)
  }
}

/// The two halves of a `concat(_:)`; either may itself be a concat.
///
/// A chain of concats is a binary tree as deep as the chain. Everything that walks it
/// does so with an explicit stack rather than by recursion: starting (the leaves, in
/// order, feed one `flatten(.concat)`) and releasing (`deinit` takes apart the subtrees
/// it owns alone before they are freed).
@usableFromInline
final class ConcatNode<Value, Failure: Error> {
  private var first: Signal<Value, Failure>?
  private var second: Signal<Value, Failure>?

  @usableFromInline let liveObject = LiveObjects.track()

  init(_ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>) {
    self.first = first
    self.second = second
  }

  deinit {
    var pending: [Signal<Value, Failure>] = []
    if let first { pending.append(first) }
    if let second { pending.append(second) }
    first = nil
    second = nil
    while var signal = pending.popLast() {
      guard var node = signal.concatenation?.takeUnretainedValue() else { continue }
      // Drop the signal (its start closure owns the node), so that `node` is the last
      // reference if nobody else shares this subtree; then take its halves before it
      // is freed, childless.
      signal = .never()
      if isKnownUniquelyReferenced(&node) {
        if let first = node.first { pending.append(first) }
        if let second = node.second { pending.append(second) }
        node.first = nil
        node.second = nil
      }
    }
    LiveObjects.untrack(liveObject)
  }

  /// Runs the leaves of this tree one after another, as `Signal.concat(_:)` does.
  ///
  /// The sequence runs no user code between two signals, so the sink may defer each
  /// start until the next one arrives, and so knows which is the last: that one gets
  /// the downstream itself (see `FlattenSink.startHandedOver`).
  func start(_ observer: Observer<Value, Failure>, _ lifetime: Lifetime) -> Disposable {
    FlattenSink.start(
      Signal<Signal<Value, Failure>, Failure>.from(Leaves(self)), .concat,
      { (signal: Signal<Value, Failure>) throws(Failure) in signal }, observer, lifetime,
      outerIsUserCode: false)
  }

  /// The signals of the tree that are not concats themselves, left to right.
  struct Leaves: Sequence, IteratorProtocol {
    /// The nodes on the path to the next leaf, each with whether its first half is done.
    private var path: [(node: ConcatNode, firstDone: Bool)]

    init(_ root: ConcatNode) { path = [(root, false)] }

    mutating func next() -> Signal<Value, Failure>? {
      while let (node, firstDone) = path.popLast() {
        let half: Signal<Value, Failure>?
        if firstDone {
          half = node.second
        } else {
          path.append((node, true))
          half = node.first
        }
        guard let half else { continue }
        if let inner = half.concatenation {
          path.append((inner.takeUnretainedValue(), false))
        } else {
          return half
        }
      }
      return nil
    }
  }
}
