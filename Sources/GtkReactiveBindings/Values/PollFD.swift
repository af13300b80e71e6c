// A file descriptor to poll and its conditions (`GPollFD`) as a Swift value.
import CGtk

/// A file descriptor to poll, the conditions to wait for and those that happened: what
/// `GPollFD` carries (`Cancellable.makePollfd()` gives one that becomes readable when
/// the operation is cancelled). Copied out of C.
nonisolated public struct PollFD: Sendable, Hashable {
  /// The file descriptor.
  public var fd: Int
  /// The conditions to wait for (`.in`: readable).
  public var events: GLib.IOCondition
  /// The conditions that happened, as a poll sets them.
  public var revents: GLib.IOCondition

  /// Polling `fd` for `events`.
  public init(fd: Int, events: GLib.IOCondition, revents: GLib.IOCondition = []) {
    (self.fd, self.events, self.revents) = (fd, events, revents)
  }

  /// A copy of a C poll record.
  init(_ poll: GPollFD) {
    self.init(
      fd: Int(poll.fd), events: GLib.IOCondition(rawValue: UInt32(poll.events)),
      revents: GLib.IOCondition(rawValue: UInt32(poll.revents)))
  }

  /// The C poll record (conditions beyond C's 16 bits are dropped).
  package var cValue: GPollFD {
    GPollFD(
      fd: Int32(clamping: fd), events: UInt16(truncatingIfNeeded: events.rawValue),
      revents: UInt16(truncatingIfNeeded: revents.rawValue))
  }
}
