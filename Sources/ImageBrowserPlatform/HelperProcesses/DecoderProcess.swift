// One decoder helper seen from the app: its process id, its end of the socket, how it ended.
import CDecoderIPC
import Foundation
import ImageBrowserCore
import Reactive

/// A running `image-browser-decoder`, spawned by `HelperProcessPool`, used by one decode at a
/// time. `decode` sends the request and waits for the reply, looking every
/// `DecoderProcess.pollInterval` whether the caller still wants it and whether the time
/// limit has passed; when not, the helper is killed (it may be stuck inside a loader,
/// where nothing else stops it).
///
/// How the process ended is recorded by the pool's child watch (`ended(status:)`), which
/// reaps it whatever it was doing; `exitStatus(waitingAtMost:)` waits for that record.
package nonisolated final class DecoderProcess: @unchecked Sendable {
  // @unchecked: used by one thread at a time (the pool hands it out to one decode); the
  // end status is under its own lock.

  /// How often a waiting decode checks whether it is still wanted.
  static let pollInterval: Int32 = 5
  /// How often a waiting decode looks whether the helper was stopped (SIGSTOP).
  static let stopCheckInterval: Duration = .milliseconds(200)

  /// The helper's process id.
  package let pid: pid_t
  /// The app's end of the socket.
  let socket: Int32
  /// Whether it may serve another request (it answered the last one and was not killed).
  private(set) var isReusable = true
  /// Whether its `readyPacket` came: it has started.
  private var hasStarted = false
  /// How many requests it has answered: a crash in a helper that has served others may
  /// come from what they left behind, not from the file.
  private(set) var answeredRequests = 0

  /// The wait status `waitpid` gave when the process ended, once it has.
  private let end = Locked<Int32?>(nil)
  private let ended = DispatchSemaphore(value: 0)

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
    /// Past the time limit; `wasStopped` when the process was found stopped (SIGSTOP),
    /// not working: then it says nothing about the file.
    case timedOut(wasStopped: Bool)
    /// The helper ended without answering: how, in words.
    case died(String)
  }

  /// Sends `request` (with the memory file `descriptor`, if any) and waits for the
  /// answer for `timeLimit` from the helper's start (its `readyPacket`; a helper that
  /// has served before has started), checking `isCancelled` all along. A helper found
  /// stopped (SIGSTOP: it would never answer) is killed at once, as a time-out. After
  /// `.cancelled` the helper has been asked to stop (`drain` then waits for its answer,
  /// or kills it); after `.timedOut` or `.died` it is dead (killed if need be) and the
  /// pool's child watch reaps it.
  func decode(
    _ request: DecoderRequest, sending descriptor: Int32 = -1, timeLimit: Duration,
    isCancelled: () -> Bool
  ) -> Outcome {
    var deadline = ContinuousClock.now + (hasStarted ? timeLimit : Self.startLimit)
    var nextStopCheck = ContinuousClock.now + Self.stopCheckInterval
    guard sendPacket(request.encoded, on: socket, with: descriptor) else {
      isReusable = false
      return .died(tr("The decoder stopped before it could start on this file."))
    }
    while true {
      if isCancelled() {
        if !sendPacket(cancelPacket, on: socket) { kill() }
        return .cancelled
      }
      let now = ContinuousClock.now
      if now >= deadline {
        let stopped = isStopped
        kill()
        return .timedOut(wasStopped: stopped)
      }
      if now >= nextStopCheck {
        nextStopCheck = now + Self.stopCheckInterval
        if isStopped {
          kill()
          return .timedOut(wasStopped: true)
        }
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
      if case .ending = reply { isReusable = false }
      answeredRequests += 1
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
      guard let (packet, fd) = received, let reply = DecoderReply(packet: packet) else { break }
      if fd >= 0 { close(fd) }
      if case .ending = reply { break }
      answeredRequests += 1
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

  /// Whether the process is stopped by a signal (its state in /proc is `T`).
  var isStopped: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].dropFirst().first == "T"
  }

  /// Records how the process ended (the pool's child watch, which reaped it).
  func ended(status: Int32) {
    end.withLock { $0 = status }
    ended.signal()
  }

  /// Whether the process has ended and been reaped.
  var hasEnded: Bool { end.withLock { $0 != nil } }

  /// The wait status of the ended process, waiting up to `limit` for it to end and be
  /// reaped; `nil` if it has not by then.
  func exitStatus(waitingAtMost limit: Duration) -> Int32? {
    if let status = end.withLock({ $0 }) { return status }
    let nanoseconds =
      limit.components.seconds * 1_000_000_000
      + limit.components.attoseconds / 1_000_000_000
    guard ended.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else {
      return nil
    }
    ended.signal()  // for any later caller
    return end.withLock { $0 }
  }

  deinit { close(socket) }
}
