// An in-memory server with latency on a scheduler: for the example app and its tests.
import Reactive

/// A pretend server: answers after `latency` on `scheduler`, keeps the accounts it
/// created, and counts requests so tests can see which ones were cancelled.
///
/// Names in `taken` are unavailable from the start. Names in `claimedDuringSignUp`
/// pass the availability check but are refused when the account is created, as
/// happens when someone else signs up with the same name in between; the example uses
/// one (`carol`) to show the error path.
public final class SimulatedAccountService: AccountService {
  private let scheduler: Scheduler
  private let latency: Duration
  private var taken: Set<String>
  private let claimedDuringSignUp: Set<String>

  /// Availability checks started so far.
  public private(set) var checksStarted = 0
  /// Availability checks disposed before they answered.
  public private(set) var checksCancelled = 0
  /// Account creations started so far.
  public private(set) var signUpsStarted = 0

  /// A server that answers `latency` after each request, on `scheduler`.
  public init(
    scheduler: Scheduler, latency: Duration = .milliseconds(600),
    taken: Set<String> = ["admin", "alice", "root"],
    claimedDuringSignUp: Set<String> = ["carol"]
  ) {
    self.scheduler = scheduler
    self.latency = latency
    self.taken = taken
    self.claimedDuringSignUp = claimedDuringSignUp
  }

  /// Whether `username` is free, `latency` later; disposing first cancels the request.
  public func isAvailable(_ username: String) -> Signal<Bool, SignUpError> {
    Signal { observer in
      self.checksStarted += 1
      var answered = false
      let timer = self.scheduler.schedule(after: self.latency) {
        answered = true
        observer.send(!self.taken.contains(username))
        observer.sendCompleted()
      }
      return AnyDisposable {
        timer.dispose()
        if !answered { self.checksCancelled += 1 }
      }
    }
  }

  /// Creates the account `latency` later, unless the name is (or was meanwhile) taken.
  public func createAccount(username: String, password: String) -> Signal<Account, SignUpError> {
    Signal { observer in
      self.signUpsStarted += 1
      return self.scheduler.schedule(after: self.latency) {
        if self.taken.contains(username) || self.claimedDuringSignUp.contains(username) {
          observer.send(error: .usernameTaken(username))
        } else {
          self.taken.insert(username)
          observer.send(Account(username: username))
          observer.sendCompleted()
        }
      }
    }
  }
}
