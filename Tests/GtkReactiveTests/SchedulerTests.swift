// Guarantee 7: MainLoopScheduler runs actions in order, cancels timers on dispose, and
// Task { @MainActor in } completes while the GLib loop runs.
import CGtk
import Dispatch
import GtkReactive
import GtkReactiveTesting
import Reactive
import Synchronization
import XCTest

final class SchedulerTests: GtkTestCase {
  func testRunsActionsInOrder() {
    gtk {
      let scheduler = MainLoopScheduler.main
      let order = Mutex<[Int]>([])
      let queued = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        for index in 0..<100 { scheduler.schedule { order.withLock { $0.append(index) } } }
        queued.signal()
      }
      queued.wait()
      XCTAssertEqual(order.withLock { $0.count }, 0, "queued for the loop, not run off-thread")
      XCTAssertTrue(MainLoop.iterate(until: { order.withLock { $0.count } == 100 }))
      XCTAssertEqual(order.withLock { $0 }, Array(0..<100))

      var onMain: [Int] = []
      for index in 0..<3 { scheduler.schedule { onMain.append(index) } }
      MainLoop.drain()
      XCTAssertEqual(onMain, [0, 1, 2])
    }
  }

  func testDisposingCancelsTimers() {
    gtk {
      let boxes = GtkBoxes.count
      var fired = 0
      let timer = MainLoopScheduler.main.schedule(after: .milliseconds(20)) { fired += 1 }
      let pending = MainLoopScheduler.main.schedule(after: .milliseconds(1)) {}
      MainLoopScheduler.main.schedule { fired += 100 }.dispose()  // cancelled before running?
      timer.dispose()
      MainLoop.iterate(for: .milliseconds(60))
      pending.dispose()  // already fired: harmless, logs nothing
      XCTAssertTrue(fired == 0 || fired == 100, "the timer did not fire")
      XCTAssertEqual(GtkBoxes.count, boxes, "sources released their actions")
    }
  }

  func testIdleActionsWaitForRedrawsAndDefaultSources() {
    gtk {
      let boxes = GtkBoxes.count
      let scheduler = MainLoopScheduler.main
      let window = Window(type: .toplevel)
      let area = DrawingArea()
      window.add(area)
      window.showAll()
      MainLoop.iterate(for: .milliseconds(50))
      var order: [String] = []
      let drawn = area.rx.draw.subscribe(next: { _ in order.append("draw") })
      scheduler.scheduleWhenIdle { order.append("idle") }
      area.queueDraw()
      scheduler.schedule(after: .zero) { order.append("default") }
      let cancelled = scheduler.scheduleWhenIdle { order.append("cancelled") }
      cancelled.dispose()
      XCTAssertTrue(MainLoop.iterate(until: { order.contains("idle") }))
      MainLoop.iterate(for: .milliseconds(20))
      XCTAssertEqual(order, ["default", "draw", "idle"], "scheduled first, run last")
      drawn.dispose()
      window.destroy()
      XCTAssertEqual(GtkBoxes.count, boxes, "sources released their actions")
    }
  }

  func testDelayedAndRepeatingActions() {
    gtk {
      let scheduler = MainLoopScheduler.main
      let start = scheduler.now
      var delayedAt: Duration?
      scheduler.schedule(after: .milliseconds(30)) { delayedAt = scheduler.now - start }
      var ticks = 0
      let repeating = scheduler.schedule(after: .milliseconds(5), interval: .milliseconds(10)) {
        ticks += 1
      }
      XCTAssertTrue(MainLoop.iterate(until: { ticks >= 3 && delayedAt != nil }))
      repeating.dispose()
      let ticksAtDispose = ticks
      MainLoop.iterate(for: .milliseconds(40))
      XCTAssertEqual(ticks, ticksAtDispose, "no tick after dispose")
      XCTAssertGreaterThanOrEqual(delayedAt ?? .zero, .milliseconds(30))
    }
  }

  func testMainActorTasksRunWhileTheLoopRuns() {
    gtk {
      var ran = false
      Task { @MainActor in ran = true }
      var dispatched = false
      DispatchQueue.main.async { dispatched = true }
      XCTAssertTrue(MainLoop.iterate(until: { ran && dispatched }, timeout: .seconds(5)))
    }
  }

  func testAMainQueueTimerLeavesTheLoopIdle() {
    gtk {
      var fired = false
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) { fired = true }
      XCTAssertTrue(MainLoop.iterate(until: { fired }, timeout: .seconds(5)))
      // Were Dispatch's wake-up fd left readable, its watch would run on every iteration
      // and starve idle sources: redraws, layout, MainLoopScheduler's idle work.
      let idleRan = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
      idleRan.initialize(to: false)
      defer { idleRan.deallocate() }
      let idle = g_idle_add(setFlag, idleRan)
      runUntilIdle(limit: 100)
      XCTAssertTrue(idleRan.pointee, "an idle source ran")
      if !idleRan.pointee { g_source_remove(idle) }
      XCTAssertEqual(g_main_context_pending(nil), 0, "nothing stays ready")
    }
  }

  func testObserveOnTheMainLoopFromABackgroundSignal() {
    gtk {
      let label = Label()
      let subject = PublishSubject<String, Never>()
      let binding = subject.signal.bind(to: label.rx.label)
      DispatchQueue.global().async { subject.send("background") }
      XCTAssertTrue(MainLoop.iterate(until: { label.text == "background" }))
      binding.dispose()
    }
  }
}

/// Sets the Bool behind `data` and removes itself.
private let setFlag: GSourceFunc = { data in
  data?.assumingMemoryBound(to: Bool.self).pointee = true
  return 0
}
