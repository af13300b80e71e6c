// The settings file: $XDG_CONFIG_HOME/image-browser/settings.ini, read at launch, written on change.
import Foundation

/// Settings kept in `image-browser/settings.ini` under the XDG config home, in the
/// key-file syntax GLib's `GKeyFile` reads:
///
/// ```
/// # Image Browser settings
/// [Browser]
/// sort-order=name
/// ```
///
/// Loading never fails: a missing file gives the defaults silently; an unreadable or
/// corrupt one (a line that is neither a comment, a `[group]` nor a `key=value`, bytes
/// that are not UTF-8, an unknown sort order) gives the defaults with a warning on
/// stderr. Saving makes the folder (mode 0700), writes a temporary file beside the
/// target and renames it over the target, so a crash never leaves half a file; the
/// whole file is rewritten with the keys this version knows. A failed save is reported
/// on stderr. Every method may run on any thread.
nonisolated struct SettingsFile: SettingsStore {
  /// The file.
  let url: URL

  /// The settings file under `configHome` (the folder `$XDG_CONFIG_HOME` names); the
  /// process's own by default. Tests pass a temporary folder.
  init(configHome: URL = SettingsFile.processConfigHome) {
    url = configHome.appendingPathComponent("image-browser", isDirectory: true)
      .appendingPathComponent("settings.ini")
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
  static let group = "Browser"
  /// The key of the sort order.
  static let sortOrderKey = "sort-order"
  /// Files larger than this are not settings this app wrote: they are ignored.
  static let maximumSize = 64 * 1024

  func load() -> Settings {
    let bytes: [UInt8]
    do throws(SystemError) {
      guard let contents = try read() else { return Settings() }
      bytes = contents
    } catch {
      Self.warn("cannot read \(url.path) (\(error.reason)); using defaults")
      return Settings()
    }
    do throws(FormatError) {
      guard bytes.count <= Self.maximumSize else { throw FormatError(line: 0, "too large") }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FormatError(line: 0, "not UTF-8 text")
      }
      return try Self.parse(text)
    } catch {
      Self.warn("ignoring \(url.path): \(error.description); using defaults")
      return Settings()
    }
  }

  func save(_ settings: Settings) {
    do throws(SystemError) {
      try write(Data(Self.format(settings).utf8))
    } catch {
      Self.warn("cannot save settings to \(url.path): \(error.reason)")
    }
  }

  /// The settings `text` holds; keys and groups this version does not know are skipped.
  ///
  /// - Throws: `FormatError` for a line that is not key-file syntax, or a value this
  ///   version cannot read.
  static func parse(_ text: String) throws(FormatError) -> Settings {
    var settings = Settings()
    var group: Substring?
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
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
      guard group == Self.group, key == Self.sortOrderKey else { continue }
      guard let order = ImageSortOrder(rawValue: value) else {
        throw FormatError(line: number + 1, "unknown sort order “\(value)”")
      }
      settings.sortOrder = order
    }
    return settings
  }

  /// The file's text for `settings`.
  static func format(_ settings: Settings) -> String {
    """
    # Image Browser settings, rewritten by the app.
    [\(group)]
    \(sortOrderKey)=\(settings.sortOrder.rawValue)

    """
  }

  /// Why a settings file's text was not understood.
  struct FormatError: Error, CustomStringConvertible {
    /// The line (from 1), or 0 for the file as a whole.
    let line: Int
    /// What is wrong.
    let reason: String

    /// An error about `line`.
    init(line: Int, _ reason: String) {
      self.line = line
      self.reason = reason
    }

    var description: String { line == 0 ? reason : "line \(line): \(reason)" }
  }

  /// Why reading or saving failed: the failing call and the system's words.
  struct SystemError: Error {
    /// What went wrong.
    let reason: String

    /// An error saying `reason`.
    init(reason: String) {
      self.reason = reason
    }

    /// The error of the system call `call`, from `errno`.
    init(_ call: String, _ path: String) {
      reason = "\(call) \(path): \(String(cString: strerror(errno)))"
    }
  }

  /// The file's first `maximumSize + 1` bytes (enough to tell it is too large), or
  /// `nil` when there is no file.
  private func read() throws(SystemError) -> [UInt8]? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0, errno == ENOENT { return nil }
    guard descriptor >= 0 else { throw SystemError("open", url.path) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: Self.maximumSize + 1)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw SystemError("read", url.path) }
      if count == 0 { break }
      filled += count
    }
    return Array(bytes[..<filled])
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

  private static func warn(_ message: String) {
    FileHandle.standardError.write(Data("image-browser: settings: \(message)\n".utf8))
  }
}
