// libFuzzer target: how the folder scanner takes file names (listing, URLs, display, order).
import Foundation
import ImageBrowserCore

/// Checks the folder scanner's name handling on file names made from fuzz input.
///
/// The input is split at zero bytes into up to three names (a `/`, or a zero byte left
/// in the third, becomes `_`; each is cut to 255 bytes, the Linux limit). For each
/// name, without the file system: `FilePathBytes` gives back the exact bytes from the
/// URL it makes (for a file in a folder, and for the input as a whole path), and the
/// display name is the name's bytes decoded as UTF-8. With the file system: the names
/// are created in a private folder, and `FolderScanner.scan` must list exactly those
/// that are not hidden and end in a supported extension (ASCII case ignored), each
/// reachable from its listed URL, in natural order; a file appearing while the folder
/// is open must be judged as the scan judges it. Natural-order keys must be a total
/// order, equal only for equal bytes.
nonisolated enum NameFuzz {
  /// The private folder the names are created in (emptied after each input).
  static let folder: [UInt8] = {
    var template = Array("/tmp/image-browser-fuzz-names-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return template.dropLast().map { UInt8(bitPattern: $0) }
  }()

  static let scanner = FolderScanner(formats: .common)

  /// Runs every check on one input.
  static func check(_ input: UnsafeBufferPointer<UInt8>) {
    checkWholePath(Array(input))
    var names: [[UInt8]] = []
    for part in input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false) {
      var name = part.prefix(255).map {
        $0 == UInt8(ascii: "/") || $0 == 0 ? UInt8(ascii: "_") : $0
      }
      if name.isEmpty || name == Array(".".utf8) || name == Array("..".utf8) {
        name = Array("x.png".utf8)
      }
      if !names.contains(name) { names.append(name) }
    }
    for name in names { checkURL(of: name) }
    checkOrder(names.map { String(decoding: $0, as: UTF8.self) })
    checkScan(of: names)
  }

  /// The URL of any absolute path gives back its bytes.
  private static func checkWholePath(_ input: [UInt8]) {
    var path = [UInt8(ascii: "/")] + input.filter { $0 != 0 }
    let url = FilePathBytes.url(forPath: path)
    if path.count > 1, path.last == UInt8(ascii: "/") { path.removeLast() }
    FuzzCheck.expect(
      FilePathBytes.bytes(of: url) == path, "path bytes do not round-trip: \(path)")
  }

  /// A file's URL gives back its path's bytes; its display name is its name.
  private static func checkURL(of name: [UInt8]) {
    let path = folder + [UInt8(ascii: "/")] + name
    let url = FilePathBytes.url(forPath: path)
    FuzzCheck.expect(FilePathBytes.bytes(of: url) == path, "file URL loses bytes: \(name)")
    let viaCall = url.withFileSystemPath { pointer in
      Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
        UInt8(bitPattern: $0)
      }
    }
    FuzzCheck.expect(viaCall == path, "withFileSystemPath differs: \(name)")
    let display = ImageItem(url: url).displayName
    FuzzCheck.expect(
      display == String(decoding: name, as: UTF8.self), "display name differs: \(name)")
  }

  /// Natural-order keys: equal only for equal bytes, antisymmetric and transitive.
  private static func checkOrder(_ names: [String]) {
    let keys = names.map { NaturalOrder.Key($0) }
    for (i, a) in keys.enumerated() {
      for (j, b) in keys.enumerated() {
        let equalBytes = Array(names[i].utf8) == Array(names[j].utf8)
        FuzzCheck.expect((a == b) == equalBytes, "key equality wrong: \(names[i]) \(names[j])")
        let orders = [a < b, b < a, a == b].filter { $0 }.count
        FuzzCheck.expect(orders == 1, "not exactly one of <, >, ==: \(names[i]) \(names[j])")
        for c in keys where a < b && b < c {
          FuzzCheck.expect(a < c, "order not transitive: \(names)")
        }
      }
    }
  }

  /// What the scan lists of `names` created as empty files.
  private static func checkScan(of names: [[UInt8]]) {
    for name in names {
      let path = folder + [UInt8(ascii: "/")] + name + [0]
      let descriptor = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
      }
      FuzzCheck.expect(descriptor >= 0, "cannot create \(name): errno \(errno)")
      close(descriptor)
    }
    defer {
      for name in names {
        let path = folder + [UInt8(ascii: "/")] + name + [0]
        _ = path.withUnsafeBufferPointer { buffer in
          buffer.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
        }
      }
    }
    let folderURL = FilePathBytes.url(forPath: folder, isDirectory: true)
    let listed: [ImageItem]
    do {
      listed = try scanner.scan(folderURL, sortedBy: .name)
    } catch {
      FuzzCheck.expect(false, "scan failed: \(error)")
      return
    }
    let expected = Set(names.filter(isListable).map { folder + [UInt8(ascii: "/")] + $0 })
    let got = listed.map { FilePathBytes.bytes(of: $0.url) }
    FuzzCheck.expect(
      Set(got) == expected && got.count == expected.count,
      "scan listed \(got.count) of \(names), expected \(expected.count)")
    for item in listed {
      let exists = item.url.withFileSystemPath { access($0, F_OK) } == 0
      FuzzCheck.expect(exists, "a listed file cannot be reached: \(item.displayName)")
    }
    let keys = listed.map { NaturalOrder.Key($0.displayName) }
    FuzzCheck.expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "scan not in order")
    for name in names {
      // A file that appears while the folder is open is judged by its name
      // (`BrowserViewModel.isImageFile`) and `listedItem(at:)`: the same answer.
      let url = FilePathBytes.url(forPath: folder + [UInt8(ascii: "/")] + name)
      let live = scanner.formats.lists(fileName: name) && scanner.listedItem(at: url) != nil
      FuzzCheck.expect(
        live == isListable(name), "listed \(isListable(name)) at launch, \(live) live: \(name)")
    }
  }

  /// Whether the scan lists a file named `name`: not hidden, with a supported extension.
  private static func isListable(_ name: [UInt8]) -> Bool {
    guard name.first != UInt8(ascii: "."), let dot = name.lastIndex(of: UInt8(ascii: "."))
    else { return false }
    let ext = name[(dot + 1)...].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
    guard !ext.isEmpty, let text = String(validating: ext, as: UTF8.self) else { return false }
    return SupportedFormats.common.extensions.contains(text)
  }
}
