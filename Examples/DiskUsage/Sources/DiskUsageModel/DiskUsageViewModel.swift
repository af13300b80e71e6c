// The analyzer's logic: one scan at a time, its progress, the tree, and what is selected.
import Foundation
import Reactive

/// The disk-usage analyzer without widgets: the view starts and cancels scans, selects
/// folders, and binds the outputs; tests drive it on a `TestScheduler` with a scanner of
/// their own.
///
/// One scan runs at a time: starting another cancels the one running. Progress reaches
/// the view at most once per `progressInterval` (the scanner may report thousands of
/// files a second). Releasing the view model cancels its scan.
public final class DiskUsageViewModel {
  /// Where a scan is.
  public enum Phase: Sendable, Hashable {
    /// Nothing scanned yet.
    case idle
    /// Scanning; how far it got.
    case scanning(ScanProgress)
    /// Done: the tree is there.
    case finished
    /// The user cancelled; the tree is the previous one, if any.
    case cancelled
    /// The scan failed with this message.
    case failed(String)
  }

  /// The folder to scan.
  public let folder: MutableProperty<String>
  /// Where the scan is.
  public let phase: Property<Phase>
  /// The last complete scan's tree.
  public let tree: Property<FolderNode?>
  /// The folder at the chart's centre (the tree's root when `nil`).
  public let selectedPath: MutableProperty<String?>
  /// The folder at the chart's centre.
  public let selected: Property<FolderNode?>
  /// The largest folders under the selected one, largest first.
  public let largest: Property<[FolderNode]>
  /// The chart's arcs around the selected folder.
  public let segments: Property<[RingSegment]>
  /// One line for the status bar.
  public let status: Property<String>
  /// The window's title.
  public let title: Property<String>
  /// Whether a scan runs (Cancel is enabled; Scan is not).
  public let isScanning: Property<Bool>

  /// How many folders `largest` lists.
  public static let largestCount = 12

  private let scanner: FolderScanning
  private let scheduler: Scheduler
  private let progressInterval: Duration
  private let phaseStore = MutableProperty(Phase.idle)
  private let treeStore = MutableProperty<FolderNode?>(nil)
  private let running = SerialDisposable()

  /// An analyzer of `folder` that scans with `scanner` and thins progress on
  /// `scheduler` to one update per `progressInterval`, laid out by `layout`.
  public init(
    folder: String, scanner: FolderScanning, scheduler: Scheduler,
    progressInterval: Duration = .milliseconds(100), layout: RingLayout = RingLayout()
  ) {
    self.folder = MutableProperty(folder)
    self.scanner = scanner
    self.scheduler = scheduler
    self.progressInterval = progressInterval
    phase = Property(phaseStore)
    tree = Property(treeStore)
    let selectedPath = MutableProperty<String?>(nil)
    self.selectedPath = selectedPath
    selected = Property(
      initial: nil,
      then: Signal.combineLatest(treeStore.signal, selectedPath.signal).map { tree, path in
        guard let tree else { return nil }
        return path.flatMap { tree.node(at: $0) } ?? tree
      })
    largest = selected.map { $0?.largest(Self.largestCount) ?? [] }
    segments = selected.map { $0.map(layout.segments(of:)) ?? [] }
    isScanning = phase.map {
      if case .scanning = $0 { return true }
      return false
    }
    status = Property(
      initial: "",
      then: Signal.combineLatest(phaseStore.signal, treeStore.signal).map(Self.status))
    title = Property(
      initial: "",
      then: Signal.combineLatest(self.folder.signal, phaseStore.signal).map { folder, phase in
        let name = (folder as NSString).lastPathComponent
        if case .scanning = phase { return "Scanning \(name)… — Disk Usage" }
        return "\(name) — Disk Usage"
      })
  }

  deinit { running.dispose() }

  /// Scans `folder`, cancelling a scan that runs.
  public func startScan() {
    running.inner = nil
    lastProgressTime = nil
    phaseStore.value = .scanning(ScanProgress(files: 0, folders: 0, bytes: 0))
    running.inner = scanner.scan(folder.value).materialize().subscribe(next: {
      [weak self] event in self?.receive(event)
    })
  }

  /// Stops the running scan; the previous tree, if any, stays.
  public func cancel() {
    guard isScanning.value else { return }
    running.inner = nil
    phaseStore.value = .cancelled
  }

  /// Shows `path` at the chart's centre (the tree's root for `nil`).
  public func select(_ path: String?) {
    selectedPath.value = path
  }

  /// Shows the selected folder's parent at the centre, unless it is the root.
  public func selectParent() {
    guard let tree = treeStore.value, let path = selectedPath.value, path != tree.path else {
      return
    }
    let parent = (path as NSString).deletingLastPathComponent
    selectedPath.value = parent == tree.path || parent.count < tree.path.count ? nil : parent
  }

  private var lastProgressTime: Duration?

  private func receive(_ event: Event<ScanEvent, ScanError>) {
    switch event {
    case .next(.progress(let progress)):
      // At most one update per interval: the first at once, later ones when due.
      let now = scheduler.now
      if let last = lastProgressTime, now - last < progressInterval { return }
      lastProgressTime = now
      phaseStore.value = .scanning(progress)
    case .next(.finished(let tree)):
      lastProgressTime = nil
      selectedPath.value = nil
      treeStore.value = tree
      phaseStore.value = .finished
    case .failed(let error):
      lastProgressTime = nil
      phaseStore.value = .failed(error.message)
    case .completed:
      break
    }
  }

  private static func status(_ phase: Phase, _ tree: FolderNode?) -> String {
    switch phase {
    case .idle:
      return "Choose a folder and press Scan."
    case .scanning(let progress):
      return "Scanning… \(progress.files) files in \(progress.folders) folders, "
        + ByteCount.format(progress.bytes)
    case .finished:
      guard let tree else { return "" }
      return "\(ByteCount.format(tree.size)) in \(tree.fileCount) files"
    case .cancelled:
      return "Scan cancelled."
    case .failed(let message):
      return "Cannot scan: \(message)"
    }
  }
}
