// Scanning a folder tree through GIO's asynchronous enumeration, a few folders at a time.
import DiskUsageModel
import GtkReactive
import Reactive

/// Scans with GIO: each folder's children are enumerated asynchronously in batches
/// (`g_file_enumerate_children_async`, `g_file_enumerator_next_files_async`), at most
/// `concurrency` folders at once, on the main loop without blocking it. Sizes are the
/// space files take on disk (`standard::allocated-size`), as `du` counts; symbolic links
/// are not followed. A folder that cannot be read counts as empty (as `du` goes on past
/// one); only the scanned folder itself failing fails the scan.
struct GioFolderScanner: FolderScanning {
  /// How many folders are enumerated at once.
  var concurrency = 4
  /// Files asked for per batch.
  var batchSize = 256

  func scan(_ path: String) -> Signal<ScanEvent, ScanError> {
    let concurrency = concurrency
    let batchSize = batchSize
    return Signal { observer in
      let scan = TreeScan(
        root: path, concurrency: concurrency, batchSize: batchSize, observer: observer)
      scan.start()
      return AnyDisposable { scan.cancel() }
    }
  }
}

/// One scan's state: the folders waiting, the enumerations running, the totals so far.
private final class TreeScan {
  private struct Folder {
    var ownBytes: Int64 = 0
    var files = 0
    var subfolders: [String] = []
  }

  private static let attributes =
    "standard::name,standard::type,standard::allocated-size,standard::size"

  private let root: String
  private let concurrency: Int
  private let batchSize: Int
  private let observer: Observer<ScanEvent, ScanError>
  private var waiting: [String]
  private var running: [String: Disposable] = [:]
  private var folders: [String: Folder] = [:]
  private var progress = ScanProgress(files: 0, folders: 0, bytes: 0)
  private var isOver = false

  init(root: String, concurrency: Int, batchSize: Int, observer: Observer<ScanEvent, ScanError>) {
    self.root = root
    self.concurrency = max(concurrency, 1)
    self.batchSize = max(batchSize, 1)
    self.observer = observer
    waiting = [root]
  }

  /// Counts the scanned folder's own entry (as `du` does), then enumerates.
  func start() {
    let file = AnyFile(path: root)
    let subscription = SerialDisposable()
    running[root + "\u{0}info"] = subscription
    subscription.inner = file.rx.queryInfo(Self.attributes, flags: .nofollowSymlinks).subscribe(
      next: { [weak self] info in
        guard let self else { return }
        folders[root, default: Folder()].ownBytes += Self.allocated(info)
      },
      error: { [weak self] error in
        guard let self else { return }
        isOver = true
        cancel()
        observer.send(error: ScanError(message: error.message))
      },
      completed: { [weak self] in
        guard let self else { return }
        running[root + "\u{0}info"] = nil
        pump()
      })
  }

  private static func allocated(_ info: FileInfo) -> Int64 {
    Int64(info.attributeUint64("standard::allocated-size"))
  }

  func cancel() {
    isOver = true
    running.values.forEach { $0.dispose() }
    running.removeAll()
  }

  /// Starts enumerations while there is room, and finishes when nothing is left.
  private func pump() {
    while !isOver, running.count < concurrency, let path = waiting.popLast() {
      enumerate(path)
    }
    if !isOver, running.isEmpty, waiting.isEmpty {
      isOver = true
      observer.send(.finished(node(at: root, name: lastComponent(root))))
      observer.sendCompleted()
    }
  }

  private func enumerate(_ path: String) {
    progress.folders += 1
    let batches = AnyFile(path: path).rx.enumerateChildren(
      Self.attributes, flags: .nofollowSymlinks
    )
    .flatMap(.concat) { [batchSize] enumerator in enumerator.rx.batches(of: batchSize) }
    // Registered before subscribing: a call may fail at once, before subscribe returns.
    let subscription = SerialDisposable()
    running[path] = subscription
    subscription.inner = batches.subscribe(
      next: { [weak self] infos in self?.add(infos, in: path) },
      error: { [weak self] error in self?.failed(path, error) },
      completed: { [weak self] in self?.done(path) })
  }

  private func add(_ infos: [FileInfo], in path: String) {
    var folder = folders[path] ?? Folder()
    for info in infos {
      let name = info.name
      let bytes = Self.allocated(info)
      if info.fileType == .directory {
        let child = path == "/" ? "/" + name : path + "/" + name
        folder.subfolders.append(child)
        folders[child, default: Folder()].ownBytes += bytes  // the folder's own entry
        progress.bytes += bytes
        waiting.append(child)
      } else {
        folder.ownBytes += bytes
        folder.files += 1
        progress.files += 1
        progress.bytes += bytes
      }
    }
    folders[path] = folder
    observer.send(.progress(progress))
    pump()
  }

  private func failed(_ path: String, _ error: GLibError) {
    if path == root {
      isOver = true
      cancel()
      observer.send(error: ScanError(message: error.message))
      return
    }
    done(path)  // unreadable: counts as empty
  }

  private func done(_ path: String) {
    running[path] = nil
    pump()
  }

  /// The tree under `path`, sizes summed bottom-up.
  private func node(at path: String, name: String) -> FolderNode {
    let folder = folders[path] ?? Folder()
    let children = folder.subfolders.map { node(at: $0, name: lastComponent($0)) }
    return FolderNode(
      name: name, path: path, size: folder.ownBytes + children.reduce(0) { $0 + $1.size },
      fileCount: folder.files + children.reduce(0) { $0 + $1.fileCount }, children: children)
  }
}

private func lastComponent(_ path: String) -> String {
  path == "/" ? "/" : String(path.split(separator: "/").last ?? Substring(path))
}
