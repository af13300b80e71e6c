// A password's strength, by length and the kinds of characters it mixes.

/// How strong a password is; `fair` and above are accepted.
public enum PasswordStrength: Int, Comparable, Sendable, CaseIterable {
  /// Nothing typed yet.
  case empty
  /// Fewer than 8 characters.
  case tooShort
  /// 8 or more characters of one kind (only letters, only digits…).
  case weak
  /// Two kinds of characters among lowercase, uppercase, digits and symbols.
  case fair
  /// Three or more kinds, and at least 12 characters.
  case strong

  /// Rates `password`.
  public init(_ password: String) {
    if password.isEmpty {
      self = .empty
      return
    }
    if password.count < 8 {
      self = .tooShort
      return
    }
    var kinds = Set<Int>()
    for scalar in password.unicodeScalars {
      switch scalar {
      case "a"..."z": kinds.insert(0)
      case "A"..."Z": kinds.insert(1)
      case "0"..."9": kinds.insert(2)
      default: kinds.insert(3)
      }
    }
    switch kinds.count {
    case 1: self = .weak
    case 2: self = .fair
    default: self = password.count >= 12 ? .strong : .fair
    }
  }

  /// Whether the form accepts the password.
  public var isAcceptable: Bool { self >= .fair }

  /// The hint under the field.
  public var text: String {
    switch self {
    case .empty: "At least 8 characters, mixing letters, digits or symbols"
    case .tooShort: "Too short: at least 8 characters"
    case .weak: "Weak: mix in digits, capitals or symbols"
    case .fair: "Fair password"
    case .strong: "Strong password"
    }
  }

  /// How the hint should look.
  public var tone: Tone {
    switch self {
    case .empty: .neutral
    case .tooShort, .weak: .bad
    case .fair, .strong: .good
    }
  }

  /// Orders by strength.
  public static func < (lhs: PasswordStrength, rhs: PasswordStrength) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
