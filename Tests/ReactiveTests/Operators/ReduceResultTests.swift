import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("reduce(_:accumulator:mapResult:) and enumerated()")
  struct ReduceResultTests {
    typealias R = Recorded<Int, TestError>

    @Test("reduce with mapResult: never, empty (the mapped seed), values, failure, dispose")
    func matrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let never = scheduler.createHotSignal([R.next(150, 1)])
        let res1 = scheduler.start {
          never.signal.reduce(0, accumulator: +, mapResult: { "\($0)" })
        }
        #expect(res1.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])

        let empty = scheduler.createHotSignal([R.completed(1250)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          empty.signal.reduce(10, accumulator: +, mapResult: { "\($0)" })
        }
        #expect(res2.events == [.next(1250, "10"), .completed(1250)])

        let values = scheduler.createHotSignal([
          R.next(2210, 1), .next(2220, 2), .next(2230, 3), .completed(2300),
        ])
        let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          values.signal.reduce(
            into: [Int](), accumulator: { $0.append($1) }, mapResult: { $0.count })
        }
        #expect(res3.events == [.next(2300, 3), .completed(2300)])

        let failing = scheduler.createHotSignal([R.next(3210, 1), .failed(3220, TestError("x"))])
        let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 4000) {
          failing.signal.reduce(0, accumulator: +, mapResult: { $0 * 2 })
        }
        #expect(res4.events == [.failed(3220, TestError("x"))])

        let disposed = scheduler.createHotSignal([R.next(4210, 1), .completed(4300)])
        var mapped = 0
        let res5 = scheduler.start(created: 4100, subscribed: 4200, disposed: 4250) {
          disposed.signal.reduce(
            0, accumulator: +,
            mapResult: {
              mapped += 1
              return $0
            })
        }
        #expect(res5.events == [])
        #expect(mapped == 0)
        #expect(disposed.subscriptions == [Subscription(4200, 4250)])
      }
    }

    @Test("reduce with mapResult: a throwing accumulator or mapResult fails the signal")
    func throwing() {
      expectNoLeaks {
        var events: [Event<String, TestError>] = []
        Signal<Int, TestError>.from(1...3)
          .reduce(
            0,
            accumulator: { (sum: Int, value: Int) throws(TestError) -> Int in
              if value == 2 { throw TestError("accumulate") }
              return sum + value
            }, mapResult: { "\($0)" }
          )
          .subscribe(Observer { events.append($0) })
        #expect(events == [.failed(TestError("accumulate"))])
        var mappedEvents: [Event<String, TestError>] = []
        Signal<Int, TestError>.from(1...3)
          .reduce(
            0, accumulator: +,
            mapResult: { (_: Int) throws(TestError) -> String in throw TestError("map") }
          )
          .subscribe(Observer { mappedEvents.append($0) })
        #expect(mappedEvents == [.failed(TestError("map"))])
      }
    }

    @Test("enumerated: never, empty, values with their index, failure, dispose")
    func enumerated() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let never = scheduler.createHotSignal([R.next(150, 1)])
        let res1 = scheduler.start { never.signal.enumerated().map { "\($0.index)" } }
        #expect(res1.events == [])

        let empty = scheduler.createHotSignal([R.completed(1300)])
        let res2 = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          empty.signal.enumerated().map { "\($0.index)" }
        }
        #expect(res2.events == [.completed(1300)])

        let values = scheduler.createHotSignal([
          R.next(2150, 0), .next(2210, 7), .next(2220, 8), .failed(2230, TestError("x")),
        ])
        let res3 = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          values.signal.enumerated().map { "\($0.index):\($0.element)" }
        }
        #expect(
          res3.events == [.next(2210, "0:7"), .next(2220, "1:8"), .failed(2230, TestError("x"))])

        let disposed = scheduler.createHotSignal([R.next(3210, 1), .next(3260, 2)])
        let res4 = scheduler.start(created: 3100, subscribed: 3200, disposed: 3250) {
          disposed.signal.enumerated().map { $0.index }
        }
        #expect(res4.events == [.next(3210, 0)])
        #expect(disposed.subscriptions == [Subscription(3200, 3250)])
      }
    }

    @Test("enumerated: each subscription counts from zero")
    func perSubscription() {
      expectNoLeaks {
        let signal = Signal<String, Never>.from(["a", "b"]).enumerated()
        var first: [Int] = []
        var second: [Int] = []
        signal.subscribe(next: { first.append($0.index) })
        signal.subscribe(next: { second.append($0.index) })
        #expect(first == [0, 1])
        #expect(second == [0, 1])
      }
    }
  }
}
