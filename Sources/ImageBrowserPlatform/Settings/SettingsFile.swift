// The settings file: $XDG_CONFIG_HOME/image-browser/settings.ini, read at launch, written on change.
import Foundation
import ImageBrowserCore
import Reactive

/// Settings kept in `image-browser/settings.ini` under the XDG config home, in the
/// key-file syntax GLib's `GKeyFile` reads:
///
/// ```
/// # Image Browser settings
/// [Browser]
/// sort-order=name
/// show-properties=false
/// show-strip=true
/// viewer-background=#212122
/// slideshow-seconds=3
/// slideshow-loop=false
/// slideshow-shuffle=false
/// ```
///
/// Loading never fails: a missing file gives the defaults silently; an unreadable or
/// corrupt one (a line that is neither a comment, a `[group]` nor a `key=value`, bytes
/// that are not UTF-8, a value this version cannot read) gives the defaults with a warning on
/// stderr, quoting at most `quotedLength` characters of a value; so does anything but a
/// regular file (a FIFO is never waited on). The warning is written once: loading the
/// same file again (every remembered choice reads it before writing) finds the same
/// problem and says nothing more, in this value and its copies. Lines may end in LF or CRLF. Saving makes the folder (mode 0700), writes a temporary file beside the
/// target and renames it over the target, so a crash never leaves half a file; the
/// whole file is rewritten with the keys this version knows. A failed save is reported
/// on stderr. Every method may run on any thread.
package nonisolated struct SettingsFile: SettingsStore {
  /// The file.
  package let url: URL
  /// Where warnings go: a line on stderr in the app.
  private let warnings: Warnings

  /// The settings file under `configHome` (the folder `$XDG_CONFIG_HOME` names); the
  /// process's own by default. Tests pass a temporary folder, and `warn` to see the
  /// warnings (stderr by default, each line starting `image-browser: settings: `).
  package init(
    configHome: URL = SettingsFile.processConfigHome,
    warn: @escaping @Sendable (String) -> Void = SettingsFile.writeToStandardError
  ) {
    url = configHome.appendingPathComponent("image-browser", isDirectory: true)
      .appendingPathComponent("settings.ini")
    warnings = Warnings(warn)
  }

  /// The config home the XDG base directory spec prescribes: `$XDG_CONFIG_HOME` when it
  /// is set to an absolute path (relative ones are invalid), else `~/.config`.
  static func configHome(environment: [String: String], home: URL) -> URL {
    if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") {
      return URL(fileURLWithPath: value, isDirectory: true)
    }
    return home.appendingPathComponent(".config", isDirectory: true)
  }

  /// The config home of this process, from its environment and home folder.
  static var processConfigHome: URL {
    configHome(
      environment: ProcessInfo.processInfo.environment,
      home: FileManager.default.homeDirectoryForCurrentUser)
  }

  /// The group the browser's keys are in.
  package static let group = "Browser"
  /// The key of the sort order.
  static let sortOrderKey = "sort-order"
  /// The key of whether the sort order runs backwards.
  static let sortDescendingKey = "sort-descending"
  /// The key of whether the properties sidebar shows.
  static let showsPropertiesKey = "show-properties"
  /// The key of whether the thumbnail strip shows.
  static let showsStripKey = "show-strip"
  /// The key of the viewer's background.
  static let viewerBackgroundKey = "viewer-background"
  /// The key of the slideshow interval in seconds.
  static let slideshowSecondsKey = "slideshow-seconds"
  /// The key of whether a slideshow starts again after the last image.
  static let slideshowLoopsKey = "slideshow-loop"
  /// The key of whether a slideshow shows the images in a random order.
  static let slideshowShufflesKey = "slideshow-shuffle"
  /// The key of whether the window prefers the theme's dark variant.
  static let prefersDarkStyleKey = "dark-style"
  /// Files larger than this are not settings this app wrote: they are ignored.
  package static let maximumSize = 64 * 1024

  package func load() -> Settings {
    let (settings, problem) = loadReportingProblem()
    warnings.loaded(problem: problem)
    return settings
  }

  /// The settings saved last, or the defaults with the sentence `load` warns with:
  /// why the file could not be read or was not understood.
  func loadReportingProblem() -> (settings: Settings, problem: String?) {
    let bytes: [UInt8]
    do throws(SystemError) {
      guard let contents = try read() else { return (Settings(), nil) }
      bytes = contents
    } catch {
      return (Settings(), "cannot read \(url.path) (\(error.reason)); using defaults")
    }
    do throws(FormatError) {
      guard bytes.count <= Self.maximumSize else { throw FormatError(line: 0, "too large") }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FormatError(line: 0, "not UTF-8 text")
      }
      return (try Self.parse(text), nil)
    } catch {
      return (Settings(), "ignoring \(url.path): \(error.description); using defaults")
    }
  }

  package func save(_ settings: Settings) {
    do throws(SystemError) {
      try write(Data(Self.format(settings).utf8))
    } catch {
      warnings.warn("cannot save settings to \(url.path): \(error.reason)")
    }
  }

  /// The settings `text` holds; keys and groups this version does not know are skipped.
  ///
  /// - Throws: `FormatError` for a line that is not key-file syntax, or a value this
  ///   version cannot read.
  package static func parse(_ text: String) throws(FormatError) -> Settings {
    var settings = Settings()
    var group: Substring?
    // Any line break: "\r\n" is one Character in Swift, so splitting on "\n" alone
    // would leave a CRLF file as one line.
    for (number, rawLine) in text.split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    ).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), line.count > 2 else {
          throw FormatError(line: number + 1, "a group header needs a name and “]”")
        }
        group = Substring(line.dropFirst().dropLast())
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        throw FormatError(line: number + 1, "expected “key=value”")
      }
      guard let group else {
        throw FormatError(line: number + 1, "a key before any “[group]”")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard group == Self.group else { continue }
      try read(value, of: key, into: &settings, line: number + 1)
    }
    return settings
  }

  /// Sets the setting `key` names to `value`; a key this version does not know is
  /// skipped.
  ///
  /// - Throws: `FormatError` for a value `key` cannot take.
  private static func read(
    _ value: String, of key: String, into settings: inout Settings, line: Int
  ) throws(FormatError) {
    func invalid(_ what: String) -> FormatError {
      FormatError(line: line, "unknown \(what) \(quoted(value))")
    }
    switch key {
    case sortOrderKey:
      guard let order = ImageSortOrder(rawValue: value) else { throw invalid("sort order") }
      settings.sortOrder = order
    case sortDescendingKey:
      guard let descending = Bool(value) else { throw invalid("switch value") }
      settings.sortDescending = descending
    case showsPropertiesKey:
      guard let shows = Bool(value) else { throw invalid("switch value") }
      settings.showsProperties = shows
    case showsStripKey:
      guard let shows = Bool(value) else { throw invalid("switch value") }
      settings.showsStrip = shows
    case viewerBackgroundKey:
      guard let background = ViewerBackground(settingValue: value) else {
        throw invalid("background")
      }
      settings.viewerBackground = background
    case slideshowSecondsKey:
      guard let seconds = Int(value), Settings.slideshowSecondsRange.contains(seconds) else {
        throw invalid("slideshow interval")
      }
      settings.slideshowSeconds = seconds
    case slideshowLoopsKey:
      guard let loops = Bool(value) else { throw invalid("switch value") }
      settings.slideshowLoops = loops
    case slideshowShufflesKey:
      guard let shuffles = Bool(value) else { throw invalid("switch value") }
      settings.slideshowShuffles = shuffles
    case prefersDarkStyleKey:
      guard let prefers = Bool(value) else { throw invalid("switch value") }
      settings.prefersDarkStyle = prefers
    default:
      break
    }
  }

  /// The longest value quoted whole in a message; longer ones are cut.
  static let quotedLength = 40

  /// `value` in quotes for a message, cut to `quotedLength` characters with "…": a
  /// file of any size costs one short line on stderr.
  static func quoted(_ value: String) -> String {
    value.count <= quotedLength ? "“\(value)”" : "“\(value.prefix(quotedLength))…”"
  }

  /// The file's text for `settings`.
  package static func format(_ settings: Settings) -> String {
    """
    # Image Browser settings, rewritten by the app.
    [\(group)]
    \(sortOrderKey)=\(settings.sortOrder.rawValue)
    \(sortDescendingKey)=\(settings.sortDescending)
    \(showsPropertiesKey)=\(settings.showsProperties)
    \(showsStripKey)=\(settings.showsStrip)
    \(viewerBackgroundKey)=\(settings.viewerBackground.settingValue)
    \(slideshowSecondsKey)=\(settings.slideshowSeconds)
    \(slideshowLoopsKey)=\(settings.slideshowLoops)
    \(slideshowShufflesKey)=\(settings.slideshowShuffles)
    \(prefersDarkStyleKey)=\(settings.prefersDarkStyle)

    """
  }

  /// Why a settings file's text was not understood.
  package struct FormatError: Error, CustomStringConvertible {
    /// The line (from 1), or 0 for the file as a whole.
    package let line: Int
    /// What is wrong.
    let reason: String

    /// An error about `line`.
    package init(line: Int, _ reason: String) {
      self.line = line
      self.reason = reason
    }

    package var description: String { line == 0 ? reason : "line \(line): \(reason)" }
  }

  /// Why reading or saving failed: the failing call and the system's words.
  package struct SystemError: Error {
    /// What went wrong.
    let reason: String

    /// An error saying `reason`.
    package init(reason: String) {
      self.reason = reason
    }

    /// The error of the system call `call`, from `code` (by default `errno`).
    package init(_ call: String, _ path: String, _ code: Int32 = errno) {
      reason = "\(call) \(path): \(String(cString: strerror(code)))"
    }
  }

  /// The file's first `maximumSize + 1` bytes (enough to tell it is too large), or
  /// `nil` when there is no file. Opened without blocking and read only when it is a
  /// regular file (or a link to one): a FIFO here must not hang the launch.
  private func read() throws(SystemError) -> [UInt8]? {
    let opened = url.withFileSystemPath { RegularFile.open($0) }
    let descriptor: Int32
    switch opened {
    case .success(let file): descriptor = file.descriptor
    case .failure(.system(ENOENT)): return nil
    case .failure(.system(let code)): throw SystemError("open", url.path, code)
    case .failure(.notRegular(let kind)):
      throw SystemError(reason: "it is \(kind), not a regular file")
    }
    defer { close(descriptor) }
    switch RegularFile.read(descriptor, upTo: Self.maximumSize + 1) {
    case .success(let bytes): return bytes
    case .failure(.system(let code)): throw SystemError("read", url.path, code)
    case .failure(.notRegular(let kind)):
      throw SystemError(reason: "it is \(kind), not a regular file")
    }
  }

  /// Writes `data` to a temporary file in the settings folder, then renames it over
  /// the file; makes the folders (0700) first.
  private func write(_ data: Data) throws(SystemError) {
    let folder = url.deletingLastPathComponent()
    do {
      // The config home itself, if missing, as the XDG spec says: 0700.
      try FileManager.default.createDirectory(
        at: folder.deletingLastPathComponent(), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw SystemError(reason: error.localizedDescription)
    }
    try Self.makeFolder(folder)
    var template = Array((folder.path + "/.settings.ini.XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard descriptor >= 0 else { throw SystemError("mkstemp", folder.path) }
    var written = 0
    let failed = data.withUnsafeBytes { bytes -> Bool in
      while written < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return true
        }
        written += count
      }
      return false
    }
    if failed || fsync(descriptor) != 0 {
      let error = SystemError("write", temporary)
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    guard rename(temporary, url.path) == 0 else {
      let error = SystemError("rename", temporary)
      unlink(temporary)
      throw error
    }
  }

  /// Makes `folder` with mode 0700 unless it exists.
  private static func makeFolder(_ folder: URL) throws(SystemError) {
    if mkdir(folder.path, 0o700) != 0, errno != EEXIST { throw SystemError("mkdir", folder.path) }
  }

  /// Writes `message` on stderr as one line, `image-browser: settings: ` first.
  package static let writeToStandardError: @Sendable (String) -> Void = { message in
    FileHandle.standardError.write(Data("image-browser: settings: \(message)\n".utf8))
  }

  /// The warnings of one settings file and its copies: a problem found on loading is
  /// reported once, until a load finds none (a save mended the file) or another one.
  private final class Warnings: Sendable {
    let warn: @Sendable (String) -> Void
    /// The problem reported last, while loading still finds it.
    private let reported = Locked<String?>(nil)

    init(_ warn: @escaping @Sendable (String) -> Void) { self.warn = warn }

    /// After a load that found `problem` (or none).
    func loaded(problem: String?) {
      let isNew = reported.withLock { reported in
        defer { reported = problem }
        return problem != nil && problem != reported
      }
      if isNew, let problem { warn(problem) }
    }
  }
}
