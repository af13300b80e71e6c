import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("bind(to:)")
  struct BindingTests {
    @Test("binding to a property sets it on every value; completion is not forwarded")
    func property() {
      expectNoLeaks {
        let property = MutableProperty(0)
        let source = PublishSubject<Int, Never>()
        var events: [Event<Int, Never>] = []
        let observation = property.signal.subscribe(Observer { events.append($0) })
        source.signal.bind(to: property)
        source.send(1)
        source.send(2)
        source.sendCompleted()
        #expect(property.value == 2)
        #expect(events == [.next(0), .next(1), .next(2)])
        observation.dispose()
      }
    }

    @Test("disposing the binding stops it")
    func disposeEarly() {
      expectNoLeaks {
        let property = MutableProperty(0)
        let source = PublishSubject<Int, Never>()
        let binding = source.signal.bind(to: property)
        source.send(1)
        binding.dispose()
        source.send(2)
        #expect(property.value == 1)
      }
    }

    @Test("the binding ends when the property is deinitialized, and does not keep it")
    func endsWithProperty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([Recorded<Int, Never>.next(10, 1), .next(30, 3)])
        weak var weakProperty: MutableProperty<Int>?
        var property: MutableProperty<Int>? = MutableProperty(0)
        weakProperty = property
        xs.signal.bind(to: property!)
        scheduler.advance(to: 10)
        #expect(property!.value == 1)
        scheduler.advance(to: 20)
        property = nil
        #expect(weakProperty == nil)
        scheduler.run()
        #expect(xs.subscriptions == [Subscription(0, 20)])
      }
    }

    @Test("binding to subjects and observers forwards values only")
    func subjectsAndObservers() {
      expectNoLeaks {
        let source = PublishSubject<Int, Never>()
        let publish = PublishSubject<Int, TestError>()
        let behavior = BehaviorSubject<Int, TestError>(value: 0)
        var published: [Event<Int, TestError>] = []
        var observed: [Event<Int, TestError>] = []
        publish.signal.subscribe(Observer { published.append($0) })
        let bindings = CompositeDisposable([
          source.signal.bind(to: publish),
          source.signal.bind(to: behavior),
          source.signal.bind(to: Observer<Int, TestError> { observed.append($0) }),
        ])
        source.send(1)
        source.send(2)
        source.sendCompleted()
        #expect(published == [.next(1), .next(2)])
        #expect(observed == [.next(1), .next(2)])
        #expect(behavior.value == 2)
        #expect(!behavior.isStopped)
        bindings.dispose()
      }
    }
  }
}

extension ReactiveTests.BindingTests {
  @Test("a binding whose signal completes is released while the property lives on")
  func completedBindingsAreReleased() {
    let property = MutableProperty(0)
    let before = LiveObjectCount.current
    for value in 1...1_000 { Signal<Int, Never>.just(value).bind(to: property) }
    #expect(property.value == 1_000)
    #expect(LiveObjectCount.current == before, "finished bindings piled up in the property")
  }
}
