import Reactive
import ReactiveTesting
import Synchronization
import Testing

extension ReactiveTests {
  @Suite("Disposables")
  struct DisposableTests {
    @Test("AnyDisposable runs its action once, from any number of threads")
    func anyDisposableOnce() {
      expectNoLeaks {
        let runs = Atomic<Int>(0)
        let disposable = AnyDisposable { runs.add(1, ordering: .relaxed) }
        runOnThreads(4) { _ in
          for _ in 0..<1_000 { disposable.dispose() }
        }
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(disposable.isDisposed)
      }
    }

    @Test("CompositeDisposable disposes every child once, in order; late ones at once")
    func composite() {
      expectNoLeaks {
        var order: [Int] = []
        let composite = CompositeDisposable()
        composite.add { order.append(1) }
        let removed = composite.add { order.append(99) }
        composite.add { order.append(2) }
        composite.remove(for: removed!)
        composite.dispose()
        composite.dispose()
        #expect(order == [1, 2])
        let late = composite.add { order.append(3) }
        #expect(late == nil)
        #expect(order == [1, 2, 3])
      }
    }

    @Test("SerialDisposable disposes the one it replaces, and later ones once disposed")
    func serial() {
      expectNoLeaks {
        var disposed: [String] = []
        let serial = SerialDisposable()
        serial.inner = AnyDisposable { disposed.append("a") }
        serial.inner = AnyDisposable { disposed.append("b") }
        #expect(disposed == ["a"])
        serial.dispose()
        #expect(disposed == ["a", "b"])
        serial.inner = AnyDisposable { disposed.append("c") }
        #expect(disposed == ["a", "b", "c"])
      }
    }

    @Test("DisposeBag disposes its contents when released; ScopedDisposable on deinit")
    func bagAndScoped() {
      expectNoLeaks {
        var disposed: [String] = []
        do {
          let bag = DisposeBag()
          AnyDisposable { disposed.append("bagged") }.disposed(by: bag)
          let scoped = AnyDisposable { disposed.append("scoped") }.scoped()
          _ = scoped
        }
        #expect(disposed.sorted() == ["bagged", "scoped"])
        let bag = DisposeBag()
        bag.dispose()
        AnyDisposable { disposed.append("late") }.disposed(by: bag)
        #expect(disposed.last == "late")
      }
    }
  }
}
