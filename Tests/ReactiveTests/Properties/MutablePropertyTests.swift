import Dispatch
import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("MutableProperty")
  struct MutablePropertyTests {
    @Test("value reads and writes; signal sends the current value then every change")
    func valueAndSignal() {
      expectNoLeaks {
        let property = MutableProperty(1)
        var received: [Int] = []
        let subscription = property.signal.subscribe(next: { received.append($0) })
        #expect(received == [1])
        property.value = 2
        property.value = 2
        #expect(property.value == 2)
        #expect(received == [1, 2, 2])
        subscription.dispose()
        property.value = 3
        #expect(received == [1, 2, 2])
      }
    }

    @Test("changes sends only later changes")
    func changes() {
      expectNoLeaks {
        let property = MutableProperty("a")
        property.value = "b"
        var received: [String] = []
        let subscription = property.changes.subscribe(next: { received.append($0) })
        #expect(received == [])
        property.value = "c"
        property.value = "d"
        #expect(received == ["c", "d"])
        subscription.dispose()
      }
    }

    @Test("modify changes the value in one step, notifies once, returns the result")
    func modify() {
      expectNoLeaks {
        let property = MutableProperty([1, 2])
        var received: [[Int]] = []
        let subscription = property.changes.subscribe(next: { received.append($0) })
        let count = property.modify { values -> Int in
          values.append(3)
          values.append(4)
          return values.count
        }
        #expect(count == 4)
        #expect(property.value == [1, 2, 3, 4])
        #expect(received == [[1, 2, 3, 4]])
        subscription.dispose()
      }
    }

    @Test("a throwing modify changes nothing and notifies nobody")
    func modifyThrows() {
      expectNoLeaks {
        let property = MutableProperty(1)
        var received: [Int] = []
        let subscription = property.changes.subscribe(next: { received.append($0) })
        #expect(throws: TestError("no")) {
          try property.modify { (value: inout Int) throws(TestError) in
            value = 99
            throw TestError("no")
          }
        }
        #expect(property.value == 1)
        #expect(received == [])
        subscription.dispose()
      }
    }

    @Test("modify may read the property itself: no deadlock")
    func modifyReadsItself() {
      expectNoLeaks {
        let property = MutableProperty(2)
        property.modify { $0 = property.value * 10 }
        #expect(property.value == 20)
      }
    }

    @Test("a set from inside an observer is queued and delivered in order to everyone")
    func reentrantSet() {
      expectNoLeaks {
        let property = MutableProperty(0)
        var first: [Int] = []
        var second: [Int] = []
        var seenInside: [Int] = []
        let a = property.signal.subscribe(next: { value in
          first.append(value)
          if value == 1 {
            property.value = 2
            seenInside.append(property.value)
            property.value = 3
          }
        })
        let b = property.signal.subscribe(next: { second.append($0) })
        property.value = 1
        #expect(first == [0, 1, 2, 3])
        #expect(second == [0, 1, 2, 3])
        #expect(seenInside == [2])
        #expect(property.value == 3)
        a.dispose()
        b.dispose()
      }
    }

    @Test("concurrent modifies lose no update and are observed in order")
    func concurrentModify() {
      expectNoLeaks {
        let property = MutableProperty(0)
        let received = Mutex<[Int]>([])
        let subscription = property.signal.subscribe(next: { value in
          received.withLock { $0.append(value) }
        })
        concurrentPerform(iterations: 4) { _ in
          for _ in 0..<500 { property.modify { $0 += 1 } }
        }
        #expect(property.value == 2000)
        #expect(received.withLock { $0 } == Array(0...2000))
        subscription.dispose()
      }
    }

    @Test("deinit completes the signals; observers do not keep the property alive")
    func deinitCompletes() {
      expectNoLeaks {
        var property: MutableProperty<Int>? = MutableProperty(1)
        var events: [Event<Int, Never>] = []
        let subscription = property!.signal.subscribe(Observer { events.append($0) })
        property!.value = 2
        property = nil
        #expect(events == [.next(1), .next(2), .completed])
        subscription.dispose()
      }
    }
  }
}
