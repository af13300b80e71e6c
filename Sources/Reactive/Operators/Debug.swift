// `debug`: a log line for every event of every subscription.
import Foundation

extension Signal {
  /// Forwards this signal unchanged and writes one line per step of each subscription:
  /// `subscribed`, every event (`next(…)`, `failed(…)`, `completed`) and `disposed`
  /// (once, whether the subscription ended by a terminal event or by disposal).
  ///
  /// Each line is `<timestamp> [<identifier>] <step>`, for example
  /// `2026-11-22T18:50:00.123Z [search] next(swift)`.
  ///
  /// ```swift
  /// query.debug("search").flatMap(.latest, api.search)
  /// query.debug("search", timestamp: { "\(scheduler.clock)" }, output: { lines.append($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - identifier: names the lines; by default the file and line of the call.
  ///   - timestamp: the time written on each line; by default the wall clock, in UTC,
  ///     ISO 8601 with milliseconds. Pass a scheduler's clock for virtual time.
  ///   - output: where lines go; `print` by default.
  ///   - file: the file the default identifier names; leave it to the caller's.
  ///   - line: the line the default identifier names; leave it to the caller's.
  public func debug(
    _ identifier: String? = nil,
    timestamp: @escaping () -> String = DebugTimestamp.wallClock,
    output: @escaping (String) -> Void = { print($0) },
    file: StaticString = #fileID, line: UInt = #line
  ) -> Signal<Value, Failure> {
    let name = identifier ?? "\(file):\(line)"
    let log = { (step: String) in output("\(timestamp()) [\(name)] \(step)") }
    let logged = lift { observer, lifetime in
      Observer { event in
        guard !lifetime.hasEnded else { return }
        log(event.description)
        observer.on(event)
      }
    }
    return Signal { observer, lifetime in
      log("subscribed")
      let upstream = logged.start(observer, lifetime)
      return AnyDisposable {
        upstream.dispose()
        log("disposed")
      }
    }
  }
}

/// Timestamps for `debug`.
public enum DebugTimestamp {
  /// The wall-clock time, as `debug` writes it by default: UTC, ISO 8601, milliseconds.
  public static func wallClock() -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date())
  }
}
