// The app's decoder helpers: spawned, reused, killed and replaced, never left as zombies.
import CDecoderIPC
import CImaging
import Foundation
import ImageBrowserCore
import Reactive

/// Decoder helper processes (`image-browser-decoder`), at most `capacity` kept idle,
/// each decoding one request at a time; the glycin model (GNOME's Loupe).
///
/// `decode` takes an idle helper (or spawns one), sends the request and waits; the
/// helper answers with the pixels in a sealed memory file, which the app maps without
/// copying. A decode no longer wanted is asked to stop (the helper checks between
/// chunks of the file) and the caller returns at once; a helper that has not answered
/// within `cancelGrace`, or a decode past `timeLimit`, is killed (SIGKILL: a loader stuck
/// in a loop cannot be stopped any other way) and a fresh one is spawned in its place; a helper that dies (abort, segfault, out of its memory
/// limit) costs only that image, whose message says the decoder stopped.
///
/// Helpers are spawned with `posix_spawn` (no shell) from a thread that lives as long as
/// the process (one per nice level, sitting at that level, so a lowered pool's helpers
/// start lowered: even their loading gives way): the helper asks the kernel to kill it
/// when the thread that spawned it ends (`PR_SET_PDEATHSIG`), so a dying app takes its
/// helpers along.
/// The same thread reaps every helper that ends (`waitpid`), so none stays a zombie.
/// Each helper's address space is limited to `memoryLimit` bytes (`RLIMIT_AS`).
package nonisolated final class DecoderPool: @unchecked Sendable {
  // @unchecked: the idle list is under `state`; `launcher` serializes spawns and reaps.

  /// The helper's file name, looked up beside the app's executable.
  package static let executableName = "image-browser-decoder"

  /// The helper executable.
  package let executable: URL
  /// How many idle helpers are kept (the number of threads that decode at once).
  package let capacity: Int
  /// How long one decode may take before its helper is killed.
  package let timeLimit: Duration
  /// The address space each helper may use, in bytes.
  package let memoryLimit: Int
  /// How long a helper asked to stop may take to answer before it is killed.
  package let cancelGrace: Duration
  /// How many nice levels below the app its helpers run.
  package let niceness: Int32
  private let arguments: [String]

  private struct State {
    var idle: [DecoderProcess] = []
    /// Helpers being spawned for the idle list, counted so a burst does not overfill it.
    var warming = 0
    /// Whether a helper has answered yet (the later warm-up then started).
    var answered = false
  }
  private let state = Locked(State())
  private let launcher: Launcher
  private let warmAfterFirstAnswer: Int

  /// A pool of helpers run from `executable`.
  /// - Parameters:
  ///   - capacity: the most helpers kept idle; one per decoding thread.
  ///   - timeLimit: how long a decode may run before it is stopped.
  ///   - memoryLimit: `RLIMIT_AS` for each helper; by default room for its libraries
  ///     and three images of the decode budget (the loader's, the oriented copy, the
  ///     colour-managed one at worst).
  ///   - cancelGrace: how long a helper asked to stop (its image no longer wanted)
  ///     may take to answer before it is killed and replaced. A loader working
  ///     normally stops within one 128 KB chunk (a few milliseconds); one stuck burns
  ///     a core the next image needs until it is killed.
  ///   - catalogues: the gettext catalogues, so the helper's messages are translated.
  ///   - testHooks: starts helpers with the test-only loader behaviours (debug builds).
  ///   - testStartDelay: with `testHooks`, how long each helper waits before it says it
  ///     has started (a slow start, as on a loaded machine).
  ///   - niceness: how many nice levels below the app the helpers run: a pool serving
  ///     background work (thumbnails) gives way to one serving the viewer. A helper
  ///     cannot raise its priority again, so a pool keeps one level for its life.
  ///   - warm: how many helpers to start now.
  ///   - warmAfterFirstAnswer: how many more to start once the first request has been
  ///     answered: the viewer's spare (so the image after a killed decode does not wait
  ///     for a process to start), started after the first image rather than beside it
  ///     (a helper's start, mostly the dynamic loader, takes 15–25 ms of CPU on a
  ///     normal machine and was 0.15 s on a slow one: CPU the first image needs).
  package init(
    executable: URL, capacity: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
    timeLimit: Duration = .seconds(10),
    memoryLimit: Int = 512 << 20 + 3 * DecodeBudget.pixels * 4,
    cancelGrace: Duration = .milliseconds(50), catalogues: URL? = nil,
    testHooks: Bool = false, testStartDelay: Duration = .zero, niceness: Int32 = 0,
    warm: Int = 2, warmAfterFirstAnswer: Int = 0
  ) {
    self.executable = executable
    self.cancelGrace = cancelGrace
    self.niceness = niceness
    self.capacity = max(1, capacity)
    self.timeLimit = timeLimit
    self.memoryLimit = memoryLimit
    self.warmAfterFirstAnswer = warmAfterFirstAnswer
    launcher = Launcher(niceness: niceness)
    var arguments = [
      "--socket", "3", "--parent", String(getpid()), "--memory-limit", String(memoryLimit),
    ]
    if let catalogues { arguments += ["--catalogues", catalogues.path] }
    if testHooks { arguments.append("--test-hooks") }
    if testHooks, testStartDelay > .zero {
      arguments += ["--test-start-delay", String(testStartDelay.milliseconds)]
    }
    self.arguments = arguments
    for _ in 0..<min(warm, self.capacity) { warmOne() }
  }

  /// The helper beside the running executable, if it is there and executable.
  package static func executableBesideApp() -> URL? {
    guard let app = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    let helper = app.deletingLastPathComponent().appendingPathComponent(executableName)
    return access(helper.path, X_OK) == 0 ? helper : nil
  }

  /// How many helpers wait for a request now.
  package var idleCount: Int { state.withLock { $0.idle.count } }

  /// Decodes `url` in a helper to fit `box` within `budget`, the pixels laid out as
  /// `layout` says; `isCancelled` is checked every few milliseconds while the helper
  /// works.
  package func decode(
    _ url: URL, fitting box: PixelSize?, budget: Int,
    layout: DecoderRequest.PixelLayout = .pixbuf, isCancelled: () -> Bool
  ) -> Result<DecoderProcessResult, DecodeFailure> {
    let request = DecoderRequest(
      path: Array(FilePathBytes.bytes(of: url)), box: box, budget: budget, layout: layout)
    return run(request, isCancelled: isCancelled)
  }

  /// The preview embedded in `url`'s metadata (`EmbeddedPreview`), read in a helper.
  package func embeddedPreview(_ url: URL, isCancelled: () -> Bool) -> Result<
    DecoderProcessResult, DecodeFailure
  > {
    run(
      DecoderRequest(embeddedPreviewOf: Array(FilePathBytes.bytes(of: url))),
      isCancelled: isCancelled)
  }

  /// Renders `render` of the SVG document in the sealed memory file `document` in a
  /// helper; `nil` when it was not wanted any more, failed or the helper died (the
  /// viewer then keeps the raster). librsvg cannot stop a render halfway, so a render
  /// no longer wanted ends with its helper after `cancelGrace`, as a stuck decode does.
  package func render(_ render: VectorRender, of document: Int32, isCancelled: () -> Bool)
    -> CairoSurface?
  {
    guard
      case .success(let result) = run(
        DecoderRequest(render: render), sending: document, isCancelled: isCancelled)
    else { return nil }
    defer { if result.descriptor >= 0 { close(result.descriptor) } }
    guard case .rendered(let layout) = result.reply, result.descriptor >= 0,
      layout.size == PixelSize(width: render.region.width, height: render.region.height)
    else { return nil }
    return SharedRender.map(result.descriptor, as: layout)
  }

  /// Sends `request` (with the memory file `descriptor`) to an idle helper and waits
  /// for its answer, stopping, killing and replacing the helper as the type's
  /// documentation says.
  private func run(
    _ request: DecoderRequest, sending descriptor: Int32 = -1, isCancelled: () -> Bool
  ) -> Result<DecoderProcessResult, DecodeFailure> {
    if isCancelled() { return .failure(.cancelled) }
    guard let helper = take() else {
      return .failure(.failed(tr("The decoder could not be started.")))
    }
    let outcome = helper.decode(
      request, sending: descriptor, timeLimit: timeLimit, isCancelled: isCancelled)
    switch outcome {
    case .reply(let reply, let descriptor):
      give(back: helper)
      warmAfterAnswer()
      return .success(DecoderProcessResult(reply: reply, descriptor: descriptor))
    case .cancelled:
      drain(helper)
      return .failure(.cancelled)
    case .timedOut:
      retire(helper, replace: true)
      let seconds = Int(timeLimit.components.seconds)
      return .failure(
        .timedOut(
          trn(
            "The decoder took more than %d second on this file and was stopped.",
            "The decoder took more than %d seconds on this file and was stopped.", seconds,
            seconds)))
    case .died(let why):
      let status = Launcher.reap(helper.pid)
      warmOne()
      return .failure(.failed(Self.describe(status) ?? why))
    }
  }

  /// What a helper's end status says, for a person: "The decoder stopped on this file
  /// (Aborted)."
  private static func describe(_ status: Int32?) -> String? {
    guard let status else { return nil }
    let signal = status & 0x7f
    if signal != 0, signal != 0x7f {
      let name = strsignal(signal).map { String(cString: $0) } ?? String(signal)
      // TRANSLATORS: %s is the system's name for how the decoder ended, e.g. "Aborted".
      return tr("The decoder stopped on this file (%s).", name)
    }
    let code = (status >> 8) & 0xff
    return tr("The decoder stopped on this file (exit status %d).", code)
  }

  /// An idle helper, or a new one. The launcher runs one job at a time, so a helper
  /// being warmed when this is asked arrives first and is taken, rather than a second
  /// one being started beside it.
  private func take() -> DecoderProcess? {
    if let helper = state.withLock({ $0.idle.popLast() }) { return helper }
    let taken = Locked<DecoderProcess?>(nil)
    launcher.sync { [self] in
      let helper =
        state.withLock { $0.idle.popLast() } ?? Launcher.spawnHere(executable, arguments: arguments)
      taken.withLock { $0 = helper }
    }
    return taken.withLock { $0 }
  }

  /// Keeps `helper` for the next request, unless enough are idle.
  private func give(back helper: DecoderProcess) {
    guard helper.isReusable else {
      retire(helper, replace: true)
      return
    }
    let kept = state.withLock { state in
      guard state.idle.count + state.warming < capacity else { return false }
      state.idle.append(helper)
      return true
    }
    if !kept { retire(helper, replace: false) }
  }

  /// Waits for a cancelled helper's answer off the caller's thread (the viewer's next
  /// decode takes another helper meanwhile): one that stops within `cancelGrace` is
  /// kept; one that does not (stuck in a loader) is killed and replaced.
  private func drain(_ helper: DecoderProcess) {
    let grace = cancelGrace
    DispatchQueue.global(qos: .utility).async { [weak self] in
      let answered = helper.drain(grace: grace)
      guard let self else {
        helper.kill()
        Launcher().reapLater(helper)
        return
      }
      if answered { give(back: helper) } else { retire(helper, replace: true) }
    }
  }

  /// Kills `helper` (if still running) and reaps it on the launcher's thread; spawns a
  /// replacement into the idle list when `replace`.
  private func retire(_ helper: DecoderProcess, replace: Bool) {
    helper.kill()
    // The replacement first: the launcher runs jobs in order, and a helper killed in
    // the middle of a large decode may take a moment to be reaped.
    if replace { warmOne() }
    launcher.reapLater(helper)
  }

  /// Starts the `warmAfterFirstAnswer` helpers after the first answer, once.
  private func warmAfterAnswer() {
    let first = state.withLock { state in
      defer { state.answered = true }
      return !state.answered
    }
    guard first else { return }
    for _ in 0..<warmAfterFirstAnswer { warmOne() }
  }

  /// Spawns one helper into the idle list, on the launcher's thread, unless the list is
  /// full.
  private func warmOne() {
    let wanted = state.withLock { state in
      guard state.idle.count + state.warming < capacity else { return false }
      state.warming += 1
      return true
    }
    guard wanted else { return }
    launcher.async { [weak self, executable, arguments] in
      let helper = Launcher.spawnHere(executable, arguments: arguments)
      guard let self else {
        // The pool went while this one started: end it here (this is the launcher's
        // thread), so it does not linger as a zombie.
        if let helper {
          helper.kill()
          _ = Launcher.reap(helper.pid)
        }
        return
      }
      let surplus: DecoderProcess? = state.withLock { state in
        state.warming -= 1
        guard let helper else { return nil }
        guard state.idle.count < capacity else { return helper }
        state.idle.append(helper)
        return nil
      }
      if let surplus { retire(surplus, replace: false) }
    }
  }

  deinit {
    for helper in state.withLock({ $0.idle }) {
      helper.kill()
      launcher.reapLater(helper)
    }
  }
}

/// A helper's successful reply: the layout and the memory file holding the pixels
/// (`-1` for a failure reply), which the receiver closes.
package nonisolated struct DecoderProcessResult: Sendable {
  let reply: DecoderReply
  let descriptor: Int32
}

/// The thread that spawns and reaps the helpers of one nice level. It never ends (a
/// helper's parent-death signal fires when the thread that spawned it ends), so it is
/// shared by every pool of that level; it sits at that level, which a spawned helper
/// inherits from its first instruction (Linux keeps the nice value per thread).
nonisolated private final class Launcher: Sendable {
  /// The launcher threads, by nice level, made on first use.
  private static let threads = Locked<[Int32: LauncherThread]>([:])

  private let thread: LauncherThread

  /// The launcher of helpers `niceness` levels below the app.
  init(niceness: Int32 = 0) {
    thread = Self.threads.withLock { threads in
      if let thread = threads[niceness] { return thread }
      let thread = LauncherThread(niceness: niceness)
      threads[niceness] = thread
      return thread
    }
  }

  /// Runs `job` on the launcher thread.
  func async(_ job: @escaping @Sendable () -> Void) { thread.enqueue(job) }

  /// Runs `job` on the launcher thread and waits for it.
  func sync(_ job: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    thread.enqueue {
      job()
      done.signal()
    }
    done.wait()
  }

  /// Reaps a helper that has ended (or is ending) and returns its wait status.
  static func reap(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return nil }
    }
    return status
  }

  /// Reaps a killed helper on the launcher thread (it may take a moment to die).
  func reapLater(_ helper: DecoderProcess) {
    let pid = helper.pid
    thread.enqueue { _ = Launcher.reap(pid) }
  }

  /// Spawns a helper from the calling thread: a socket pair, the child's end as
  /// descriptor 3 and no other descriptor of the app's beyond the standard three, signals back to their defaults, Swift's crash backtraces off (a
  /// crashing loader should end at once, quietly).
  static func spawnHere(_ executable: URL, arguments: [String]) -> DecoderProcess? {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
    defer { close(ends[1]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 3)
    cipc_spawn_close_from(&actions, 4)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let argv = [executable.path] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let status = withCStrings(argv) { argv in
      withCStrings(envp) { envp in
        posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
      }
    }
    guard status == 0 else {
      close(ends[0])
      return nil
    }
    return DecoderProcess(pid: pid, socket: ends[0])
  }
}

/// Calls `body` with a NULL-terminated array of C strings.
nonisolated private func withCStrings<R>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
) -> R {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { for pointer in pointers { free(pointer) } }
  return body(pointers)
}

/// A thread running jobs in order, for the life of the process.
nonisolated private final class LauncherThread: @unchecked Sendable {
  // @unchecked: `jobs` is only touched with `condition` locked.
  private var jobs: [@Sendable () -> Void] = []
  private let condition = NSCondition()

  /// A thread `niceness` levels below the one that makes it.
  init(niceness: Int32) {
    let thread = Thread { [self] in
      if niceness > 0 { _ = cimaging_lower_thread_priority(niceness) }
      while true {
        condition.lock()
        while jobs.isEmpty { condition.wait() }
        let job = jobs.removeFirst()
        condition.unlock()
        job()
      }
    }
    thread.name = "image-browser.decoder-launcher"
    thread.start()
  }

  func enqueue(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }
}
