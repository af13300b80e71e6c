// The cost of GTK signals through GtkReactive: `clicked` emissions with a raw C handler,
// an `rx.clicked` subscriber and a map → filter chain; and connecting + disconnecting.
import BenchHarness
import CGtk
import GtkReactive
import Reactive

#if canImport(Glibc)
  import Glibc
#endif

// Options: --scale=N divides every count by N; --runs=N rounds (5 by default);
// --only=NAME runs one contender (raw, rx, chain, none, connect-raw, connect-rx,
// connect-rx-new, connect-floor, …) after a warm-up, for profiling (one run unless
// --runs says otherwise).
var scale = 1
var runs: Int?
var only: String?
for argument in CommandLine.arguments.dropFirst() {
  if argument.hasPrefix("--scale=") { scale = Int(argument.dropFirst(8)) ?? 1 }
  if argument.hasPrefix("--runs=") { runs = Int(argument.dropFirst(7)) }
  if argument.hasPrefix("--only=") { only = String(argument.dropFirst(7)) }
}
let rounds = runs ?? (only == nil ? 5 : 1)

guard MainLoop.initialize() else {
  print("gtk-bench: cannot open a display; run it under xvfb-run -a")
  exit(1)
}

let emissions = opaque(1_000_000 / scale)
let connections = opaque(100_000 / scale)
let button = Button(label: "Benchmark")
let buttonPointer = button.pointer(as: GtkButton.self)
let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
counter.initialize(to: 0)

/// `void (*)(GtkButton *, gpointer)`: the C signature of a `clicked` handler.
typealias ClickedHandler =
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

/// The raw handler: what a C programmer would connect.
private let rawClicked: ClickedHandler = { _, data in
  data!.assumingMemoryBound(to: Int.self).pointee &+= 1
}

func connectRaw() -> gulong {
  g_signal_connect_data(
    button.pointer, "clicked", unsafeBitCast(rawClicked, to: GCallback.self), counter, nil,
    GConnectFlags(rawValue: 0))
}

/// Emits `clicked` `emissions` times, as a click would.
func emit() {
  for _ in 0..<emissions { gtk_button_clicked(buttonPointer) }
}

/// Takes the counter's value as the checksum and resets it.
func takeCount() -> Int {
  defer { counter.pointee = 0 }
  return counter.pointee
}

let emissionContenders: [(String, () -> Trial)] = [
  (
    "no handler (the emission alone)",
    {
      Trial(run: emit, finish: takeCount)
    }
  ),
  (
    "raw C handler",
    {
      let id = connectRaw()
      return Trial(
        run: emit,
        finish: {
          g_signal_handler_disconnect(button.pointer, id)
          return takeCount()
        })
    }
  ),
  (
    "`rx.clicked` → subscribe",
    {
      let subscription = button.rx.clicked.subscribe(next: { counter.pointee &+= 1 })
      return Trial(
        run: emit,
        finish: {
          subscription.dispose()
          return takeCount()
        })
    }
  ),
  (
    "`rx.clicked` → map → filter → subscribe",
    {
      let subscription = button.rx.clicked
        .map { _ in 2 }
        .filter { $0 > 1 }
        .subscribe(next: { counter.pointee &+= $0 })
      return Trial(
        run: emit,
        finish: {
          subscription.dispose()
          return takeCount()
        })
    }
  ),
]

let clicked = button.rx.clicked

/// The floor's disposable: one object that disconnects a raw handler once, with none of
/// GtkReactive's guarantees (main thread only, no check that the instance is alive).
nonisolated final class RawHandler: Disposable, @unchecked Sendable {
  private let instance: UnsafeMutableRawPointer
  private var id: gulong

  init(_ instance: UnsafeMutableRawPointer, _ id: gulong) {
    self.instance = instance
    self.id = id
  }

  func dispose() {
    guard id != 0 else { return }
    g_signal_handler_disconnect(instance, id)
    id = 0
  }
}

/// The least any Signal over a GTK signal costs: Reactive's guard and one disposable
/// object around the raw connect, with none of GtkReactive's guarantees (no completion
/// when the button is destroyed, no check before disconnecting, no thread hop).
let rawInSignal = Signal<Void, Never> { _ in
  RawHandler(button.pointer, connectRaw())
}
let connectContenders: [(String, () -> Trial)] = [
  (
    "raw `g_signal_connect_data` + `g_signal_handler_disconnect`",
    {
      Trial(
        run: {
          for _ in 0..<connections {
            g_signal_handler_disconnect(button.pointer, connectRaw())
          }
        }, finish: takeCount)
    }
  ),
  (
    "`subscribe` + `dispose` (`rx.clicked` made once)",
    {
      Trial(
        run: {
          for _ in 0..<connections {
            clicked.subscribe(next: { counter.pointee &+= 1 }).dispose()
          }
        }, finish: takeCount)
    }
  ),
  (
    "`button.rx.clicked` + `subscribe` + `dispose`",
    {
      Trial(
        run: {
          for _ in 0..<connections {
            button.rx.clicked.subscribe(next: { counter.pointee &+= 1 }).dispose()
          }
        }, finish: takeCount)
    }
  ),
  (
    "floor: raw connect + disconnect in a `Signal` subscription",
    {
      Trial(
        run: {
          for _ in 0..<connections {
            rawInSignal.subscribe(next: { counter.pointee &+= 1 }).dispose()
          }
        }, finish: takeCount)
    }
  ),
]

let creations = opaque(100_000 / scale)
let shortNames = [
  "none", "raw", "rx", "chain", "connect-raw", "connect-rx", "connect-rx-new", "connect-floor",
  "create-c", "create-wrapper", "create-subclass", "property-builtin", "property-swift",
]

/// Prints one table; the overhead and ratio columns are measured against the contender at
/// `baseline`: the ratio of the medians, and the median of the rounds' ratios (each
/// contender's run over the baseline's run of the same round).
func report(
  _ title: String, events: Int, _ contenders: [(String, () -> Trial)],
  names: ArraySlice<String>, baseline: Int
) {
  var chosen = contenders
  if let only {
    chosen = zip(names, contenders).filter { $0.0 == only }.map(\.1)
    if chosen.isEmpty { return }
  }
  let figures = measure(events: events, runs: rounds, chosen.map(\.1))
  print("\n\(title) (\(events) per run, median of \(rounds) runs)\n")
  print("Baseline of the comparison columns: \(contenders[baseline].0)\n")
  print(
    "| contender | ns (median) | ns (best) | over baseline (median) | ratio | ratio by round |"
      + " allocs |")
  print("|---|---:|---:|---:|---:|---:|---:|")
  for (index, ((name, _), figure)) in zip(chosen, figures).enumerated() {
    let compared = only == nil && index > baseline
    let over =
      compared
      ? "+" + fixed(figure.nanosecondsPerEvent - figures[baseline].nanosecondsPerEvent) : ""
    let ratio =
      compared
      ? fixed(figure.nanosecondsPerEvent / figures[baseline].nanosecondsPerEvent, digits: 2)
        + "×" : ""
    let byRound = compared ? fixed(figure.medianRatio(to: figures[baseline]), digits: 2) + "×" : ""
    print(
      "| \(name) | \(fixed(figure.nanosecondsPerEvent)) | \(fixed(figure.bestNanosecondsPerEvent)) | \(over) | \(ratio) | "
        + "\(byRound) | \(fixed(figure.allocationsPerEvent, digits: 2)) |")
  }
}

print("gtk-bench: load average \(loadAverage()) at start")
report(
  "`clicked` emissions", events: emissions, emissionContenders, names: shortNames[0..<4],
  baseline: 1)
report(
  "Connect + disconnect", events: connections, connectContenders, names: shortNames[4..<8],
  baseline: 0)
report(
  "Widgets made and released", events: creations, creationContenders(count: creations),
  names: shortNames[8..<11], baseline: 1)
report(
  "Property set with one subscriber", events: emissions,
  propertyContenders(count: emissions, counter: counter), names: shortNames[11...], baseline: 0)
print("\ngtk-bench: load average \(loadAverage()) at end; checksum \(checksum)")
