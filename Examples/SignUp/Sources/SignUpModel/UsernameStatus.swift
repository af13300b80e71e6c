// What the form knows about the user name typed: local rules, then the server's answer.

/// The state of the user name field, as the status label shows it.
public enum UsernameStatus: Equatable, Sendable {
  /// Nothing typed yet.
  case empty
  /// The name breaks a local rule (the reason is a sentence for the user).
  case invalid(String)
  /// The name changed and the form waits for typing to pause before asking the server.
  case pending
  /// The server is being asked about this name.
  case checking(String)
  /// The server says this name is free.
  case available(String)
  /// The server says this name is taken.
  case taken(String)
  /// The server could not answer for this name.
  case unknown(String)

  /// The rules a name must pass before the server is asked: 3 to 16 characters,
  /// lowercase ASCII letters, digits and `_`, starting with a letter.
  ///
  /// - Returns: `nil` when `name` passes, otherwise the reason for the user.
  public static func problem(with name: String) -> String? {
    if name.count < 3 { return "At least 3 characters" }
    if name.count > 16 { return "At most 16 characters" }
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else {
      return "Start with a letter from a to z"
    }
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
    return allowed ? nil : "Use only a–z, 0–9 and _"
  }

  /// The name the server was asked about, for the states that have one.
  var checkedName: String? {
    switch self {
    case .checking(let name), .available(let name), .taken(let name), .unknown(let name): name
    case .empty, .invalid, .pending: nil
    }
  }

  /// Whether an account can be created with the name.
  public var isAvailable: Bool {
    if case .available = self { true } else { false }
  }

  /// The status line under the field.
  public var text: String {
    switch self {
    case .empty: "Choose a user name"
    case .invalid(let reason): reason
    case .pending: "…"
    case .checking(let name): "Checking whether “\(name)” is free…"
    case .available(let name): "✓ “\(name)” is available"
    case .taken(let name): "✗ “\(name)” is taken"
    case .unknown: "Could not check the name; keep typing to retry"
    }
  }

  /// How the status line should look.
  public var tone: Tone {
    switch self {
    case .empty, .pending, .checking: .neutral
    case .available: .good
    case .invalid, .taken, .unknown: .bad
    }
  }
}

/// How a hint should look: plain, reassuring or alarming.
public enum Tone: Sendable {
  /// Plain information.
  case neutral
  /// Everything is fine.
  case good
  /// Something must change.
  case bad
}
