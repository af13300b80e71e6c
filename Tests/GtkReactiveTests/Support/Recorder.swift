// Records a signal's events for assertions in the GTK suites.
import Foundation
import GtkReactive
import Reactive

/// Records a signal's events for assertions.
@MainActor
final class Recorder<Value> {
  private(set) var values: [Value] = []
  private(set) var completed = false
  private(set) var onMainThread = true
  private(set) var subscription: Disposable?

  init(_ signal: Signal<Value, Never>) {
    subscription = signal.subscribe(
      next: { [weak self] value in
        guard let self else { return }
        onMainThread = onMainThread && Thread.isMainThread
        values.append(value)
      },
      completed: { [weak self] in self?.completed = true })
  }
}
