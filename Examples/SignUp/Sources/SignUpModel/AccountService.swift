// The server the form talks to: availability checks and account creation.
import Reactive

/// A created account.
public struct Account: Equatable, Sendable {
  /// The user name it was created with.
  public let username: String

  /// An account named `username`.
  public init(username: String) {
    self.username = username
  }
}

/// Why the server could not answer or refused to create an account.
public enum SignUpError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Somebody else owns `username` (it may have been taken after the check).
  case usernameTaken(String)
  /// The server did not answer.
  case unreachable

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .usernameTaken(let name):
      "Sorry, “\(name)” was taken a moment ago. Please choose another name."
    case .unreachable:
      "The server did not answer. Please try again."
    }
  }
}

/// The operations the sign-up form needs from a server.
///
/// Both return cold signals: nothing is sent to the server until one is subscribed, and
/// disposing the subscription cancels the request (the view model relies on that to
/// drop checks of names the user has already changed).
public protocol AccountService {
  /// Sends whether `username` is free, then completes.
  func isAvailable(_ username: String) -> Signal<Bool, SignUpError>

  /// Creates an account, sends it, then completes.
  func createAccount(username: String, password: String) -> Signal<Account, SignUpError>
}
