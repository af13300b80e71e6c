// A folder's files in batches, through GIO's asynchronous enumeration: a signal of
// batches, and an async sequence that reads one batch per iteration.
import CGtk
import Reactive

extension Reactive where Base: FileEnumerator {
  /// The enumerator's files in batches of up to `size` (`g_file_enumerator_next_files_async`):
  /// each batch on the main thread as GIO delivers it, the next asked for once it is
  /// sent; at the end the enumerator is closed and the signal completes. Disposing
  /// cancels the request in flight.
  ///
  /// An enumerator is a cursor: a later subscription continues where an earlier one
  /// stopped, and two at once fail with GIO's `pending` error.
  ///
  /// ```swift
  /// folder.rx.enumerateChildren("standard::name,standard::size", flags: [])
  ///   .flatMap(.concat) { $0.rx.batches(of: 200) }
  ///   .subscribe(next: { infos in model.add(infos) }, error: { show($0) })
  /// ```
  public func batches(of size: Int = 100, priority: Int = 0) -> Signal<[FileInfo], GLibError> {
    // Both cold: each subscription below starts a call of its own.
    let nextBatch = base.rx.nextFiles(max(size, 1), priority: priority)
    let close = base.rx.close(priority: priority)
    return Signal { observer in
      let current = SerialDisposable()
      // Each step subscribes the next request from the previous one's delivery, which
      // GIO makes from the main loop: no recursion on the stack.
      func request() {
        current.inner = nextBatch.subscribe(
          next: { batch in
            if batch.isEmpty {
              current.inner = close.subscribe(
                error: { observer.send(error: $0) }, completed: { observer.sendCompleted() })
            } else {
              observer.send(batch)
              request()
            }
          },
          error: { observer.send(error: $0) })
      }
      request()
      return current
    }
  }
}

extension FileEnumerator {
  /// The enumerator's files in batches of up to `size`, one batch read per iteration (none
  /// ahead of the loop): `for try await infos in enumerator.batches(of: 200) { … }`. The
  /// end of the folder closes the enumerator; leaving the loop early leaves it where it
  /// stopped. Cancelling the task cancels the read in flight.
  public func batches(of size: Int = 100, priority: Int = 0) -> FileInfoBatches {
    FileInfoBatches(enumerator: self, size: max(size, 1), priority: priority)
  }
}

/// A `FileEnumerator`'s files in batches, as an async sequence: see
/// `FileEnumerator.batches(of:priority:)`.
public struct FileInfoBatches: AsyncSequence {
  /// A batch of up to the requested number of files.
  public typealias Element = [FileInfo]
  /// GIO's error.
  public typealias Failure = GLibError

  let enumerator: FileEnumerator
  let size: Int
  let priority: Int

  /// An iterator over the batches (it shares the enumerator's position).
  public func makeAsyncIterator() -> Iterator {
    Iterator(enumerator: enumerator, size: size, priority: priority)
  }

  /// Reads the next batch when asked.
  public struct Iterator: AsyncIteratorProtocol {
    let enumerator: FileEnumerator
    let size: Int
    let priority: Int
    private var isFinished = false

    init(enumerator: FileEnumerator, size: Int, priority: Int) {
      self.enumerator = enumerator
      self.size = size
      self.priority = priority
    }

    /// The next batch, or `nil` once the folder is exhausted (the enumerator is then
    /// closed); throws GIO's error.
    public mutating func next() async throws(GLibError) -> [FileInfo]? {
      guard !isFinished else { return nil }
      let batch = try await enumerator.nextFiles(size, priority: priority)
      guard batch.isEmpty else { return batch }
      isFinished = true
      try await enumerator.close(priority: priority)
      return nil
    }
  }
}
