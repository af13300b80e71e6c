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
/// in a loop cannot be stopped any other way) and a fresh one is spawned in its place.
///
/// A helper that dies costs only that image, and only when the file is to blame: one
/// stopped by its own limits on this request (processor time, its sandbox, memory a
/// loader could not get) fails the file at once, with a message naming the cause; one
/// that ends any other way (killed or stopped from outside, or crashing in a helper that
/// had served other files) has the request sent again, once, to a helper started for
/// it; a crash there is the file's. What is left after that is said to be an
/// interruption, which a thumbnail cache does not record.
///
/// Helpers are spawned with `posix_spawn` (no shell) from a thread that lives as long as
/// the process (one per nice level, sitting at that level, so a lowered pool's helpers
/// start lowered: even their loading gives way): the helper asks the kernel to kill it
/// when the thread that spawned it ends (`PR_SET_PDEATHSIG`), so a dying app takes its
/// helpers along. That thread runs a GLib main context of its own, where GLib's child
/// watch reaps every helper as soon as it ends, whatever it was doing (idle, busy,
/// stopped and killed), so none stays a zombie, and an idle one that died is dropped
/// from the idle list (and replaced) before a request can reach it.
/// Each helper's address space is limited to `memoryLimit` bytes (`RLIMIT_AS`), each
/// request to `cpuLimit` of processor time (`RLIMIT_CPU`), and the helper runs under a
/// seccomp filter (`Sources/CDecoderSandbox`).
package nonisolated final class HelperProcessPool: @unchecked Sendable {
  // @unchecked: the idle and busy lists are under `state`; `launcher` serializes spawns.

  /// The helper's file name, looked up beside the app's executable.
  package static let executableName = "image-browser-decoder"

  /// The helper executable.
  package let executable: URL
  /// How many idle helpers are kept (the number of threads that decode at once).
  package let capacity: Int
  /// How long one decode may take before its helper is killed.
  package let timeLimit: Duration
  /// How much processor time one request may use before the kernel stops its helper.
  package let cpuLimit: Duration
  /// The address space each helper may use, in bytes.
  package let memoryLimit: Int
  /// How long a helper asked to stop may take to answer before it is killed.
  package let cancelGrace: Duration
  /// How many nice levels below the app its helpers run.
  package let niceness: Int32
  private let arguments: [String]
  /// The helpers' environment, as `NAME=value` lines.
  private let environment: [String]

  private struct State {
    var idle: [DecoderProcess] = []
    /// Helpers serving a request now.
    var busy: [DecoderProcess] = []
    /// Helpers being spawned for the idle list, counted so a burst does not overfill it.
    var warming = 0
    /// Whether a helper has answered yet (the later warm-up then started).
    var answered = false
    /// Whether the pool has gone (its helpers are being ended).
    var isClosed = false
  }
  private let state = Locked(State())
  private let launcher: Launcher
  private let warmAfterFirstAnswer: Int

  /// A pool of helpers run from `executable`.
  /// - Parameters:
  ///   - capacity: the most helpers kept idle; one per decoding thread.
  ///   - timeLimit: how long a decode may run before it is stopped.
  ///   - cpuLimit: how much processor time one request may use: a little under
  ///     `timeLimit`, so a loader that spins is stopped by its own processor time,
  ///     which says something about the file (and a thumbnail cache records it), while
  ///     one that waits, or a machine too busy to give it that much in `timeLimit`,
  ///     meets the time limit, which says nothing about the file.
  ///   - memoryLimit: `RLIMIT_AS` for each helper; by default room for its libraries
  ///     and three images of the decode budget (the loader's pixels, the memory file
  ///     they are written to, and a progressive JPEG's coefficients at worst).
  ///   - cancelGrace: how long a helper asked to stop (its image no longer wanted)
  ///     may take to answer before it is killed and replaced. A loader working
  ///     normally stops within one 128 KB chunk (a few milliseconds); one stuck burns
  ///     a core the next image needs until it is killed.
  ///   - catalogues: the gettext catalogues, so the helper's messages are translated.
  ///   - testHooks: starts helpers with the test-only loader behaviours (debug builds).
  ///   - testStartDelay: with `testHooks`, how long each helper waits before it says it
  ///     has started (a slow start, as on a loaded machine).
  ///   - testRequestDelay: with `testHooks`, how long each helper waits before it
  ///     decodes a request (so a test can find it busy).
  ///   - niceness: how many nice levels below the app the helpers run: a pool serving
  ///     background work (thumbnails) gives way to one serving the viewer. A helper
  ///     cannot raise its priority again, so a pool keeps one level for its life.
  ///   - environment: variables set for the helpers beside the app's own (the fuzz
  ///     run's `G_DEBUG=fatal-warnings`, so a GLib warning in a loader ends its helper
  ///     and shows as the file's failure).
  ///   - warm: how many helpers to start now.
  ///   - warmAfterFirstAnswer: how many more to start once the first request has been
  ///     answered: the viewer's spare (so the image after a killed decode does not wait
  ///     for a process to start), started after the first image rather than beside it
  ///     (a helper's start, mostly the dynamic loader, takes 15–25 ms of CPU on a
  ///     normal machine and was 0.15 s on a slow one: CPU the first image needs).
  package init(
    executable: URL, capacity: Int = ProcessInfo.processInfo.activeProcessorCount + 1,
    timeLimit: Duration = .seconds(10), cpuLimit: Duration = .seconds(8),
    memoryLimit: Int = 512 << 20 + 3 * DecodeBudget.bytes(of: DecodeBudget.pixels),
    cancelGrace: Duration = .milliseconds(50), catalogues: URL? = nil,
    testHooks: Bool = false, testStartDelay: Duration = .zero,
    testRequestDelay: Duration = .zero, niceness: Int32 = 0,
    environment: [String: String] = [:], warm: Int = 2, warmAfterFirstAnswer: Int = 0
  ) {
    self.executable = executable
    self.cancelGrace = cancelGrace
    self.niceness = niceness
    self.capacity = max(1, capacity)
    self.timeLimit = timeLimit
    self.cpuLimit = cpuLimit
    self.memoryLimit = memoryLimit
    self.warmAfterFirstAnswer = warmAfterFirstAnswer
    launcher = Launcher(niceness: niceness)
    var arguments = [
      "--socket", "3", "--parent", String(getpid()), "--memory-limit", String(memoryLimit),
      "--cpu-limit", String(max(1, cpuLimit.milliseconds)),
    ]
    if let catalogues { arguments += ["--catalogues", catalogues.path] }
    if testHooks { arguments.append("--test-hooks") }
    if testHooks, testStartDelay > .zero {
      arguments += ["--test-start-delay", String(testStartDelay.milliseconds)]
    }
    if testHooks, testRequestDelay > .zero {
      arguments += ["--test-request-delay", String(testRequestDelay.milliseconds)]
    }
    self.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    // A crashing loader ends at once, quietly: no Swift backtrace.
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { _, new in new }
    self.environment = variables.map { "\($0.key)=\($0.value)" }
    for _ in 0..<min(warm, self.capacity) { warmOne() }
  }

  /// The helper beside the running executable, if it is there and executable.
  package static func executableBesideApp() -> URL? {
    guard let app = RunningExecutable.url else { return nil }
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

  /// The process ids of the helpers waiting for a request, and of those serving one
  /// (for tests that kill them).
  package var helperIDs: (idle: [pid_t], busy: [pid_t]) {
    state.withLock { ($0.idle.map(\.pid), $0.busy.map(\.pid)) }
  }

  /// Sends `request` (with the memory file `descriptor`) to an idle helper and waits
  /// for its answer, stopping, killing, replacing the helper and sending the request
  /// again as the type's documentation says.
  private func run(
    _ request: DecoderRequest, sending descriptor: Int32 = -1, isCancelled: () -> Bool
  ) -> Result<DecoderProcessResult, DecodeFailure> {
    var interruption: String?
    for attempt in 1...2 {
      if isCancelled() { return .failure(.cancelled) }
      // The second try goes to a helper started for it: one that served nothing else.
      guard let helper = attempt == 1 ? take() : spawnForRequest() else {
        return .failure(.interrupted(tr("The decoder could not be started.")))
      }
      state.withLock { $0.busy.append(helper) }
      let served = helper.answeredRequests
      let outcome = helper.decode(
        request, sending: descriptor, timeLimit: timeLimit, isCancelled: isCancelled)
      state.withLock { $0.busy.removeAll { $0 === helper } }
      switch outcome {
      case .reply(.ending(let message), let descriptor):
        // Out of memory: this file's doing, unless what earlier files left in the helper
        // took some of it; a helper started for the file tells.
        if descriptor >= 0 { close(descriptor) }
        retire(helper, replace: true)
        if served == 0 || attempt == 2 { return .failure(.failed(message)) }
        interruption = message
      case .reply(let reply, let descriptor):
        give(back: helper)
        warmAfterAnswer()
        return .success(DecoderProcessResult(reply: reply, descriptor: descriptor))
      case .cancelled:
        drain(helper)
        return .failure(.cancelled)
      case .timedOut(let wasStopped):
        retire(helper, replace: true)
        if wasStopped {
          interruption = tr("The decoder was stopped from outside the browser.")
          continue
        }
        let seconds = Int(timeLimit.components.seconds)
        return .failure(
          .timedOut(
            trn(
              "The decoder took more than %d second on this file and was stopped.",
              "The decoder took more than %d seconds on this file and was stopped.", seconds,
              seconds)))
      case .died(let why):
        warmOne()
        // The child watch reaps it at once: its status says how it ended.
        let status = helper.exitStatus(waitingAtMost: .seconds(2))
        switch cause(of: status, answered: served, attempt: attempt) {
        case .file(let message):
          return .failure(.failed(message ?? why))
        case .outside(let message):
          interruption = message ?? why
        }
      }
    }
    return .failure(
      .interrupted(
        tr(
          "The decoder was stopped twice while it worked on this file, from outside the browser (%s).",
          interruption ?? tr("Unknown error"))))
  }

  /// Who a helper's end is to blame on: the file (and what to say), or something
  /// outside it.
  private enum Cause {
    case file(String?)
    case outside(String?)
  }

  /// Why a helper that died without answering ended, from its wait `status` (`nil`:
  /// not known), after it had answered `answered` requests, on the `attempt`th try.
  private func cause(of status: Int32?, answered: Int, attempt: Int) -> Cause {
    guard let status else { return .outside(nil) }
    let signal = status & 0x7f
    guard signal != 0, signal != 0x7f else {
      // Exited by itself: a loader gave up on the file.
      let message = tr("The decoder stopped on this file (exit status %d).", (status >> 8) & 0xff)
      return answered == 0 || attempt == 2 ? .file(message) : .outside(message)
    }
    let name = strsignal(signal).map { String(cString: $0) } ?? String(signal)
    switch signal {
    case SIGXCPU:
      // The limit is set for each request: this one used it all.
      let seconds = Int((cpuLimit + .milliseconds(999)).components.seconds)
      return .file(
        trn(
          "The decoder used more than %d second of processor time on this file and was stopped.",
          "The decoder used more than %d seconds of processor time on this file and was stopped.",
          seconds, seconds))
    case SIGSYS:
      return .file(
        tr(
          "The decoder was stopped on this file: it tried to start a program or reach into another one, which decoders may not do."
        ))
    case SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP:
      // TRANSLATORS: %s is the system's name for how the decoder ended, e.g. "Aborted".
      let message = tr("The decoder stopped on this file (%s).", name)
      // A crash in a helper that served others may come from what they left behind.
      return answered == 0 || attempt == 2 ? .file(message) : .outside(message)
    default:
      // Killed, hung up on, terminated: by something outside the browser.
      return .outside(name)
    }
  }

  /// An idle helper, or a new one. The launcher runs one job at a time, so a helper
  /// being warmed when this is asked arrives first and is taken, rather than a second
  /// one being started beside it.
  private func take() -> DecoderProcess? {
    if let helper = state.withLock({ $0.idle.popLast() }) { return helper }
    let taken = Locked<DecoderProcess?>(nil)
    launcher.sync { [self] in
      let helper = state.withLock { $0.idle.popLast() } ?? spawnHere()
      taken.withLock { $0 = helper }
    }
    return taken.withLock { $0 }
  }

  /// A helper started now for one request (a request sent again after its helper died).
  private func spawnForRequest() -> DecoderProcess? {
    let taken = Locked<DecoderProcess?>(nil)
    launcher.sync { [self] in
      let helper = spawnHere()
      taken.withLock { $0 = helper }
    }
    return taken.withLock { $0 }
  }

  /// Spawns a helper from the launcher's thread (the caller is on it) and watches it:
  /// when it ends, GLib's child watch reaps it there and `ended(_:status:)` follows.
  private func spawnHere() -> DecoderProcess? {
    guard
      let helper = Launcher.spawnHere(executable, arguments: arguments, environment: environment)
    else { return nil }
    launcher.watch(helper) { [weak self] helper, status in
      self?.ended(helper, status: status)
    }
    return helper
  }

  /// `helper` has ended (the child watch reaped it, on the launcher's thread): one that
  /// died waiting for a request leaves the idle list, and another is started for it.
  private func ended(_ helper: DecoderProcess, status: Int32) {
    let wasIdle = state.withLock { state in
      guard let index = state.idle.firstIndex(where: { $0 === helper }) else { return false }
      state.idle.remove(at: index)
      return !state.isClosed
    }
    if wasIdle { warmOne() }
  }

  /// Keeps `helper` for the next request, unless enough are idle.
  private func give(back helper: DecoderProcess) {
    guard helper.isReusable, !helper.hasEnded else {
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
        return
      }
      if answered { give(back: helper) } else { retire(helper, replace: true) }
    }
  }

  /// Kills `helper` (if still running; the child watch reaps it); spawns a replacement
  /// into the idle list when `replace`.
  private func retire(_ helper: DecoderProcess, replace: Bool) {
    helper.kill()
    if replace { warmOne() }
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
      guard !state.isClosed, state.idle.count + state.warming < capacity else { return false }
      state.warming += 1
      return true
    }
    guard wanted else { return }
    launcher.async { [weak self] in
      guard let self else { return }
      let helper = spawnHere()
      let surplus: DecoderProcess? = state.withLock { state in
        state.warming -= 1
        guard let helper else { return nil }
        guard !state.isClosed, state.idle.count < capacity else { return helper }
        state.idle.append(helper)
        return nil
      }
      surplus?.kill()
    }
  }

  deinit {
    // The helpers end with their pool; the child watch reaps them.
    let idle = state.withLock { state in
      state.isClosed = true
      return state.idle
    }
    for helper in idle { helper.kill() }
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
  func async(_ job: @escaping @Sendable () -> Void) { thread.post(job) }

  /// Runs `job` on the launcher thread and waits for it.
  func sync(_ job: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    thread.post {
      job()
      done.signal()
    }
    done.wait()
  }

  /// Watches `helper` from the launcher thread's context (GLib's child watch): when it
  /// ends, it is reaped there, its status recorded (`DecoderProcess.ended(status:)`),
  /// then `ended` runs, on that thread. Call on the launcher thread, right after the
  /// spawn.
  func watch(
    _ helper: DecoderProcess, ended: @escaping @Sendable (DecoderProcess, Int32) -> Void
  ) {
    thread.watch(helper.pid) { status in
      helper.ended(status: status)
      ended(helper, status)
    }
  }

  /// Spawns a helper from the calling thread with `environment` (`NAME=value` lines): a
  /// socket pair, the child's end as descriptor 3 and no other descriptor of the app's
  /// beyond the standard three, signals back to their defaults.
  static func spawnHere(_ executable: URL, arguments: [String], environment: [String])
    -> DecoderProcess?
  {
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
    let argv = [executable.path] + arguments
    let envp = environment
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

/// A thread iterating a GLib main context of its own, for the life of the process: jobs
/// posted to it run there in order, and GLib's child watches attached to it reap the
/// helpers it spawned.
nonisolated private final class LauncherThread: @unchecked Sendable {
  // @unchecked: the context is GLib's, thread-safe; it is only iterated by the thread.
  private let context: OpaquePointer

  /// A thread `niceness` levels below the one that makes it.
  init(niceness: Int32) {
    context = g_main_context_new()
    let thread = Thread { [self] in
      if niceness > 0 { _ = cimaging_lower_thread_priority(niceness) }
      g_main_context_push_thread_default(context)
      let loop = g_main_loop_new(context, 0)
      g_main_loop_run(loop)
    }
    thread.name = "image-browser.decoder-launcher"
    thread.start()
  }

  /// Jobs posted and not run yet. They cross to the thread under Reactive's lock, not
  /// inside the GLib source that wakes it: GLib's own locking is a futex that
  /// ThreadSanitizer does not see, so it would take every handoff for a race.
  private let jobs = Locked<[@Sendable () -> Void]>([])

  /// Runs `job` on the thread, after the jobs posted before it.
  func post(_ job: @escaping @Sendable () -> Void) {
    jobs.withLock { $0.append(job) }
    // The thread lives as long as the process: its address needs no reference.
    let me = Unmanaged.passUnretained(self).toOpaque()
    let run: @convention(c) (gpointer?) -> gboolean = { data in
      Unmanaged<LauncherThread>.fromOpaque(data!).takeUnretainedValue().runPosted()
      return 0  // G_SOURCE_REMOVE
    }
    cimaging_context_post(context, run, me, nil)
  }

  /// Runs the jobs posted so far, in order (on the thread).
  private func runPosted() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { job() }
  }

  /// Calls `ended` with the wait status of the child `pid` once it has ended and been
  /// reaped, on this thread. Call on this thread.
  func watch(_ pid: pid_t, ended: @escaping @Sendable (Int32) -> Void) {
    let box = Unmanaged.passRetained(ExitBox(ended)).toOpaque()
    let exited: @convention(c) (GPid, gint, gpointer?) -> Void = { _, status, data in
      Unmanaged<ExitBox>.fromOpaque(data!).takeUnretainedValue().ended(status)
    }
    let release: @convention(c) (gpointer?) -> Void = { data in
      Unmanaged<ExitBox>.fromOpaque(data!).release()
    }
    cimaging_watch_child(context, pid, exited, box, release)
  }

  private final class ExitBox {
    let ended: @Sendable (Int32) -> Void
    init(_ ended: @escaping @Sendable (Int32) -> Void) { self.ended = ended }
  }
}
