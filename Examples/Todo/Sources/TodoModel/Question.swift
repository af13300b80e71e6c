// A question the user answers before something that cannot be undone.

/// What a confirmation dialog asks: the view shows it, the view model decides it.
public struct Question: Equatable, Sendable {
  /// The question, in the dialog's large text.
  public let message: String
  /// What will happen, under it.
  public let detail: String
  /// The affirmative button's label (`_` marks the mnemonic).
  public let confirmLabel: String

  /// A confirmation with these texts.
  public init(message: String, detail: String, confirmLabel: String) {
    self.message = message
    self.detail = detail
    self.confirmLabel = confirmLabel
  }

  /// The question before clearing `count` done entries.
  public static func clearing(_ count: Int) -> Question {
    Question(
      message: count == 1 ? "Clear 1 done item?" : "Clear \(count) done items?",
      detail: count == 1
        ? "It will be removed from the list for good."
        : "They will be removed from the list for good.",
      confirmLabel: "_Clear")
  }
}
