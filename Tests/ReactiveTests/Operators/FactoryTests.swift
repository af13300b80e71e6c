import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("range, repeat, generate")
  struct FactoryTests {
    func collect<V>(_ signal: Signal<V, TestError>) -> [Event<V, TestError>] {
      var events: [Event<V, TestError>] = []
      signal.subscribe(Observer { events.append($0) })
      return events
    }

    @Test("range: every value of a half-open or closed range, then completion")
    func range() {
      expectNoLeaks {
        #expect(collect(.range(0..<3)) == [.next(0), .next(1), .next(2), .completed])
        #expect(collect(.range(1...2)) == [.next(1), .next(2), .completed])
        #expect(collect(Signal<Int, TestError>.range(5..<5)) == [.completed])
        #expect(collect(Signal<Int, TestError>.range(0..<1_000_000).take(2)).count == 3)
      }
    }

    @Test("repeat: count times, or forever until the subscription ends")
    func repeatValue() {
      expectNoLeaks {
        #expect(collect(.repeat(7, count: 3)) == [.next(7), .next(7), .next(7), .completed])
        #expect(collect(Signal<Int, TestError>.repeat(7, count: 0)) == [.completed])
        #expect(collect(Signal<Int, TestError>.repeat(7).take(4)).count == 5)
      }
    }

    @Test("generate: a loop as a signal; stops pulling when the subscription ends")
    func generate() {
      expectNoLeaks {
        #expect(
          collect(.generate(1, while: { $0 < 20 }, next: { $0 * 2 })) == [
            .next(1), .next(2), .next(4), .next(8), .next(16), .completed,
          ])
        var steps = 0
        let taken = collect(
          Signal<Int, TestError>.generate(0, while: { _ in true }) {
            steps += 1
            return $0 + 1
          }.take(3))
        #expect(taken == [.next(0), .next(1), .next(2), .completed])
        #expect(steps == 2)
      }
    }

    @Test("generate: a throwing condition or step fails the signal")
    func generateThrows() {
      expectNoLeaks {
        let failing = Signal<Int, TestError>.generate(
          0, while: { (value: Int) throws(TestError) -> Bool in value < 10 },
          next: { (value: Int) throws(TestError) -> Int in
            if value == 2 { throw TestError("step") }
            return value + 1
          })
        #expect(collect(failing) == [.next(0), .next(1), .next(2), .failed(TestError("step"))])
        let badCondition = Signal<Int, TestError>.generate(
          0, while: { (_: Int) throws(TestError) -> Bool in throw TestError("condition") },
          next: { $0 + 1 })
        #expect(collect(badCondition) == [.failed(TestError("condition"))])
      }
    }
  }
}
