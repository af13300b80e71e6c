// The helper's side: answer decode requests one at a time until the app goes.
import CDecoderIPC
import CImaging
import Foundation
import ImageBrowserCore

/// What `image-browser-decoder` does: reads one request at a time from its socket,
/// decodes it with `ImageDecoder` and answers with the pixels in a sealed memory file
/// (`SharedPixels`) or the reason there are none. It ends when the socket closes (the
/// app let it go, or died).
///
/// The process is disposable by design: the app kills it when the image is no longer
/// wanted or the decode runs too long, and a crash in a loader ends it alone.
package nonisolated enum DecoderService {
  /// The arguments the app passes; see `HelperProcessPool`.
  package struct Options: Sendable {
    /// The socket, inherited as this descriptor.
    package var socket: Int32 = 3
    /// The app's process id: the helper ends at once if its parent is another.
    package var parent: pid_t?
    /// The address space the helper may use, in bytes (`RLIMIT_AS`), or `nil`.
    package var memoryLimit: Int?
    /// The processor time one request may use, in milliseconds (`RLIMIT_CPU`, in whole
    /// seconds rounded up), or `nil`.
    package var cpuLimit: Int?
    /// The gettext catalogues, for failure messages in the user's language.
    package var catalogues: URL?
    /// Whether the test-only loader behaviours are on (debug builds only; see
    /// `TestLoaderBehaviour`).
    package var testHooks = false
    /// How long the helper waits before it says it has started, with `testHooks`
    /// (debug builds only): a helper slow to start, as on a loaded machine.
    package var testStartDelay = 0
    /// How long the helper waits before each decode, with `testHooks` (debug builds
    /// only): a helper a test can find busy.
    package var testRequestDelay = 0
    /// Whether the seccomp filter is put in place (`--no-sandbox` says no: the app
    /// never passes it; `Benchmarks/app/helper_start.py --compare` does, to time the
    /// filter).
    package var sandboxed = true

    /// The options in `arguments` (`CommandLine.arguments` without the program).
    package init(arguments: [String]) {
      var iterator = arguments.makeIterator()
      while let argument = iterator.next() {
        switch argument {
        case "--socket": socket = iterator.next().flatMap { Int32($0) } ?? socket
        case "--parent": parent = iterator.next().flatMap { pid_t($0) }
        case "--memory-limit": memoryLimit = iterator.next().flatMap { Int($0) }
        case "--cpu-limit": cpuLimit = iterator.next().flatMap { Int($0) }
        case "--catalogues": catalogues = iterator.next().map { URL(fileURLWithPath: $0) }
        case "--test-hooks": testHooks = true
        case "--no-sandbox": sandboxed = false
        case "--test-start-delay": testStartDelay = iterator.next().flatMap { Int($0) } ?? 0
        case "--test-request-delay":
          testRequestDelay = iterator.next().flatMap { Int($0) } ?? 0
        default: break
        }
      }
    }
  }

  /// Sets the process up (parent death signal, limits, last words), runs `sandbox`
  /// once its libraries are loaded (it returns why it could not be put in place, or
  /// `nil`), and serves requests until the socket closes; returns the exit status.
  package static func run(_ options: Options, sandbox: () -> String? = { nil }) -> Int32 {
    // Killed with the app: the kernel sends SIGKILL when the spawning thread ends (the
    // app keeps that thread for its whole life); a parent already gone ends it now.
    _ = cipc_set_parent_death_signal(SIGKILL)
    if let parent = options.parent, getppid() != parent { return 1 }
    limitResources(memory: options.memoryLimit)
    LastWords.start(socket: options.socket, memoryLimit: options.memoryLimit)
    preloadCommonLoaders()
    // A sanitizer's runtime makes calls of its own (a symbolizer it starts, its shadow
    // memory): under one (`make sanitize`), the helper runs without the filter.
    if options.sandboxed, !isSanitized, let problem = sandbox() {
      FileHandle.standardError.write(
        Data("image-browser-decoder: running without its sandbox: \(problem)\n".utf8))
    }
    if options.testHooks { TestLoaderBehaviour.delayStart(milliseconds: options.testStartDelay) }
    guard sendPacket(readyPacket, on: options.socket) else { return 1 }
    var documents = DocumentCache()
    while let (packet, descriptor) = receivePacket(on: options.socket) {
      defer { if descriptor >= 0 { close(descriptor) } }
      // A cancel that came after the answer: nothing to stop.
      if packet == cancelPacket { continue }
      guard let request = DecoderRequest(packet: packet) else {
        _ = sendPacket(
          DecoderReply.failed(tr("The decoder does not understand this request.")).encoded,
          on: options.socket)
        continue
      }
      if let cpuLimit = options.cpuLimit { limitProcessorTime(forNext: cpuLimit) }
      if options.testHooks {
        TestLoaderBehaviour.delayStart(milliseconds: options.testRequestDelay)
      }
      if let render = request.render {
        let document = documents.document(render, in: descriptor)
        if options.testHooks, let document { TestLoaderBehaviour.act(onContent: document.head) }
        answer(render, of: document?.document, on: options.socket)
        continue
      }
      if options.testHooks { TestLoaderBehaviour.act(on: request.path) }
      answer(request, on: options.socket)
    }
    return 0
  }

  /// The last SVG document a helper rendered, kept parsed: zooming and panning ask for
  /// region after region of one document, and the pool hands the helper that answered
  /// last to the next request.
  private struct DocumentCache {
    var last: (id: UInt64, document: SvgDocument, head: [UInt8])?

    /// The document `render` names: the one kept, or the one in the memory file
    /// `descriptor` (which then replaces it); `nil` when neither is there.
    mutating func document(_ render: VectorRender, in descriptor: Int32) -> (
      document: SvgDocument, head: [UInt8]
    )? {
      if let last, last.id == render.documentID { return (last.document, last.head) }
      guard descriptor >= 0, let data = SvgDocument.contents(ofSealed: descriptor) else {
        return nil
      }
      let document = SvgDocument(data: data, size: render.size)
      last = (render.documentID, document, Array(data.prefix(64)))
      return (document, Array(data.prefix(64)))
    }
  }

  /// Renders `render` of `document` and sends the reply.
  private static func answer(_ render: VectorRender, of document: SvgDocument?, on socket: Int32) {
    guard let document, let surface = document.render(render.region),
      let (descriptor, layout) = SharedRender.write(surface)
    else {
      _ = sendPacket(
        DecoderReply.failed(tr("The image could not be rendered sharp.")).encoded, on: socket)
      return
    }
    defer { close(descriptor) }
    _ = sendPacket(DecoderReply.rendered(layout).encoded, on: socket, with: descriptor)
  }

  /// Decodes `request` and sends the reply.
  private static func answer(_ request: DecoderRequest, on socket: Int32) {
    let url = FilePathBytes.url(forPath: request.path)
    // Between two chunks of the file, the decoder looks whether the app asked to stop.
    var cancelled = false
    let isCancelled = {
      if !cancelled, hasPacket(on: socket), receivePacket(on: socket)?.packet == cancelPacket {
        cancelled = true
      }
      return cancelled
    }
    if request.layout == .surface, request.operation == .decode {
      let result = ImageDecoder.decodeUnturned(
        url, fitting: request.box, budget: request.budget, isCancelled: isCancelled)
      if cancelled {
        _ = sendPacket(DecoderReply.cancelled.encoded, on: socket)
        return
      }
      answer(result, on: socket)
      return
    }
    let result =
      request.operation == .embeddedPreview
      ? EmbeddedPreview.decode(url)
      : ImageDecoder.decode(
        url, fitting: request.box, budget: request.budget, isCancelled: isCancelled)
    if cancelled {
      _ = sendPacket(DecoderReply.cancelled.encoded, on: socket)
      return
    }
    switch result {
    case .success(let image):
      guard let (descriptor, rowstride) = SharedPixels.write(image.pixbuf) else {
        _ = sendPacket(DecoderReply.failed(tr("Out of memory")).encoded, on: socket)
        return
      }
      defer { close(descriptor) }
      let pixels = DecoderReply.Pixels(
        size: image.size, rowstride: rowstride,
        hasAlpha: gdk_pixbuf_get_has_alpha(image.pixbuf) != 0, fullSize: image.fullSize,
        isTransposed: image.isTransposed, isCapped: image.isCapped, kind: image.kind,
        budget: image.budget)
      _ = sendPacket(DecoderReply.decoded(pixels).encoded, on: socket, with: descriptor)
    case .failure(let failure):
      let message = failure.message ?? tr("Unknown error")
      _ = sendPacket(DecoderReply.failed(message).encoded, on: socket)
    }
  }

  /// Sends the viewer's pixels of `result` in cairo's layout, turned upright
  /// (`SurfacePixels`), or why there are none.
  private static func answer(
    _ result: Result<ImageDecoder.Unturned, DecodeFailure>, on socket: Int32
  ) {
    let written: (descriptor: Int32, pixels: DecoderReply.Pixels)?
    switch result {
    case .failure(let failure):
      let message = failure.message ?? tr("Unknown error")
      _ = sendPacket(DecoderReply.failed(message).encoded, on: socket)
      return
    case .success(.pixels(let image, let orientation)):
      written = SurfacePixels.write(image.pixbuf, orientation: orientation, consuming: true).map {
        file in
        (
          file.descriptor,
          DecoderReply.Pixels(
            size: file.size, rowstride: file.stride, hasAlpha: file.hasAlpha,
            fullSize: image.fullSize, isTransposed: image.isTransposed,
            isCapped: image.isCapped, kind: image.kind, budget: image.budget, isSurface: true)
        )
      }
    case .success(.vector(let document, let size, let isCapped, let budget)):
      written = SurfacePixels.render(document, at: size).map { file in
        (
          file.descriptor,
          DecoderReply.Pixels(
            size: size, rowstride: file.stride, hasAlpha: true, fullSize: document.size,
            isTransposed: false, isCapped: isCapped, kind: .vector, budget: budget,
            isSurface: true)
        )
      }
    }
    guard let (descriptor, pixels) = written else {
      let message =
        if case .success(.vector) = result {
          tr("The image could not be drawn (librsvg refused it).")
        } else {
          tr("Out of memory")
        }
      _ = sendPacket(DecoderReply.failed(message).encoded, on: socket)
      return
    }
    defer { close(descriptor) }
    _ = sendPacket(DecoderReply.decoded(pixels).encoded, on: socket, with: descriptor)
  }

  /// Whether a packet waits on `socket`.
  private static func hasPacket(on socket: Int32) -> Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
  }

  /// Loads gdk-pixbuf's JPEG and PNG modules now, while the helper waits for its first
  /// request, rather than during it (a helper that replaces a killed one is asked at
  /// once).
  private static func preloadCommonLoaders() {
    for type in ["jpeg", "png"] {
      if let loader = gdk_pixbuf_loader_new_with_type(type, nil) {
        gdk_pixbuf_loader_close(loader, nil)
        g_object_unref(UnsafeMutableRawPointer(loader))
      }
    }
  }

  /// No core files (a crashing loader must not write one next to the photos or
  /// anywhere), and at most `memory` bytes of address space, so a decompression bomb
  /// that gets past the budget fails its allocation here instead of growing the app
  /// (not under a sanitizer, whose shadow memory needs the address space).
  private static func limitResources(memory: Int?) {
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    // A sanitizer reserves terabytes of address space for its shadow memory at start:
    // under one (`make sanitize`), the address-space limit would stop every allocation.
    if let memory, memory > 0, !isSanitized {
      var limit = rlimit(rlim_cur: rlim_t(memory), rlim_max: rlim_t(memory))
      _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }
  }

  /// Whether this process runs under AddressSanitizer or ThreadSanitizer.
  private static let isSanitized =
    dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil

  /// Lets the next request use `milliseconds` of processor time (whole seconds, rounded
  /// up) beyond what the helper has used so far: past that, the kernel ends it with
  /// SIGXCPU, which the app reads as the file's doing. The hard limit is left as it is.
  private static func limitProcessorTime(forNext milliseconds: Int) {
    var usage = rusage()
    var limit = rlimit()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0,
      getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit) == 0
    else { return }
    let used =
      Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
      + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    let seconds = rlim_t((used + milliseconds + 999) / 1000)
    limit.rlim_cur = min(seconds, limit.rlim_max)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
  }
}

/// Loader behaviours the tests need and no real file should trigger: a file whose
/// content starts with `image-browser-test:hang` makes the decoder hang, with
/// `image-browser-test:abort` abort, with `image-browser-test:crash` crash (SIGSEGV),
/// with `…:spin` loop burning processor time, with `…:allocate` ask GLib for a
/// terabyte, with `…:write PATH` try to write `PATH`, with `…:connect PORT` try to
/// connect to that port on 127.0.0.1, with `…:exec` try to run `/bin/true`.
/// Honoured only in debug builds, and only by a helper started with `--test-hooks`
/// (which only tests pass).
package nonisolated enum TestLoaderBehaviour {
  /// The prefix that marks a test file.
  package static let prefix = "image-browser-test:"

  /// Waits `milliseconds` before the helper says it has started.
  static func delayStart(milliseconds: Int) {
    #if DEBUG
      if milliseconds > 0 { usleep(useconds_t(milliseconds) * 1000) }
    #endif
  }

  /// Hangs, aborts or crashes if the file at `path` asks for it (see above).
  static func act(on path: [UInt8]) {
    #if DEBUG
      var bytes = path
      bytes.append(0)
      let descriptor = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK) }
      }
      guard descriptor >= 0 else { return }
      var head = [UInt8](repeating: 0, count: 512)
      let count = read(descriptor, &head, head.count)
      close(descriptor)
      guard count > 0 else { return }
      act(onContent: Array(head.prefix(count)))
    #endif
  }

  /// Hangs, aborts or crashes if a file starting with `head` asks for it (an SVG
  /// document sent for rendering is checked this way).
  static func act(onContent head: [UInt8]) {
    #if DEBUG
      let text = String(decoding: head, as: UTF8.self)
      guard text.hasPrefix(prefix) else { return }
      let what = text.dropFirst(prefix.count)
      if what.hasPrefix("hang") {
        while true { pause() }
      } else if what.hasPrefix("abort") {
        abort()
      } else if what.hasPrefix("crash") {
        // Ended by the signal itself, as a crashing loader is: no handler (a
        // sanitizer's, the runtime's) gets to report a crash that is the test's.
        signal(SIGSEGV, SIG_DFL)
        raise(SIGSEGV)
      } else if what.hasPrefix("spin") {
        // A loader in a loop, burning processor time until a limit stops it.
        var counter = 0
        while true { counter = counter &+ Int(getpid()) }
      } else if what.hasPrefix("allocate") {
        // A loader asking GLib for more memory than the helper may have: GLib ends the
        // process, after its last words.
        let block = g_malloc(1 << 40)
        g_free(block)
      } else if what.hasPrefix("write ") {
        // A loader gone wrong writing a file (the sandbox refuses the open).
        let path = String(what.dropFirst(6).prefix { $0 != "\n" })
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if descriptor >= 0 {
          _ = write(descriptor, "escaped", 7)
          close(descriptor)
        }
      } else if what.hasPrefix("connect ") {
        // … reaching the network (the sandbox refuses the socket).
        let port = UInt16(String(what.dropFirst(8).prefix { $0 != "\n" })) ?? 0
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if descriptor >= 0 {
          var address = sockaddr_in()
          address.sin_family = sa_family_t(AF_INET)
          address.sin_port = port.bigEndian
          address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
          _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
              connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
          }
          close(descriptor)
        }
      } else if what.hasPrefix("exec") {
        // … running a program (the sandbox ends the helper).
        _ = execv("/bin/true", [strdup("/bin/true"), nil])
      }
    #endif
  }
}
