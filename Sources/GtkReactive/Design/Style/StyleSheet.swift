// CSS as a reactive sink: a provider installed while bound, its text replaced per value.
import CGtk
import Reactive

/// A CSS error in a style sheet's text: where it is and what GTK says.
public struct StyleSheetError: Error, Equatable, CustomStringConvertible {
  /// The line of the error, from 1.
  public let line: Int
  /// The column of the error, from 1.
  public let column: Int
  /// GTK's error (domain `gtk-css-provider-error-quark`).
  public let error: GLibError

  /// `line 2, column 7: <GTK's message>`.
  public var description: String { "line \(line), column \(column): \(error.message)" }
}

/// Where CSS text goes: a screen (every widget on it) or one widget (that widget alone,
/// not its children); the target of `signal.bind(to:)` for a `Signal<String, Never>`.
///
/// ```swift
/// fontSize.values.map { "label { font-size: \($0)pt; }" }
///   .bind(to: Screen.default!.rx.styleSheet)
///   .disposed(by: bag)
/// ```
public struct StyleSheet {
  /// What the sheet styles: a widget alone, or every widget on a screen.
  fileprivate enum Scope {
    case widget
    case screen
  }

  fileprivate let target: WeakObjectRef
  fileprivate let scope: Scope
  fileprivate let priority: Int
  fileprivate let onError: ((StyleSheetError) -> Void)?

  /// Adds `provider` to the target (a live `GtkWidget` or `GdkScreen`).
  fileprivate func install(_ provider: CssProvider, on target: UnsafeMutableRawPointer) {
    switch scope {
    case .widget:
      gtk_style_context_add_provider(
        gtk_widget_get_style_context(target.assumingMemoryBound(to: GtkWidget.self)),
        provider.opaque, UInt32(clamping: priority))
    case .screen:
      StyleContext.addProviderForScreen(
        Screen(retaining: target), provider: provider, priority: priority)
    }
  }

  /// Removes `provider` from the target.
  fileprivate func uninstall(_ provider: CssProvider, from target: UnsafeMutableRawPointer) {
    switch scope {
    case .widget:
      gtk_style_context_remove_provider(
        gtk_widget_get_style_context(target.assumingMemoryBound(to: GtkWidget.self)),
        provider.opaque)
    case .screen:
      StyleContext.removeProviderForScreen(Screen(retaining: target), provider: provider)
    }
  }
}

extension Reactive where Base: Widget {
  /// This widget's style sheet at application priority; CSS errors are logged by GTK.
  public var styleSheet: StyleSheet { styleSheet() }

  /// This widget's style sheet (it styles the widget alone, not its children).
  ///
  /// - Parameters:
  ///   - priority: its precedence among style providers (`StyleProviderPriority`;
  ///     `.application` by default).
  ///   - onError: called with each CSS error of each value (main thread); without it GTK
  ///     logs a warning naming the line and column.
  public func styleSheet(
    priority: Int = StyleProviderPriority.application,
    onError: ((StyleSheetError) -> Void)? = nil
  ) -> StyleSheet {
    StyleSheet(
      target: WeakObjectRef(base.pointer), scope: .widget, priority: priority, onError: onError)
  }
}

extension Reactive where Base: Screen {
  /// The screen's style sheet at application priority; CSS errors are logged by GTK.
  public var styleSheet: StyleSheet { styleSheet() }

  /// A style sheet for every widget on this screen; the parameters are the widget
  /// sheet's (`Reactive.styleSheet(priority:onError:)` on a `Widget`).
  public func styleSheet(
    priority: Int = StyleProviderPriority.application,
    onError: ((StyleSheetError) -> Void)? = nil
  ) -> StyleSheet {
    StyleSheet(
      target: WeakObjectRef(base.pointer), scope: .screen, priority: priority, onError: onError)
  }
}

extension Signal where Value == String, Failure == Never {
  /// Installs a CSS provider on `styleSheet`'s target and loads each value into it,
  /// replacing the previous one's rules; disposing removes the provider (the style
  /// returns to what it was). Values may arrive on any thread; they are loaded on the
  /// main loop. Nothing happens if the target is already gone.
  @discardableResult
  public func bind(to styleSheet: StyleSheet) -> Disposable {
    onMainThread {
      let provider = CssProvider()
      let installed = styleSheet.target.withObject { target -> Bool in
        styleSheet.install(provider, on: target)
        return true
      }
      guard installed == true else { return Disposables.empty }
      var errors: Disposable?
      if let onError = styleSheet.onError {
        errors = provider.rx.parsingErrors.subscribe(next: onError)
      }
      let values = self.subscribe(next: { css in
        MainThread.run {
          // No GError (not `loadFromData`): asking for one connects a handler that keeps
          // the first error and silences GTK's warning. Without it every error reaches
          // `onError` or, when there is none, GTK's warning with its position.
          gtk_css_provider_load_from_data(provider.pointer(as: GtkCssProvider.self), css, -1, nil)
        }
      })
      return AnyDisposable {
        values.dispose()
        MainThread.run {
          errors?.dispose()
          styleSheet.target.withObject { styleSheet.uninstall(provider, from: $0) }
        }
      }
    }
  }
}

extension Reactive where Base: CssProvider {
  /// `parsing-error`: each CSS error met while loading, with its position. While a
  /// subscription exists GTK does not log the errors itself.
  public var parsingErrors: Signal<StyleSheetError, Never> {
    connect(StyleSheetKeys.parsingErrorSignal) { _, observer in
      .twoArguments { _, section, error in
        guard let error else { return false }
        let gerror = error.assumingMemoryBound(to: GError.self)
        let section = OpaquePointer(section)
        observer.send(
          StyleSheetError(
            line: Int(section.map { gtk_css_section_get_start_line($0) } ?? 0) + 1,
            column: Int(section.map { gtk_css_section_get_start_position($0) } ?? 0) + 1,
            error: GLibError(copying: gerror)))
        return false
      }
    }
  }
}

/// `GtkCssProvider::parsing-error`, whose `GtkCssSection` argument the generated layer
/// skips.
enum StyleSheetKeys {
  static let parsingErrorSignal = SignalKey(
    "parsing-error", owner: gtk_css_provider_get_type)
}
