// Running an application on the process's command line, with Dispatch inside the loop.
import CGtk

extension Gio.Application {
  /// Runs the application's main loop (emits `activate`) until its last window closes or
  /// `quit()`; returns the exit status. Also drains Dispatch's main queue, so
  /// `@MainActor` tasks run meanwhile.
  @discardableResult
  public func run(arguments: [String] = []) -> Int32 {
    MainLoop.installDispatchBridge()
    var cStrings = arguments.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    return cStrings.withUnsafeMutableBufferPointer { buffer in
      g_application_run(
        pointer(as: GApplication.self), Int32(buffer.count), buffer.baseAddress)
    }
  }

  /// Runs the application on the process's own command line, byte for byte: unlike
  /// `run(arguments:)` with `CommandLine.arguments` (Swift strings, where bytes that are
  /// not UTF-8 become U+FFFD), file names the user passes reach `open` intact.
  public func runWithProcessArguments() -> Int32 {
    MainLoop.installDispatchBridge()
    return g_application_run(
      pointer(as: GApplication.self), CommandLine.argc, CommandLine.unsafeArgv)
  }

}
