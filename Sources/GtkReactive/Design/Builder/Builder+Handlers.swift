// Handlers a UI definition names (`handler="onSave"`) as reactive signals.
import CGtk
import Reactive

/// Why `BuilderHandlers.signal(for:)` has no signal: the UI definition names no such
/// handler.
public struct BuilderHandlerError: Error, Equatable, CustomStringConvertible {
  /// The handler name asked for.
  public let handler: String
  /// The handler names the UI definition has, sorted.
  public let known: [String]

  /// A sentence naming the handler and the ones that exist.
  public var description: String {
    let names = known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", ")
    return "The UI definition names no handler '\(handler)' (it names: \(names))."
  }
}

/// The handlers a builder's UI definitions name, each as a signal of `Void`: the merge of
/// every `<signal handler="…">` with that name, on whichever objects.
///
/// ```swift
/// let builder = try Builder.parsing(xml)     // <signal name="clicked" handler="onSave"/>
/// let handlers = builder.handlers()
/// handlers["onSave"].subscribe(next: { viewModel.save.execute() }).disposed(by: bag)
/// ```
///
/// The signals carry no arguments and return `false` to signals that want a result;
/// each has the guarantees of `rx.signal(named:)` (main thread, disconnect on dispose,
/// completion when every object is destroyed). The handlers hold the objects weakly.
public struct BuilderHandlers {
  private let signals: [BuilderSignal]

  init(_ signals: [BuilderSignal]) { self.signals = signals }

  /// Every handler name the UI definitions use, sorted.
  public var names: [String] { Array(Set(signals.map(\.handler))).sorted() }

  /// The signal of handler `name`.
  ///
  /// - Throws: `BuilderHandlerError` naming `name` and the handlers that exist, when no
  ///   `<signal>` names it.
  public func signal(for name: String) throws(BuilderHandlerError) -> Signal<Void, Never> {
    let named = signals.filter { $0.handler == name }
    guard !named.isEmpty else { throw BuilderHandlerError(handler: name, known: names) }
    // GtkBuilder checked each signal name against its object's class when it parsed.
    let sources = named.compactMap { entry in
      entry.object.withObject { try? Object(retaining: $0).rx.signal(named: entry.signal) }
        ?? nil
    }
    return sources.isEmpty ? .empty() : Signal.merge(sources)
  }

  /// The signal of handler `name`.
  ///
  /// - Precondition: the UI definition names the handler (traps with the message of
  ///   `BuilderHandlerError` otherwise; use `signal(for:)` to handle it).
  public subscript(name: String) -> Signal<Void, Never> {
    do {
      return try signal(for: name)
    } catch {
      preconditionFailure("GtkReactive: \(error)")
    }
  }
}

extension Builder {
  /// The handlers the UI definitions added so far name, as signals; see
  /// `BuilderHandlers`. GtkBuilder connects nothing itself: every named handler reaches
  /// Swift only through these signals. Call it after adding the definitions; later calls
  /// return the same handlers.
  public func handlers() -> BuilderHandlers {
    BuilderHandlers(BuilderSignals.of(pointer(as: GtkBuilder.self)))
  }
}
