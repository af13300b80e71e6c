import Dispatch
import Reactive
import ReactiveTesting
import Testing

private typealias R = Recorded<Int, TestError>

/// One scenario run under every strategy: outer values at 210 and 250 pick two cold
/// inner signals that overlap in time, and the outer completes at 300.
private struct Scenario {
  let scheduler = TestScheduler()
  let outer: HotSignal<Int, TestError>
  let inners: [ColdSignal<Int, TestError>]

  init(outerEvents: [R] = [.next(150, 9), .next(210, 0), .next(250, 1), .completed(300)]) {
    outer = scheduler.createHotSignal(outerEvents)
    inners = [
      scheduler.createColdSignal([.next(10, 1), .next(50, 2), .completed(60)]),
      scheduler.createColdSignal([.next(5, 10), .next(100, 11), .completed(120)]),
    ]
  }

  func run(_ strategy: FlattenStrategy, disposed: Int = 1000) -> [R] {
    let inners = self.inners
    let outer = self.outer
    return scheduler.start(disposed: disposed) {
      outer.signal.flatMap(strategy) { inners[$0].signal }
    }.events
  }
}

extension ReactiveTests {
  @Suite("flatMap, flatten, switchToLatest")
  struct FlatMapTests {
    @Test("merge: inners run together; completes when outer and all inners completed")
    func merge() {
      expectNoLeaks {
        let scenario = Scenario()
        #expect(
          scenario.run(.merge) == [
            .next(220, 1), .next(255, 10), .next(260, 2), .next(350, 11), .completed(370),
          ])
        #expect(scenario.outer.subscriptions == [Subscription(200, 300)])
        #expect(scenario.inners[0].subscriptions == [Subscription(210, 270)])
        #expect(scenario.inners[1].subscriptions == [Subscription(250, 370)])
      }
    }

    @Test("concat: one inner at a time, later ones queued in order")
    func concat() {
      expectNoLeaks {
        let scenario = Scenario()
        #expect(
          scenario.run(.concat) == [
            .next(220, 1), .next(260, 2), .next(275, 10), .next(370, 11), .completed(390),
          ])
        #expect(scenario.outer.subscriptions == [Subscription(200, 300)])
        #expect(scenario.inners[0].subscriptions == [Subscription(210, 270)])
        #expect(scenario.inners[1].subscriptions == [Subscription(270, 390)])
      }
    }

    @Test("latest: a new inner disposes the previous one at once")
    func latest() {
      expectNoLeaks {
        let scenario = Scenario()
        #expect(
          scenario.run(.latest) == [.next(220, 1), .next(255, 10), .next(350, 11), .completed(370)])
        #expect(scenario.outer.subscriptions == [Subscription(200, 300)])
        #expect(scenario.inners[0].subscriptions == [Subscription(210, 250)])
        #expect(scenario.inners[1].subscriptions == [Subscription(250, 370)])
      }
    }

    @Test("latest: the outer completing after the inner completes the result then")
    func latestOuterCompletesLast() {
      expectNoLeaks {
        let scenario = Scenario(outerEvents: [.next(210, 0), .completed(400)])
        #expect(scenario.run(.latest) == [.next(220, 1), .next(260, 2), .completed(400)])
        #expect(scenario.inners[0].subscriptions == [Subscription(210, 270)])
      }
    }

    @Test(
      "never: an outer that never sends gives no events",
      arguments: [
        FlattenStrategy.merge, .concat, .latest, .first, .concurrent(1), .concurrent(2),
      ])
    func never(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scenario = Scenario(outerEvents: [.next(150, 0)])
        #expect(scenario.run(strategy) == [])
        #expect(scenario.outer.subscriptions == [Subscription(200, 1000)])
        #expect(scenario.inners[0].subscriptions == [])
      }
    }

    @Test(
      "empty: an outer that completes with no inner completes",
      arguments: [
        FlattenStrategy.merge, .concat, .latest, .first, .concurrent(1), .concurrent(2),
      ])
    func empty(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scenario = Scenario(outerEvents: [.completed(230)])
        #expect(scenario.run(strategy) == [.completed(230)])
        #expect(scenario.outer.subscriptions == [Subscription(200, 230)])
      }
    }

    @Test(
      "an outer failure fails and disposes the inners",
      arguments: [
        FlattenStrategy.merge, .concat, .latest, .first, .concurrent(1), .concurrent(2),
      ])
    func outerFailure(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scenario = Scenario(outerEvents: [.next(210, 1), .failed(240, TestError("outer"))])
        #expect(scenario.run(strategy) == [.next(215, 10), .failed(240, TestError("outer"))])
        #expect(scenario.outer.subscriptions == [Subscription(200, 240)])
        #expect(scenario.inners[1].subscriptions == [Subscription(210, 240)])
      }
    }

    @Test(
      "an inner failure fails and disposes the outer and the other inners",
      arguments: [
        FlattenStrategy.merge, .latest, .concurrent(2),
      ])
    func innerFailure(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotSignal([R.next(210, 0), R.next(220, 1)])
        let inners = [
          scheduler.createColdSignal([R.next(50, 1)]),
          scheduler.createColdSignal([R.next(5, 2), R.failed(10, TestError("inner"))]),
        ]
        let res = scheduler.start { outer.signal.flatMap(strategy) { inners[$0].signal } }
        #expect(res.events == [.next(225, 2), .failed(230, TestError("inner"))])
        #expect(outer.subscriptions == [Subscription(200, 230)])
        #expect(inners[0].subscriptions == [Subscription(210, strategy == .latest ? 220 : 230)])
        #expect(inners[1].subscriptions == [Subscription(220, 230)])
      }
    }

    @Test(
      "disposing early disposes the outer and the live inners",
      arguments: [
        FlattenStrategy.merge, .concat, .latest, .first, .concurrent(1), .concurrent(2),
      ])
    func disposeEarly(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scenario = Scenario()
        let events = scenario.run(strategy, disposed: 256)
        #expect(events.first == .next(220, 1))
        #expect(!events.contains { $0.time > 256 })
        #expect(scenario.outer.subscriptions == [Subscription(200, 256)])
        #expect(scenario.inners[0].subscriptions.first?.subscribe == 210)
        for inner in scenario.inners {
          #expect(inner.subscriptions.allSatisfy { $0.unsubscribe <= 256 })
        }
      }
    }

    @Test(
      "a throwing transform fails and disposes everything",
      arguments: [
        FlattenStrategy.merge, .concat, .latest, .concurrent(1), .concurrent(2),
      ])
    func throwing(strategy: FlattenStrategy) {
      expectNoLeaks {
        let scenario = Scenario()
        let inners = scenario.inners
        let outer = scenario.outer
        var calls = 0
        let res = scenario.scheduler.start {
          outer.signal.flatMap(strategy) {
            (index: Int) throws(TestError) -> Signal<Int, TestError> in
            calls += 1
            if index == 1 { throw TestError("transform") }
            return inners[index].signal
          }
        }
        #expect(res.events == [.next(220, 1), .failed(250, TestError("transform"))])
        #expect(outer.subscriptions == [Subscription(200, 250)])
        #expect(inners[0].subscriptions == [Subscription(210, 250)])
        #expect(calls == 2)
      }
    }

    @Test("switchToLatest and flatten are flatMap without a transform")
    func flattenAliases() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let a = scheduler.createColdSignal([R.next(10, 1), R.next(30, 2), R.completed(40)])
        let b = scheduler.createColdSignal([R.next(5, 3), R.completed(10)])
        let outer = scheduler.createHotSignal([
          Recorded<Signal<Int, TestError>, TestError>.next(210, a.signal), .next(230, b.signal),
          .completed(300),
        ])
        let res = scheduler.start { outer.signal.switchToLatest() }
        #expect(res.events == [.next(220, 1), .next(235, 3), .completed(300)])
        #expect(a.subscriptions == [Subscription(200 + 10, 230)])

        let merged = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          Signal<Signal<Int, TestError>, TestError>.from([.just(1), .just(2)]).flatten(.merge)
        }
        #expect(merged.events == [.next(1200, 1), .next(1200, 2), .completed(1200)])
      }
    }

    @Test("latest over synchronous inners: 10,000 outer values x 10 inner values")
    func latestSynchronous() {
      expectNoLeaks {
        var count = 0
        var completed = false
        Signal<Int, Never>.from(0..<10_000)
          .flatMap(.latest) { _ in Signal.from(0..<10) }
          .subscribe(next: { _ in count += 1 }, completed: { completed = true })
        #expect(count == 100_000)
        #expect(completed)
      }
    }

    @Test("an infinite synchronous outer stops being pulled when the result ends")
    func infiniteOuter() {
      expectNoLeaks {
        var received: [Int] = []
        Signal<Int, TestError>.from(0...)
          .flatMap(.merge) { Signal.just($0) }
          .map { (value: Int) throws(TestError) -> Int in
            if value == 3 { throw TestError("enough") }
            return value
          }
          .subscribe(next: { received.append($0) })
        #expect(received == [0, 1, 2])
      }
    }

    @Test("merge: inners on several threads are delivered serially")
    func mergeThreads() {
      expectNoLeaks {
        let subjects = (0..<4).map { _ in PublishSubject<Int, Never>() }
        let probe = SerialDeliveryProbe<Int, Never>()
        let subscription = Signal<Int, Never>.from(0..<subjects.count)
          .flatMap(.merge) { subjects[$0].signal }
          .subscribe(probe.observer)
        concurrentPerform(iterations: subjects.count) { index in
          for value in 0..<10_000 { subjects[index].send(value) }
          subjects[index].sendCompleted()
        }
        #expect(probe.values == 40_000)
        #expect(probe.terminals == 1)
        #expect(probe.overlapping == 0)
        subscription.dispose()
      }
    }

    @Test("latest: switching while the old inner sends on another thread")
    func latestThreads() {
      expectNoLeaks {
        let outer = PublishSubject<Int, Never>()
        let inners = (0..<2).map { _ in PublishSubject<Int, Never>() }
        let probe = SerialDeliveryProbe<Int, Never>()
        let subscription = outer.signal
          .flatMap(.latest) { inners[$0 % 2].signal }
          .subscribe(probe.observer)
        concurrentPerform(iterations: 3) { thread in
          if thread == 2 {
            for index in 0..<2_000 { outer.send(index) }
          } else {
            for value in 0..<10_000 { inners[thread].send(value) }
          }
        }
        outer.sendCompleted()
        inners.forEach { $0.sendCompleted() }
        #expect(probe.terminals == 1)
        #expect(probe.overlapping == 0)
        subscription.dispose()
      }
    }
  }
}

extension ReactiveTests {
  @Suite("flatMap(.first), flatMap(.concurrent)")
  struct FlatMapStrategyTests {
    @Test("first: outer values are ignored while an inner is active (no transform call)")
    func first() {
      expectNoLeaks {
        let scenario = Scenario()
        let inners = scenario.inners
        let outer = scenario.outer
        var calls = 0
        let res = scenario.scheduler.start {
          outer.signal.flatMap(.first) { (index: Int) -> Signal<Int, TestError> in
            calls += 1
            return inners[index].signal
          }
        }
        #expect(res.events == [.next(220, 1), .next(260, 2), .completed(300)])
        #expect(calls == 1)
        #expect(scenario.inners[0].subscriptions == [Subscription(210, 270)])
        #expect(scenario.inners[1].subscriptions == [])
      }
    }

    @Test("first: once the inner completed, the next outer value starts a new one")
    func firstAgain() {
      expectNoLeaks {
        let scenario = Scenario(outerEvents: [.next(210, 0), .next(280, 1), .completed(300)])
        #expect(
          scenario.run(.first) == [
            .next(220, 1), .next(260, 2), .next(285, 10), .next(380, 11), .completed(400),
          ])
        #expect(scenario.inners[1].subscriptions == [Subscription(280, 400)])
      }
    }

    @Test("first: an inner failure fails the result")
    func firstFailure() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotSignal([R.next(210, 0), .next(220, 1)])
        let inner = scheduler.createColdSignal([R.next(5, 1), .failed(20, TestError("inner"))])
        let res = scheduler.start { outer.signal.flatMap(.first) { _ in inner.signal } }
        #expect(res.events == [.next(215, 1), .failed(230, TestError("inner"))])
        #expect(outer.subscriptions == [Subscription(200, 230)])
        #expect(inner.subscriptions == [Subscription(210, 230)])
      }
    }

    @Test("concurrent(1) is concat, concurrent(2) of two inners is merge")
    func concurrentBounds() {
      expectNoLeaks {
        #expect(Scenario().run(.concurrent(1)) == Scenario().run(.concat))
        #expect(Scenario().run(.concurrent(2)) == Scenario().run(.merge))
      }
    }

    @Test("concurrent(2): a third inner waits for a slot and starts when one completes")
    func concurrentQueues() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotSignal([
          R.next(210, 0), .next(220, 1), .next(230, 2), .completed(300),
        ])
        let inners = (0..<3).map { index in
          scheduler.createColdSignal([R.next(10, index), .completed(50)])
        }
        let res = scheduler.start { outer.signal.flatMap(.concurrent(2)) { inners[$0].signal } }
        #expect(res.events == [.next(220, 0), .next(230, 1), .next(270, 2), .completed(310)])
        #expect(inners[0].subscriptions == [Subscription(210, 260)])
        #expect(inners[1].subscriptions == [Subscription(220, 270)])
        #expect(inners[2].subscriptions == [Subscription(260, 310)])
      }
    }

    @Test("concurrent(2): disposing disposes the active inners; a waiting one never starts")
    func concurrentDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let outer = scheduler.createHotSignal([R.next(210, 0), .next(220, 1), .next(230, 2)])
        let inners = (0..<3).map { index in
          scheduler.createColdSignal([R.next(10, index), .completed(50)])
        }
        let res = scheduler.start(disposed: 240) {
          outer.signal.flatMap(.concurrent(2)) { inners[$0].signal }
        }
        #expect(res.events == [.next(220, 0), .next(230, 1)])
        #expect(outer.subscriptions == [Subscription(200, 240)])
        #expect(inners[0].subscriptions == [Subscription(210, 240)])
        #expect(inners[1].subscriptions == [Subscription(220, 240)])
        #expect(inners[2].subscriptions == [])
      }
    }

    @Test("concurrent(3): synchronous inners run in order, whole")
    func concurrentSynchronous() {
      expectNoLeaks {
        var values: [Int] = []
        var completed = false
        Signal<Int, Never>.from(0..<5)
          .flatMap(.concurrent(3)) { Signal.from([$0 * 10, $0 * 10 + 1]) }
          .subscribe(next: { values.append($0) }, completed: { completed = true })
        #expect(values == [0, 1, 10, 11, 20, 21, 30, 31, 40, 41])
        #expect(completed)
      }
    }
  }
}
