// The two libFuzzer targets and the driver that runs them, or replays their inputs.
import CFuzzer
import Foundation

/// A libFuzzer target: a C callback that takes one input and stops the process on a
/// broken invariant (`FuzzCheck.expect`).
///
/// In a fuzzing build (`Fuzz/fuzz.sh` links libFuzzer's `fuzzer_no_main` runtime and
/// instruments the code for coverage) `run` hands the arguments to libFuzzer
/// (`-max_total_time=60 Fuzz/Corpus/names` and so on). In an ordinary build libFuzzer
/// is absent and `run` replays each file named, or each file in a folder named, once:
/// the committed seeds and any crash input stay runnable as regression cases.
nonisolated enum FuzzTarget {
  /// The folder scanner's name handling (`NameFuzz`).
  case names
  /// The settings parser (`SettingsFuzz`).
  case settings

  typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

  private var callback: Callback {
    switch self {
    case .names:
      return { data, size in
        NameFuzz.check(UnsafeBufferPointer(start: data, count: size))
        return 0
      }
    case .settings:
      return { data, size in
        SettingsFuzz.check(UnsafeBufferPointer(start: data, count: size))
        return 0
      }
    }
  }

  /// Fuzzes with libFuzzer, or replays inputs; the process's exit status.
  func run(_ arguments: [String]) -> Int32 {
    if cfuzzer_is_linked() != 0 {
      // libFuzzer reads argv[0] as the program and the rest as flags and corpus folders.
      var strings = ([CommandLine.arguments[0]] + arguments).map { strdup($0) }
      strings.append(nil)
      var argc = Int32(arguments.count + 1)
      return strings.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress
        return cfuzzer_run(&argc, &argv, callback)
      }
    }
    var count = 0
    for path in arguments where !path.hasPrefix("-") {
      for file in Self.files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
          return 1
        }
        _ = data.withUnsafeBytes { bytes in
          callback(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
        }
        count += 1
      }
    }
    print("\(self): \(count) inputs replayed, no finding (libFuzzer not linked)")
    return 0
  }

  /// `path` itself, or the files in it when it is a folder, sorted.
  private static func files(at path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { path + "/" + $0 }
  }
}

/// Stops the process, as a crash libFuzzer records, when an invariant does not hold.
nonisolated enum FuzzCheck {
  /// Aborts with `message` unless `condition` holds.
  static func expect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
  ) {
    if !condition() {
      FileHandle.standardError.write(Data("FUZZ FINDING: \(message())\n".utf8))
      abort()
    }
  }
}
