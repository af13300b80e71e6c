import Reactive
import ReactiveTesting
import Synchronization
import Testing

/// Leak checks while other tests allocate: a root suite of its own, not serialized, so
/// that its test cases run in parallel with each other and with every other suite of
/// the process, each making and releasing thousands of library objects while it checks
/// its own count. A leak check that read one process-wide count would see the others'
/// objects come and go; each of these sees its own only.
@Suite("Leak checks beside parallel allocation")
struct ParallelLeakCheckTests {
  @Test("each of eight parallel churners counts exactly its own objects", arguments: 0..<8)
  func churn(_ index: Int) {
    expectNoLeaks {
      let subject = PublishSubject<Int, Never>()
      let baseline = LiveObjectCount.current
      var total = 0
      for round in 0..<400 {
        do {
          var subscriptions: [Disposable] = []
          for _ in 0..<250 {
            subscriptions.append(
              subject.signal.map { $0 + 1 }.filter { $0 > 0 }.subscribe(next: { total += $0 }))
          }
          if LiveObjectCount.isTracing {
            // A guard and a subject slot at least per live subscription.
            #expect(LiveObjectCount.current >= baseline + 2 * 250)
          }
          subject.send(round)
          for subscription in subscriptions { subscription.dispose() }
        }
        #expect(LiveObjectCount.current == baseline, "round \(round) of churner \(index)")
      }
      #expect(total == 250 * (1...400).reduce(0, +))
    }
  }

  @Test("objects made on other threads count in the scope of the test that made them")
  func threads() {
    expectNoLeaks {
      let received = Atomic<Int>(0)
      let counted = Atomic<Int>(0)
      runOnThreads(4) { _ in
        let subject = PublishSubject<Int, Never>()
        for _ in 0..<2_000 {
          let subscription = subject.signal.subscribe(next: { received.add($0, ordering: .relaxed) }
          )
          // This thread's subject and subscription are live, and counted in the test's
          // scope (`runOnThreads` carries it to the threads).
          if LiveObjectCount.current >= 2 { counted.add(1, ordering: .relaxed) }
          subject.send(1)
          subscription.dispose()
        }
      }
      #expect(received.load(ordering: .relaxed) == 4 * 2_000)
      if LiveObjectCount.isTracing { #expect(counted.load(ordering: .relaxed) == 4 * 2_000) }
    }
  }

  @Test("a leak shows in the scope that made it, and only there")
  func leakIsSeen() {
    let subject = PublishSubject<Int, Never>()
    let scope = LiveObjectScope()
    var kept: Disposable?
    LiveObjects.withScope(scope) { kept = subject.signal.subscribe(next: { _ in }) }
    if LiveObjectCount.isTracing {
      #expect(scope.count > 0, "the subscription kept alive is counted where it was made")
    }
    let beside = LiveObjectCount.leaks { subject.send(1) }
    #expect(beside == 0, "another scope does not see it")
    kept?.dispose()
    kept = nil
    #expect(scope.count == 0, "released, it leaves the scope it was counted in")
  }
}
