// GApplication::open as a typed signal: the files another launch (or this one) asked for.
import CGtk
import Reactive

extension Reactive where Base: Gio.Application {
  /// `open`: the files to open, from the command line or from a second launch handing
  /// them over (an application made with `.handlesOpen`), with the launcher's hint
  /// (usually empty). Completes when the application is finalized.
  ///
  /// ```swift
  /// application.rx.open
  ///   .subscribe(next: { files, _ in browser.open(files.compactMap(\.pathBytes)) })
  /// ```
  ///
  /// The generator leaves the signal out: its `GFile **` argument is a C array whose
  /// length is the next argument.
  public var open: Signal<(files: [AnyFile], hint: String), Never> {
    connect(GioApplicationOpen.signal) { _, observer in
      .threeArguments { files, count, hint in
        let count = SignalArguments.signed32(count)
        let array = files?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let wrapped = (0..<count).compactMap { index in
          SignalArguments.object(array?[index], as: AnyFile.self)
        }
        let text = CStrings.borrowString(hint?.assumingMemoryBound(to: CChar.self)) ?? ""
        observer.send((wrapped, text))
        return false
      }
    }
  }
}

/// The hand-written key of `GApplication::open`.
enum GioApplicationOpen {
  static let signal = SignalKey("open", owner: g_application_get_type)
}
