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
  }
}
