import Synchronization

/// Counts live library objects in debug builds, so tests can check that every
/// subscription, sink and scheduled action is released (RxSwift's `Resources.total`).
///
/// Every object is counted in the scope that was current where it was made (a task-local
/// value, `scope`), and uncounted from that same scope when it goes, whatever thread or
/// task releases it. A test that runs in a scope of its own therefore sees only its own
/// objects, however many other tests allocate beside it. A scope also counts what its
/// nested scopes count, and the process scope, current outside any other, counts
/// everything.
///
/// Release builds compile the counting away: `track()` returns an empty ticket (a stored
/// ticket takes no space), `untrack` does nothing and every count is zero.
@usableFromInline
package enum LiveObjects {
  #if TRACE_RESOURCES
    /// The scope objects made now are counted in: the innermost bound with `withScope`,
    /// else the process scope.
    @TaskLocal package static var scope: LiveObjectScope = .process
  #endif

  /// The scope objects made now are counted in (the process scope in release builds,
  /// where nothing is counted).
  package static var currentScope: LiveObjectScope {
    #if TRACE_RESOURCES
      return scope
    #else
      return .process
    #endif
  }

  /// The number of tracked objects of the current scope alive now.
  package static var count: Int { currentScope.count }

  /// How many of them were handed to foreign code (`track(foreign: true)`).
  package static var foreignCount: Int { currentScope.foreignCount }

  /// Whether counting is compiled in (debug builds).
  package static var isTracing: Bool {
    #if TRACE_RESOURCES
      return true
    #else
      return false
    #endif
  }

  /// Runs `body` with `scope` as the current scope (on this thread, and in the tasks
  /// it starts that inherit task-local values).
  package static func withScope<Result>(
    _ scope: LiveObjectScope, _ body: () throws -> Result
  ) rethrows -> Result {
    #if TRACE_RESOURCES
      return try $scope.withValue(scope) { try body() }
    #else
      return try body()
    #endif
  }

  /// `withScope(_:_:)` for an asynchronous body.
  package static func withScope<Result>(
    _ scope: LiveObjectScope, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    #if TRACE_RESOURCES
      return try await $scope.withValue(scope) { try await body() }
    #else
      return try await body()
    #endif
  }

  /// `action`, made to run in the current scope wherever it runs: for schedulers that
  /// hand work to other threads, which do not inherit task-local values (debug builds;
  /// release builds return `action` itself).
  package static func inCurrentScope(_ action: @escaping () -> Void) -> () -> Void {
    #if TRACE_RESOURCES
      let scope = self.scope
      return { $scope.withValue(scope, operation: action) }
    #else
      return action
    #endif
  }

  /// Records one more live object in the current scope; keep the ticket in the object
  /// and give it back to `untrack(_:)` from its `deinit`.
  ///
  /// - Parameter foreign: whether the object is handed to foreign code (a C callback's
  ///   user data, for instance), which the scope also counts apart.
  @inlinable @inline(__always)
  package static func track(foreign: Bool = false) -> LiveObjectTicket {
    #if TRACE_RESOURCES
      return LiveObjectTicket(scope: trackInCurrentScope(foreign: foreign), foreign: foreign)
    #else
      return LiveObjectTicket()
    #endif
  }

  /// Records that foreign code gave back the object of a `track(foreign: true)` ticket,
  /// which stays a live object of its scope until `untrack(_:)`. Once only: later calls
  /// do nothing.
  @inlinable @inline(__always)
  package static func endForeignHold(_ ticket: inout LiveObjectTicket) {
    #if TRACE_RESOURCES
      guard ticket.foreign else { return }
      ticket.scope.removeForeignHold()
      ticket = LiveObjectTicket(scope: ticket.scope, foreign: false)
    #endif
  }

  /// Records one fewer live object, in the scope the ticket was issued in.
  @inlinable @inline(__always)
  package static func untrack(_ ticket: LiveObjectTicket) {
    #if TRACE_RESOURCES
      ticket.scope.remove(foreign: ticket.foreign)
    #endif
  }

  #if TRACE_RESOURCES
    @usableFromInline
    static func trackInCurrentScope(foreign: Bool) -> LiveObjectScope {
      let scope = self.scope
      scope.add(foreign: foreign)
      return scope
    }
  #endif
}

/// What an object keeps from `LiveObjects.track()` to give back when it goes: the scope
/// it was counted in. Empty in release builds.
@usableFromInline
package struct LiveObjectTicket: Sendable {
  #if TRACE_RESOURCES
    @usableFromInline let scope: LiveObjectScope
    @usableFromInline let foreign: Bool

    @usableFromInline
    init(scope: LiveObjectScope, foreign: Bool) {
      self.scope = scope
      self.foreign = foreign
    }
  #else
    @inlinable
    init() {}
  #endif
}

/// A count of live objects: the process's, or one nested in another (a test's).
///
/// An object counted here is counted in every enclosing scope too, and uncounted from
/// all of them when it goes.
@usableFromInline
package final class LiveObjectScope: Sendable {
  /// The scope current outside any other; it counts every object of the process.
  package static let process = LiveObjectScope(parent: nil)

  private let parent: LiveObjectScope?
  private let objects = Atomic<Int>(0)
  private let foreignObjects = Atomic<Int>(0)

  /// A scope nested in `parent`.
  package init(parent: LiveObjectScope?) {
    self.parent = parent
  }

  /// A scope nested in the current one.
  package convenience init() {
    self.init(parent: LiveObjects.currentScope)
  }

  /// How many objects counted here are alive now.
  package var count: Int { objects.load(ordering: .acquiring) }

  /// How many of them were handed to foreign code.
  package var foreignCount: Int { foreignObjects.load(ordering: .acquiring) }

  @usableFromInline
  func add(foreign: Bool) {
    var scope: LiveObjectScope? = self
    while let current = scope {
      current.objects.add(1, ordering: .relaxed)
      if foreign { current.foreignObjects.add(1, ordering: .relaxed) }
      scope = current.parent
    }
  }

  /// One fewer object held by foreign code, which stays live (`endForeignHold(_:)`).
  @usableFromInline
  func removeForeignHold() {
    var scope: LiveObjectScope? = self
    while let current = scope {
      current.foreignObjects.subtract(1, ordering: .releasing)
      scope = current.parent
    }
  }

  @usableFromInline
  func remove(foreign: Bool) {
    var scope: LiveObjectScope? = self
    while let current = scope {
      // Releasing: the count a test reads after its objects went must include their
      // release (`count` loads with acquire).
      current.objects.subtract(1, ordering: .releasing)
      if foreign { current.foreignObjects.subtract(1, ordering: .releasing) }
      scope = current.parent
    }
  }
}
