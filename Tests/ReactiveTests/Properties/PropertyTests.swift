import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("Property")
  struct PropertyTests {
    @Test("a read-only view of a MutableProperty follows it and keeps it alive")
    func fromMutable() {
      expectNoLeaks {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        let property = Property(mutable!)
        var values: [Int] = []
        var changes: [Int] = []
        let a = property.signal.subscribe(next: { values.append($0) })
        let b = property.changes.subscribe(next: { changes.append($0) })
        mutable!.value = 2
        let keep = mutable!
        mutable = nil
        keep.value = 3
        #expect(property.value == 3)
        #expect(values == [1, 2, 3])
        #expect(changes == [2, 3])
        a.dispose()
        b.dispose()
      }
    }

    @Test("Property(value:) never changes: signal sends it and completes")
    func constant() {
      expectNoLeaks {
        let property = Property(value: "x")
        var signal: [Event<String, Never>] = []
        var changes: [Event<String, Never>] = []
        property.signal.subscribe(Observer { signal.append($0) })
        property.changes.subscribe(Observer { changes.append($0) })
        #expect(property.value == "x")
        #expect(signal == [.next("x"), .completed])
        #expect(changes == [.completed])
      }
    }

    @Test("initial then a signal: follows the signal, for as long as the property lives")
    func initialThen() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          Recorded<Int, Never>.next(10, 1), .next(20, 2), .next(40, 4),
        ])
        var property: Property<Int>? = Property(initial: 0, then: xs.signal)
        #expect(property!.value == 0)
        let observed = scheduler.createObserver(Int.self, Never.self)
        let subscription = property!.signal.subscribe(observed.observer)
        scheduler.advance(to: 20)
        #expect(property!.value == 2)
        scheduler.advance(to: 30)
        property = nil
        scheduler.run()
        #expect(observed.events == [.next(0, 0), .next(10, 1), .next(20, 2), .completed(30)])
        #expect(xs.subscriptions == [Subscription(0, 30)])
        subscription.dispose()
      }
    }

    @Test("initial then a signal that completes: the last value stays, signals complete")
    func initialThenCompletes() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        let property = Property(initial: 0, then: subject.signal)
        var events: [Event<Int, Never>] = []
        property.changes.subscribe(Observer { events.append($0) })
        subject.send(5)
        subject.sendCompleted()
        #expect(property.value == 5)
        #expect(events == [.next(5), .completed])
        var late: [Event<Int, Never>] = []
        property.signal.subscribe(Observer { late.append($0) })
        #expect(late == [.next(5), .completed])
      }
    }

    @Test("map transforms the value, the signal and the changes")
    func map() {
      expectNoLeaks {
        let mutable = MutableProperty(2)
        let doubled = Property(mutable).map { $0 * 2 }
        let text = doubled.map { "#\($0)" }
        var values: [String] = []
        var changes: [Int] = []
        let a = text.signal.subscribe(next: { values.append($0) })
        let b = doubled.changes.subscribe(next: { changes.append($0) })
        mutable.value = 5
        #expect(doubled.value == 10)
        #expect(text.value == "#10")
        #expect(values == ["#4", "#10"])
        #expect(changes == [10])
        a.dispose()
        b.dispose()
      }
    }
  }
}
