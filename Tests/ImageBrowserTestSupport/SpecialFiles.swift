// Special files for tests: FIFOs, sockets and links named like images or settings.
import Foundation
import Testing

@testable import ImageBrowserCore

/// Makes the special files a reliability run throws at the browser.
enum SpecialFiles {
  /// A FIFO (named pipe) at `url`: opening it for reading blocks until a writer comes.
  static func makeFIFO(at url: URL) {
    #expect(url.withFileSystemPath { mkfifo($0, 0o644) } == 0, "mkfifo \(url.path)")
  }

  /// A Unix socket file at `url` (bound, then closed: the file stays).
  static func makeSocket(at url: URL) {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(descriptor >= 0, "socket")
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let path = Array(url.path.utf8)
    precondition(path.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long")
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: path)
    }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0, "bind \(url.path)")
  }

  /// A symbolic link at `url` to `target`.
  static func makeLink(at url: URL, to target: String) {
    #expect(symlink(target, url.path) == 0, "symlink \(url.path)")
  }
}

/// Runs `body` on its own thread and returns its result, recording an issue if it
/// blocks: a regression check for code that must never wait on a FIFO.
///
/// A call that hangs has not returned after `limit`, far above any honest run on a
/// loaded machine (the limit only turns a hang into a failure; it measures nothing).
/// Then each FIFO in `fifos` is opened for writing and closed, again and again until
/// `body` returns: that releases a reader blocked opening one, so the suite goes on.
func withoutHanging<Result: Sendable>(
  unblocking fifos: [URL], limit: Duration = .seconds(20),
  _ body: @escaping @Sendable () -> Result
) -> Result {
  let done = DispatchSemaphore(value: 0)
  let result = ResultBox<Result>()
  Thread {
    result.value = body()
    done.signal()
  }.start()
  let seconds = Double(limit.components.seconds)
  if done.wait(timeout: .now() + seconds) == .timedOut {
    Issue.record("blocked for \(limit): a FIFO was opened blocking")
    // A reader may block on one FIFO after another: release them until it returns.
    repeat {
      for fifo in fifos {
        let writer = open(fifo.path, O_RDWR | O_NONBLOCK)
        if writer >= 0 { close(writer) }
      }
    } while done.wait(timeout: .now() + 0.1) == .timedOut
  }
  return result.value!
}

/// The result of `withoutHanging`'s thread.
private final class ResultBox<Value>: @unchecked Sendable {
  // @unchecked: written once by the thread before it signals, read after the wait.
  var value: Value?
}
