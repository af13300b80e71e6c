// Memory per live subscription: 100,000 sinks on one subject, measured as the growth of
// the heap (glibc's mallinfo2: small-block bytes in use plus mmapped blocks).
import MallocCounter
import OpenCombine
import Reactive

private func heapBytesInUse() -> Int { Int(mc_heap_bytes_in_use()) }

/// Bytes of heap per live subscription, for `count` subscriptions kept live at once.
/// The arrays that keep the subscriptions are reserved before the first reading.
enum MemoryPerSubscription {
  static func reactive(_ count: Int) -> Int {
    var kept: [Disposable] = []
    kept.reserveCapacity(count)
    let sink = Accumulator()
    let before = heapBytesInUse()
    let subject = PublishSubject<Int, Never>()
    for _ in 0..<count { kept.append(subject.signal.subscribe(next: { sink.total &+= $0 })) }
    let bytes = heapBytesInUse() - before
    subject.send(1)
    for subscription in kept { subscription.dispose() }
    return bytes / count
  }

  static func openCombine(_ count: Int) -> Int {
    var kept: [AnyCancellable] = []
    kept.reserveCapacity(count)
    let sink = Accumulator()
    let before = heapBytesInUse()
    let subject = PassthroughSubject<Int, Never>()
    for _ in 0..<count { kept.append(subject.sink { sink.total &+= $0 }) }
    let bytes = heapBytesInUse() - before
    subject.send(1)
    for subscription in kept { subscription.cancel() }
    return bytes / count
  }
}
