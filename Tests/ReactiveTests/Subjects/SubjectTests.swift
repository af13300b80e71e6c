import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("Subjects")
  struct SubjectTests {
    @Test("a publish subject sends later values to every observer, then one terminal event")
    func publishBasics() {
      expectNoLeaks {
        let subject = PublishSubject<Int, TestError>()
        var first: [Event<Int, TestError>] = []
        var second: [Event<Int, TestError>] = []
        subject.send(0)
        let a = subject.signal.subscribe(Observer { first.append($0) })
        subject.send(1)
        let b = subject.signal.subscribe(Observer { second.append($0) })
        subject.send(2)
        subject.sendCompleted()
        subject.send(3)
        subject.send(error: TestError())
        #expect(first == [.next(1), .next(2), .completed])
        #expect(second == [.next(2), .completed])
        var late: [Event<Int, TestError>] = []
        subject.signal.subscribe(Observer { late.append($0) })
        #expect(late == [.completed])
        a.dispose()
        b.dispose()
      }
    }

    @Test("a re-entrant send is queued and reaches every observer in submission order")
    func reentrantSendIsOrdered() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        let bag = DisposeBag()
        subject.signal.subscribe(next: { value in
          first.append(value)
          if value == 1 { subject.send(2) }
          if value == 2 { subject.send(3) }
        }).disposed(by: bag)
        subject.signal.subscribe(next: { second.append($0) }).disposed(by: bag)
        subject.send(1)
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        bag.dispose()
      }
    }

    @Test("disposing during an emission stops delivery to that observer at once")
    func disposeDuringEmission() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var victim: Disposable?
        var killerSaw: [Int] = []
        var victimSaw: [Int] = []
        var bystanderSaw: [Int] = []
        let killer = subject.signal.subscribe(next: { value in
          killerSaw.append(value)
          if value == 2 { victim?.dispose() }
        })
        victim = subject.signal.subscribe(next: { victimSaw.append($0) })
        let bystander = subject.signal.subscribe(next: { bystanderSaw.append($0) })
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(killerSaw == [1, 2, 3])
        #expect(victimSaw == [1])  // disposed before value 2 reached it
        #expect(bystanderSaw == [1, 2, 3])  // the value in flight still arrives
        killer.dispose()
        bystander.dispose()
        victim = nil
      }
    }

    @Test("disposing most observers keeps the rest in subscription order")
    func disposeManyKeepsOrder() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var order: [Int] = []
        var subscriptions = (0..<100).map { index in
          subject.signal.subscribe(next: { _ in order.append(index) })
        }
        // Scattered, enough to empty more than half the slots (a compaction), then
        // the last one, then more after the compaction moved the others.
        let first = (0..<100).filter { $0 % 3 != 0 } + [99]
        for index in first { subscriptions[index].dispose() }
        subject.send(1)
        let remaining = (0..<100).filter { $0 % 3 == 0 && $0 != 99 }
        #expect(order == remaining)
        order = []
        for index in remaining where index % 2 == 0 { subscriptions[index].dispose() }
        subscriptions.append(subject.signal.subscribe(next: { _ in order.append(100) }))
        subject.send(2)
        #expect(order == remaining.filter { $0 % 2 != 0 } + [100])
        for subscription in subscriptions { subscription.dispose() }
        order = []
        subject.send(3)
        #expect(order == [])
      }
    }

    @Test("an observer disposing itself mid-emission gets nothing more")
    func disposeSelf() {
      expectNoLeaks {
        let subject = PublishSubject<Int, Never>()
        var own: Disposable?
        var saw: [Int] = []
        own = subject.signal.subscribe(next: { value in
          saw.append(value)
          own?.dispose()
          subject.send(value + 100)  // re-entrant send after self-disposal
        })
        subject.send(1)
        subject.send(2)
        #expect(saw == [1])
        own = nil
      }
    }

    @Test("a behavior subject sends its current value first, and tracks `value`")
    func behavior() {
      expectNoLeaks {
        let subject = BehaviorSubject<String, Never>(value: "a")
        var saw: [String] = []
        let d = subject.signal.subscribe(next: { saw.append($0) })
        subject.send("b")
        #expect(subject.value == "b")
        var late: [String] = []
        let e = subject.signal.subscribe(next: { late.append($0) })
        subject.send("c")
        #expect(saw == ["a", "b", "c"])
        #expect(late == ["b", "c"])
        d.dispose()
        e.dispose()
      }
    }

    @Test("subscribing from inside a delivery gets the current value right after it")
    func behaviorReentrantSubscribe() {
      expectNoLeaks {
        let subject = BehaviorSubject<Int, Never>(value: 0)
        var inner: [Int] = []
        let bag = DisposeBag()
        subject.signal.subscribe(next: { value in
          if value == 1 {
            subject.signal.subscribe(next: { inner.append($0) }).disposed(by: bag)
          }
        }).disposed(by: bag)
        subject.send(1)
        subject.send(2)
        #expect(inner == [1, 2])
        bag.dispose()
      }
    }

    @Test("a replay subject replays its buffer, then the terminal event")
    func replay() {
      expectNoLeaks {
        let subject = ReplaySubject<Int, TestError>(bufferSize: 2)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        var saw: [Event<Int, TestError>] = []
        let d = subject.signal.subscribe(Observer { saw.append($0) })
        subject.send(error: TestError("end"))
        var late: [Event<Int, TestError>] = []
        subject.signal.subscribe(Observer { late.append($0) })
        #expect(saw == [.next(2), .next(3), .failed(TestError("end"))])
        #expect(late == [.next(2), .next(3), .failed(TestError("end"))])
        d.dispose()
      }
    }

    @Test("an unbounded replay subject keeps everything")
    func replayUnbounded() {
      let subject = ReplaySubject<Int, Never>(bufferSize: .max)
      for value in 0..<100 { subject.send(value) }
      var saw: [Int] = []
      subject.signal.subscribe(next: { saw.append($0) }).dispose()
      #expect(saw == Array(0..<100))
    }

    @Test("subjects release their observers when disposed or terminated")
    func releasesObservers() {
      expectNoLeaks {
        final class Token {}
        weak var weakToken: Token?
        let subject = PublishSubject<Int, Never>()
        do {
          let token = Token()
          weakToken = token
          let d = subject.signal.subscribe(next: { _ in _ = token })
          d.dispose()
        }
        #expect(weakToken == nil)
        do {
          let token = Token()
          weakToken = token
          subject.signal.subscribe(next: { _ in _ = token })
          subject.sendCompleted()
        }
        #expect(weakToken == nil)
      }
    }

    @Test("subscriptions left open on a subject that goes away are released with it")
    func subjectGoesFirst() {
      expectNoLeaks {
        final class Token {}
        weak var weakToken: Token?
        do {
          let subject = PublishSubject<Int, Never>()
          let other = BehaviorSubject<Int, Never>(value: 0)
          let token = Token()
          weakToken = token
          subject.signal.map { $0 + 1 }.subscribe(next: { _ in _ = token })
          subject.signal.on(disposed: {}).subscribe(next: { _ in _ = token })
          // Two subjects started with one lifetime: the second cannot be its link.
          Signal<Int, Never> { observer, lifetime in
            CompositeDisposable([
              subject.signal.start(observer, lifetime), other.signal.start(observer, lifetime),
            ])
          }.subscribe(next: { _ in _ = token })
          subject.send(1)
        }
        #expect(weakToken == nil, "the observers went with their subjects")
      }
    }

    @Test("two subjects started with one lifetime both stop when it ends")
    func twoSubjectsOneLifetime() {
      expectNoLeaks {
        let first = PublishSubject<Int, Never>()
        let second = PublishSubject<Int, Never>()
        var received: [Int] = []
        let subscription = Signal<Int, Never> { observer, lifetime in
          CompositeDisposable([
            first.signal.start(observer, lifetime), second.signal.start(observer, lifetime),
          ])
        }.subscribe(next: { received.append($0) })
        first.send(1)
        second.send(2)
        subscription.dispose()
        first.send(3)
        second.send(4)
        #expect(received == [1, 2])
      }
    }

    @Test("values a subject or property no longer replays are released at once")
    func replacedValuesReleased() {
      expectNoLeaks {
        final class Payload {}
        weak var oldest: Payload?
        let behavior = BehaviorSubject<Payload, Never>(value: Payload())
        let replay = ReplaySubject<Payload, Never>(bufferSize: 2)
        let property = MutableProperty(Payload())
        var kept: [Payload] = []
        do {
          let first = Payload()
          oldest = first
          behavior.send(first)
          replay.send(first)
          property.value = first
        }
        // Fewer than the 64 a compaction would wait for.
        for _ in 0..<10 {
          let next = Payload()
          kept = [next]
          behavior.send(next)
          replay.send(next)
          property.value = next
        }
        #expect(oldest == nil, "the first value was released")
        #expect(behavior.value === kept[0])
        #expect(property.value === kept[0])
      }
    }
  }
}
