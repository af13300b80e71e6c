import Reactive
import ReactiveTesting
import Testing

extension ReactiveTests {
  @Suite("AsyncSubject")
  struct AsyncSubjectTests {
    typealias E = Event<Int, TestError>

    @Test("sends only the last value, at completion, to early and late observers")
    func lastValue() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        var early: [E] = []
        let subscription = subject.signal.subscribe(Observer { early.append($0) })
        subject.send(1)
        subject.send(2)
        #expect(early == [])
        subject.sendCompleted()
        subject.send(3)
        #expect(early == [.next(2), .completed])
        var late: [E] = []
        subject.signal.subscribe(Observer { late.append($0) })
        #expect(late == [.next(2), .completed])
        #expect(subject.isStopped)
        subscription.dispose()
      }
    }

    @Test("completing without a value sends only the completion")
    func empty() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        subject.sendCompleted()
        var events: [E] = []
        subject.signal.subscribe(Observer { events.append($0) })
        #expect(events == [.completed])
      }
    }

    @Test("a failure is sent without the value, to early and late observers")
    func failure() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        var early: [E] = []
        subject.signal.subscribe(Observer { early.append($0) })
        subject.send(1)
        subject.send(error: TestError("boom"))
        subject.sendCompleted()
        var late: [E] = []
        subject.signal.subscribe(Observer { late.append($0) })
        #expect(early == [.failed(TestError("boom"))])
        #expect(late == [.failed(TestError("boom"))])
      }
    }

    @Test("an observer disposed before completion receives nothing")
    func disposeEarly() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        var events: [E] = []
        let subscription = subject.signal.subscribe(Observer { events.append($0) })
        subject.send(1)
        subscription.dispose()
        subject.sendCompleted()
        #expect(events == [])
      }
    }

    @Test("as an observer it takes a signal's last value")
    func asObserver() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        Signal.from([1, 2, 3]).subscribe(subject.observer)
        var values: [Int] = []
        subject.signal.subscribe(next: { values.append($0) })
        #expect(values == [3])
      }
    }

    @Test("an observer subscribing while the result is delivered gets it too, once")
    func reentrantSubscription() {
      expectNoLeaks {
        let subject = AsyncSubject<Int, TestError>()
        var inner: [E] = []
        var outer: [E] = []
        subject.signal.subscribe(
          Observer { event in
            outer.append(event)
            if case .next = event { subject.signal.subscribe(Observer { inner.append($0) }) }
          })
        subject.send(7)
        subject.sendCompleted()
        #expect(outer == [.next(7), .completed])
        #expect(inner == [.next(7), .completed])
      }
    }

    @Test("values sent from several threads: every observer gets the same one result")
    func concurrentSends() async {
      let subject = AsyncSubject<Int, Never>()
      let results = Locked<[[Int]]>([[], []])
      for index in 0..<2 {
        subject.signal.subscribe(next: { value in results.withLock { $0[index].append(value) } })
      }
      await withTaskGroup(of: Void.self) { group in
        for thread in 0..<4 {
          group.addTask {
            for value in 0..<1_000 { subject.send(thread * 1_000 + value) }
          }
        }
      }
      subject.sendCompleted()
      var late: [Int] = []
      subject.signal.subscribe(next: { late.append($0) })
      let received = results.withLock { $0 }
      #expect(received[0].count == 1)
      #expect(received[0] == received[1])
      #expect(received[0] == late)
    }
  }
}
