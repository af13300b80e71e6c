// Test doubles for the view model: items, decoders that succeed or fail on demand.
import Foundation
import Reactive
import ReactiveTesting

@testable import ImageBrowserCore

/// A decoded image in tests: which file it came from, at what size, and how it was
/// turned or mirrored after decoding (`.up` as decoded).
struct FakeImage: Hashable, Sendable {
  let name: String
  let size: Int?
  var orientation = Orientation.up
  /// The crop or resize shown (`nil`: none).
  var edit: ImageEdit? = nil
}

/// A decoder for both images and thumbnails: fails for the names in `failing`,
/// decodes everything else at once, and records what it was asked for. The files named
/// in `previews` carry an embedded preview (`FakeImage` of size 160).
final class FakeDecoder: ImageLoading, ThumbnailLoading, Sendable {
  let failing: Set<String>
  let previews: Set<String>
  private let requests = Locked<[String]>([])
  private let events = Locked<[String]>([])

  /// The size of a full-resolution decode (`nil`: a `FakeImage` of no size).
  let fullSize: Int?

  init(failing: Set<String> = [], previews: Set<String> = [], fullSize: Int? = nil) {
    self.failing = failing
    self.previews = previews
    self.fullSize = fullSize
  }

  /// The full images (`image p1.jpg@800`) and embedded previews (`preview p1.jpg`) read
  /// so far, in the order they were read.
  var log: [String] { events.withLock { $0 } }

  private let imageRequests = Locked<[String]>([])

  /// The names asked for so far, in order.
  var requested: [String] { requests.withLock { $0 } }
  /// The full images asked for so far, in order, with the box's width: `p1.jpg@800`,
  /// or `p1.jpg@full` at full resolution.
  var requestedImages: [String] { imageRequests.withLock { $0 } }

  func loadImage(for item: ImageItem, fitting box: PixelSize?) -> Signal<
    FakeImage, ImageLoadError
  > {
    let name = "\(item.displayName)@\(box.map { String($0.width) } ?? "full")"
    return decode(item, size: box?.width ?? fullSize).on(subscribed: { [self] in
      imageRequests.withLock { $0.append(name) }
      events.withLock { $0.append("image \(name)") }
    })
  }

  func loadEmbeddedPreview(for item: ImageItem) -> Signal<FakeImage, Never> {
    Signal { [self] observer in
      events.withLock { $0.append("preview \(item.displayName)") }
      if previews.contains(item.displayName) {
        observer.send(FakeImage(name: item.displayName, size: 160))
      }
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  func loadThumbnail(for item: ImageItem, size: Int) -> Signal<FakeImage, ImageLoadError> {
    decode(item, size: size)
  }

  func transformed(_ image: FakeImage, by orientation: Orientation) -> FakeImage {
    var turned = image
    turned.orientation = image.orientation.then(orientation)
    return turned
  }

  func edited(_ image: FakeImage, by edit: ImageEdit) -> FakeImage {
    var edited = transformed(image, by: edit.orientation)
    edited.edit = edit.changesPixels ? edit : nil
    return edited
  }

  private func decode(_ item: ImageItem, size: Int?) -> Signal<FakeImage, ImageLoadError> {
    Signal { [self] observer in
      requests.withLock { $0.append(item.displayName) }
      if failing.contains(item.displayName) {
        observer.send(error: ImageLoadError(item: item, message: "Not a JPEG file"))
      } else {
        observer.send(FakeImage(name: item.displayName, size: size))
        observer.sendCompleted()
      }
      return Disposables.empty
    }
  }
}

/// The view model under test: fake decoders, every scheduler a `TestScheduler`.
typealias TestViewModel = BrowserViewModel<FakeImage, FakeImage>

/// The folder the fake items live in.
let photos = URL(fileURLWithPath: "/photos", isDirectory: true)

/// Items named `names`, in that order, in `/photos`.
func items(_ names: [String]) -> [ImageItem] {
  names.map { ImageItem(url: photos.appendingPathComponent($0)) }
}

/// `count` items named `p0.jpg`, `p1.jpg`, …
func numbered(_ count: Int) -> [String] {
  (0..<count).map { "p\($0).jpg" }
}

/// A view model on `scheduler` (main and background alike unless `background` is
/// given) showing `names` with `selected` current; with `names` nil, nothing is open.
@MainActor
func makeViewModel(
  _ names: [String]?, selected: Int? = 0, scheduler: TestScheduler,
  background: TestScheduler? = nil, decoder: FakeDecoder = FakeDecoder(),
  scanner: any FolderScanning = FolderScanner(), settings: Settings = Settings(),
  random: any RandomNumberGenerator = SeededRandom(seed: 1)
) -> TestViewModel {
  let viewModel = TestViewModel(
    scanner: scanner, images: decoder, thumbnails: decoder, settings: InMemorySettings(settings),
    main: scheduler, background: background ?? scheduler,
    timing: .init(filterDebounce: .milliseconds(300)), random: random)
  if let names {
    viewModel.show(
      Listing(folder: photos, items: items(names), selectedIndex: names.isEmpty ? nil : selected))
  }
  return viewModel
}

/// The display names of `items`.
func names(_ items: [ImageItem]) -> [String] {
  items.map(\.displayName)
}

extension FakeImage: PixelSized {
  /// A square of `size` pixels (0 when the fake has no size).
  var fullSize: PixelSize {
    let square = PixelSize(width: size ?? 0, height: size ?? 0)
    return edit?.outputSize(from: square) ?? square
  }
}

/// File operations on real files, with a folder of its own as the trash: records what
/// it did, and fails every operation while `failure` is set.
final class FakeFiles: FileOperating, @unchecked Sendable {
  // @unchecked: tests set `failure` only between operations, on the test's thread.
  let trashFolder: URL
  var failure: String?
  private let log = Locked<[String]>([])

  init(trashFolder: URL) {
    self.trashFolder = trashFolder
    try? FileManager.default.createDirectory(at: trashFolder, withIntermediateDirectories: true)
  }

  /// What was done, in order ("trash a.jpg", "restore a.jpg", …).
  var operations: [String] { log.withLock { $0 } }

  private func check(_ url: URL, _ what: String) throws(FileOperationError) {
    if let failure { throw FileOperationError(url: url, message: failure) }
    log.withLock { $0.append("\(what) \(url.lastPathComponent)") }
  }

  func trash(_ url: URL) throws(FileOperationError) -> TrashedFile {
    try check(url, "trash")
    let target = trashFolder.appendingPathComponent(url.lastPathComponent)
    do { try FileManager.default.moveItem(at: url, to: target) } catch {
      throw FileOperationError(url: url, message: "\(error)")
    }
    return TrashedFile(original: url, trashed: target, info: nil)
  }

  func restore(_ file: TrashedFile) throws(FileOperationError) {
    try check(file.original, "restore")
    do { try FileManager.default.moveItem(at: file.trashed, to: file.original) } catch {
      throw FileOperationError(url: file.original, message: "\(error)")
    }
  }

  func delete(_ url: URL) throws(FileOperationError) {
    try check(url, "delete")
    do { try FileManager.default.removeItem(at: url) } catch {
      throw FileOperationError(url: url, message: "\(error)")
    }
  }

  func rename(_ url: URL, to name: String) throws(FileOperationError) -> URL {
    try check(url, "rename")
    let target = url.deletingLastPathComponent().appendingPathComponent(name)
    do { try FileManager.default.moveItem(at: url, to: target) } catch {
      throw FileOperationError(url: url, message: "\(error)")
    }
    return target
  }
}

/// Writes turns and mirrors by recording them (and touching the file, as a real save
/// changes its modification time); fails every save while `failure` is set. Files named
/// `.gif` cannot be saved.
final class FakeOrientationWriter: OrientationSaving, @unchecked Sendable {
  // @unchecked: tests set `failure` only between saves, on the test's thread.
  var failure: String?
  private let log = Locked<[String]>([])

  /// What was saved, in order ("b.jpg 6": the name and the EXIF value of the edit).
  var saved: [String] { log.withLock { $0 } }

  func method(for url: URL) -> OrientationSaveMethod {
    url.pathExtension == "gif" ? .unsupported("GIF files cannot be saved turned") : .metadata
  }

  func save(_ orientation: Orientation, to url: URL) throws(FileOperationError) {
    if let failure { throw FileOperationError(url: url, message: failure) }
    log.withLock { $0.append("\(url.lastPathComponent) \(orientation.exifValue)") }
    let later = Date().addingTimeInterval(5)
    try? FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: url.path)
  }

  /// Records "b.jpg → c.png crop 10×20+1+2 size 5×10 6" (the edit's parts and the EXIF
  /// value of its turn); refuses an existing destination unless replacing.
  func save(_ edit: ImageEdit, of source: URL, to destination: URL, replacing: Bool)
    throws(FileOperationError)
  {
    if let failure { throw FileOperationError(url: destination, message: failure) }
    if !replacing, FileManager.default.fileExists(atPath: destination.path) {
      throw FileOperationError(url: destination, message: "exists")
    }
    var entry = "\(source.lastPathComponent) → \(destination.lastPathComponent)"
    if let crop = edit.crop { entry += " crop \(crop)" }
    if let size = edit.size { entry += " size \(size.width)×\(size.height)" }
    entry += " \(edit.orientation.exifValue)"
    log.withLock { $0.append(entry) }
    _ = FileManager.default.createFile(atPath: destination.path, contents: Data("saved".utf8))
    let later = Date().addingTimeInterval(5)
    try? FileManager.default.setAttributes(
      [.modificationDate: later], ofItemAtPath: destination.path)
  }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same
/// shuffled slideshow, so tests are deterministic.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
