// One decoder helper seen from the app: its process id and its end of the socket.
import CDecoderIPC
import Foundation
import ImageBrowserCore

/// A running `image-browser-decoder`, spawned by `DecoderPool`, used by one decode at a
/// time. `decode` sends the request and waits for the reply, looking every
/// `DecoderProcess.pollInterval` whether the caller still wants it and whether the time
/// limit has passed; when not, the helper is killed (it may be stuck inside a loader,
/// where nothing else stops it).
package nonisolated final class DecoderProcess: @unchecked Sendable {
  // @unchecked: used by one thread at a time (the pool hands it out to one decode).

  /// How often a waiting decode checks whether it is still wanted.
  static let pollInterval: Int32 = 5

  /// The helper's process id.
  package let pid: pid_t
  /// The app's end of the socket.
  let socket: Int32
  /// Whether it may serve another request (it answered the last one and was not killed).
  private(set) var isReusable = true
  /// Whether its `readyPacket` came: it has started.
  private var hasStarted = false

  /// How long a helper may take to start (load its libraries) before it counts as
  /// dead: far beyond any load, short of forever.
  static let startLimit: Duration = .seconds(60)

  init(pid: pid_t, socket: Int32) {
    self.pid = pid
    self.socket = socket
  }

  /// How a request ended, before the pixels are mapped.
  enum Outcome {
    case reply(DecoderReply, descriptor: Int32)
    case cancelled
    case timedOut
    /// The helper ended without answering: how, in words.
    case died(String)
  }

  /// Sends `request` (with the memory file `descriptor`, if any) and waits for the
  /// answer for `timeLimit` from the helper's start (its `readyPacket`; a helper that
  /// has served before has started), checking `isCancelled` all along. After
  /// `.cancelled` the helper has been asked to stop
  /// (`drain` then waits for its answer, or kills it); after `.timedOut` or `.died` it
  /// is dead (killed if need be) but not reaped: the pool reaps it.
  func decode(
    _ request: DecoderRequest, sending descriptor: Int32 = -1, timeLimit: Duration,
    isCancelled: () -> Bool
  ) -> Outcome {
    var deadline = ContinuousClock.now + (hasStarted ? timeLimit : Self.startLimit)
    guard sendPacket(request.encoded, on: socket, with: descriptor) else {
      isReusable = false
      return .died(tr("The decoder stopped before it could start on this file."))
    }
    while true {
      if isCancelled() {
        if !sendPacket(cancelPacket, on: socket) { kill() }
        return .cancelled
      }
      if ContinuousClock.now >= deadline {
        kill()
        return .timedOut
      }
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Self.pollInterval)
      if ready < 0, errno != EINTR {
        kill()
        return .died(String(cString: strerror(errno)))
      }
      guard ready > 0 else { continue }
      let received = receivePacket(on: socket)
      if received?.packet == readyPacket {
        hasStarted = true
        deadline = ContinuousClock.now + timeLimit
        continue
      }
      guard let (packet, fd) = received, let reply = DecoderReply(packet: packet) else {
        isReusable = false
        return .died(tr("The decoder stopped on this file."))
      }
      return .reply(reply, descriptor: fd)
    }
  }

  /// After a cancelled decode: waits up to `grace` for the helper's answer (it stops
  /// within one chunk of the file when its loader is working normally) and returns
  /// whether it answered and can serve again; one stuck in a loader is killed.
  func drain(grace: Duration) -> Bool {
    guard isReusable else { return false }
    // One still starting gets its start first (a spawn costs more than the wait).
    var deadline = ContinuousClock.now + (hasStarted ? grace : Self.startLimit)
    while ContinuousClock.now < deadline {
      var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Self.pollInterval)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      // The answer to the cancelled request: stopped, or finished before it saw the
      // cancel (its pixels are not wanted); or the helper saying it has started.
      let received = receivePacket(on: socket)
      if received?.packet == readyPacket {
        hasStarted = true
        deadline = ContinuousClock.now + grace
        continue
      }
      guard let (packet, fd) = received, DecoderReply(packet: packet) != nil else { break }
      if fd >= 0 { close(fd) }
      return true
    }
    kill()
    return false
  }

  /// Ends the helper now, wherever it is.
  func kill() {
    isReusable = false
    _ = Glibc.kill(pid, SIGKILL)
  }

  deinit { close(socket) }
}
