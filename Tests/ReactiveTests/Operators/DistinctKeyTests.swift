import Reactive
import ReactiveTesting
import Testing

/// A value with an identity and a label, compared by key path.
struct KeyedItem: Equatable {
  var id: Int
  var label: String
  /// Not `Equatable`: compared with a comparer.
  var tags: [String]
}

extension ReactiveTests {
  @Suite("distinctUntilChanged(at:) and by key with a comparer")
  struct DistinctKeyTests {
    typealias R = Recorded<KeyedItem, TestError>

    static func item(_ id: Int, _ label: String, tags: [String] = []) -> KeyedItem {
      KeyedItem(id: id, label: label, tags: tags)
    }

    @Test("at: never sends nothing; empty completes")
    func neverAndEmpty() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([R.next(150, Self.item(1, "a"))])
        let never = scheduler.start { xs.signal.distinctUntilChanged(at: \.id) }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([R.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          ys.signal.distinctUntilChanged(at: \.id)
        }
        #expect(empty.events == [.completed(1300)])
        #expect(ys.subscriptions == [Subscription(1200, 1300)])
      }
    }

    @Test("at: drops values whose property equals the previous one sent")
    func values() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, Self.item(1, "a")), .next(220, Self.item(1, "b")),
          .next(230, Self.item(2, "c")), .next(240, Self.item(2, "d")),
          .next(250, Self.item(1, "e")), R.completed(300),
        ])
        let res = scheduler.start { xs.signal.distinctUntilChanged(at: \.id).map(\.label) }
        #expect(
          res.events == [.next(210, "a"), .next(230, "c"), .next(250, "e"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
      }
    }

    @Test("at: a failure passes through; disposing early unsubscribes")
    func failureAndDispose() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, Self.item(1, "a")), R.failed(220, TestError("boom")),
        ])
        let failed = scheduler.start { xs.signal.distinctUntilChanged(at: \.label).map(\.id) }
        #expect(failed.events == [.next(210, 1), .failed(220, TestError("boom"))])
        let ys = scheduler.createHotSignal([
          R.next(1210, Self.item(1, "a")), .next(1260, Self.item(2, "b")),
        ])
        let disposed = scheduler.start(created: 1100, subscribed: 1200, disposed: 1250) {
          ys.signal.distinctUntilChanged(at: \.id).map(\.id)
        }
        #expect(disposed.events == [.next(1210, 1)])
        #expect(ys.subscriptions == [Subscription(1200, 1250)])
      }
    }

    @Test("at: a key path held in a variable works as a literal one does")
    func keyPathValue() {
      expectNoLeaks {
        let id: KeyPath<KeyedItem, Int> = \.id
        let tags: KeyPath<KeyedItem, [String]> = \.tags
        var ids: [String] = []
        var tagged: [String] = []
        let items = Signal<KeyedItem, Never>.from([
          Self.item(1, "a", tags: ["x"]), Self.item(1, "b", tags: ["X"]),
          Self.item(2, "c", tags: ["y"]),
        ])
        items.distinctUntilChanged(at: id).subscribe(next: { ids.append($0.label) })
        items.distinctUntilChanged(at: tags, isEquivalent: { $0.count == $1.count })
          .subscribe(next: { tagged.append($0.label) })
        #expect(ids == ["a", "c"])
        #expect(tagged == ["a"])
      }
    }

    @Test("at: with a comparer, for a property that is not Equatable; a throw fails")
    func keyPathComparer() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          .next(210, Self.item(1, "a", tags: ["x"])), .next(220, Self.item(2, "b", tags: ["X"])),
          .next(230, Self.item(3, "c", tags: ["y"])), .next(240, Self.item(4, "d", tags: [])),
          R.completed(300),
        ])
        let res = scheduler.start {
          xs.signal.distinctUntilChanged(at: \.tags) {
            (previous: [String], current: [String]) throws(TestError) -> Bool in
            if current.isEmpty { throw TestError("no tags") }
            return previous.map { $0.lowercased() } == current.map { $0.lowercased() }
          }.map(\.id)
        }
        #expect(res.events == [.next(210, 1), .next(230, 3), .failed(240, TestError("no tags"))])
        #expect(xs.subscriptions == [Subscription(200, 240)])
      }
    }

    @Test("by key with a comparer: compares keys with it; either throwing fails")
    func keyAndComparer() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotSignal([
          Recorded<String, TestError>.next(210, "apple"), .next(220, "Avocado"),
          .next(230, "banana"), .next(240, "cherry"), .completed(300),
        ])
        var compared: [[Character]] = []
        let res = scheduler.start {
          xs.signal.distinctUntilChanged(
            by: { $0.first! },
            isEquivalent: { previous, current in
              compared.append([previous, current])
              return previous.lowercased() == current.lowercased()
            })
        }
        #expect(
          res.events == [
            .next(210, "apple"), .next(230, "banana"), .next(240, "cherry"), .completed(300),
          ])
        // Compared with the last key sent, not the last received.
        #expect(compared == [["a", "A"], ["a", "b"], ["b", "c"]])

        var keys = 0
        var events: [Event<Int, TestError>] = []
        Signal<Int, TestError>.from(1...5)
          .distinctUntilChanged(
            by: { (value: Int) throws(TestError) -> Int in
              keys += 1
              if value == 3 { throw TestError("key") }
              return value
            },
            isEquivalent: { $0 == $1 }
          )
          .subscribe(Observer { events.append($0) })
        #expect(events == [.next(1), .next(2), .failed(TestError("key"))])
        #expect(keys == 3)
      }
    }

    @Test("by key with a comparer: never, empty, failure, dispose")
    func keyAndComparerMatrix() {
      expectNoLeaks {
        let scheduler = TestScheduler()
        func distinct(_ signal: Signal<Int, TestError>) -> Signal<Int, TestError> {
          signal.distinctUntilChanged(by: { $0 / 10 }, isEquivalent: { $0 == $1 })
        }
        let xs = scheduler.createHotSignal([Recorded<Int, TestError>.next(150, 1)])
        let never = scheduler.start { distinct(xs.signal) }
        #expect(never.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        let ys = scheduler.createHotSignal([Recorded<Int, TestError>.completed(1300)])
        let empty = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
          distinct(ys.signal)
        }
        #expect(empty.events == [.completed(1300)])
        let zs = scheduler.createHotSignal([
          Recorded<Int, TestError>.next(2210, 11), .next(2220, 12), .failed(2230, TestError("x")),
        ])
        let failed = scheduler.start(created: 2100, subscribed: 2200, disposed: 3000) {
          distinct(zs.signal)
        }
        #expect(failed.events == [.next(2210, 11), .failed(2230, TestError("x"))])
        let ws = scheduler.createHotSignal([
          Recorded<Int, TestError>.next(3210, 11), .next(3260, 25),
        ])
        let disposed = scheduler.start(created: 3100, subscribed: 3200, disposed: 3250) {
          distinct(ws.signal)
        }
        #expect(disposed.events == [.next(3210, 11)])
        #expect(ws.subscriptions == [Subscription(3200, 3250)])
      }
    }
  }
}
