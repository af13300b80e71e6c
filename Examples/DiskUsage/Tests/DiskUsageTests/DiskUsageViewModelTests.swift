// The analyzer's logic on virtual time: a scan's progress, its tree, cancelling,
// failing, selecting, and the chart's arcs.
import DiskUsageModel
import Reactive
import ReactiveTesting
import Testing

/// A small tree: /data with photos (600), music (300, with albums 200) and notes (100).
private let tree = FolderNode(
  name: "data", path: "/data", size: 1000, fileCount: 40,
  children: [
    FolderNode(name: "notes", path: "/data/notes", size: 100, fileCount: 25),
    FolderNode(
      name: "music", path: "/data/music", size: 300, fileCount: 10,
      children: [FolderNode(name: "albums", path: "/data/music/albums", size: 200, fileCount: 8)]),
    FolderNode(name: "photos", path: "/data/photos", size: 600, fileCount: 5),
  ])

/// A scanner whose scan is a cold test signal: progress at ticks 1, 2 and 5, the tree
/// at 10; it remembers every subscription.
private final class FakeScanner: FolderScanning {
  let signal: ColdSignal<ScanEvent, ScanError>
  private(set) var scanned: [String] = []

  init(_ scheduler: TestScheduler, events: [Recorded<ScanEvent, ScanError>]? = nil) {
    signal = scheduler.createColdSignal(
      events ?? [
        .next(1, .progress(ScanProgress(files: 10, folders: 1, bytes: 100))),
        .next(2, .progress(ScanProgress(files: 20, folders: 2, bytes: 200))),
        .next(5, .progress(ScanProgress(files: 30, folders: 3, bytes: 900))),
        .next(10, .finished(tree)),
        .completed(10),
      ])
  }

  func scan(_ path: String) -> Signal<ScanEvent, ScanError> {
    scanned.append(path)
    return signal.signal
  }
}

/// An analyzer of /data on a scheduler where one tick is 100 ms and progress shows at
/// most every 200 ms.
private func analyzer(
  _ events: [Recorded<ScanEvent, ScanError>]? = nil
) -> (TestScheduler, FakeScanner, DiskUsageViewModel) {
  let scheduler = TestScheduler(tickDuration: .milliseconds(100))
  let scanner = FakeScanner(scheduler, events: events)
  let viewModel = DiskUsageViewModel(
    folder: "/data", scanner: scanner, scheduler: scheduler,
    progressInterval: .milliseconds(200), layout: RingLayout(depth: 2))
  return (scheduler, scanner, viewModel)
}

@Suite("DiskUsageViewModel")
struct DiskUsageViewModelTests {
  @Test("before a scan: nothing to show, Scan possible")
  func idle() {
    let (_, _, viewModel) = analyzer()
    #expect(viewModel.phase.value == .idle)
    #expect(viewModel.tree.value == nil)
    #expect(viewModel.largest.value.isEmpty)
    #expect(viewModel.isScanning.value == false)
    #expect(viewModel.status.value == "Choose a folder and press Scan.")
    #expect(viewModel.title.value == "data — Disk Usage")
  }

  @Test("a scan shows thinned progress, then the tree, its largest folders and arcs")
  func scan() {
    let (scheduler, scanner, viewModel) = analyzer()
    viewModel.startScan()
    #expect(scanner.scanned == ["/data"])
    #expect(viewModel.isScanning.value)
    #expect(viewModel.title.value == "Scanning data… — Disk Usage")
    var shown: [Int] = []
    let watch = viewModel.phase.signal.subscribe(next: {
      if case .scanning(let progress) = $0 { shown.append(progress.files) }
    })
    scheduler.advance(to: 6)
    // Ticks 1 and 2 are 100 ms apart: the second is dropped; tick 5 is 400 ms later.
    #expect(shown == [0, 10, 30])
    #expect(viewModel.status.value == "Scanning… 30 files in 3 folders, 900 bytes")
    scheduler.advance(to: 10)
    #expect(viewModel.phase.value == .finished)
    #expect(viewModel.tree.value == tree)
    #expect(viewModel.status.value == "1.0 kB in 40 files")
    #expect(viewModel.largest.value.map(\.name) == ["photos", "music", "albums", "notes"])
    let arcs = viewModel.segments.value
    #expect(arcs.map(\.name) == ["photos", "music", "albums", "notes"])
    #expect(arcs.map(\.depth) == [1, 1, 2, 1])
    #expect(abs(arcs[0].end - 0.6 * 2 * .pi) < 1e-9, "photos takes 60 % of the circle")
    #expect(abs(arcs[2].start - arcs[1].start) < 1e-9, "albums starts where music does")
    #expect(scanner.signal.subscriptions == [Subscription(0, 10)])
    watch.dispose()
  }

  @Test("Cancel stops the scan: the source is disposed and the old tree stays")
  func cancel() {
    let (scheduler, scanner, viewModel) = analyzer()
    viewModel.startScan()
    scheduler.advance(to: 12)
    viewModel.startScan()  // a second scan, cancelled at tick 15
    scheduler.advance(to: 15)
    viewModel.cancel()
    #expect(viewModel.phase.value == .cancelled)
    #expect(viewModel.status.value == "Scan cancelled.")
    #expect(viewModel.tree.value == tree, "the previous tree stays")
    #expect(scanner.signal.subscriptions == [Subscription(0, 10), Subscription(12, 15)])
    scheduler.run()
    #expect(viewModel.phase.value == .cancelled, "nothing arrives after Cancel")
  }

  @Test("starting a scan while one runs cancels the first")
  func restart() {
    let (scheduler, scanner, viewModel) = analyzer()
    viewModel.startScan()
    scheduler.advance(to: 3)
    viewModel.startScan()
    scheduler.run()
    #expect(scanner.signal.subscriptions == [Subscription(0, 3), Subscription(3, 13)])
    #expect(viewModel.phase.value == .finished)
  }

  @Test("a failed scan says why")
  func failure() {
    let (scheduler, _, viewModel) = analyzer([
      .next(1, .progress(ScanProgress(files: 1, folders: 1, bytes: 1))),
      .failed(2, ScanError(message: "Permission denied")),
    ])
    viewModel.startScan()
    scheduler.run()
    #expect(viewModel.phase.value == .failed("Permission denied"))
    #expect(viewModel.status.value == "Cannot scan: Permission denied")
    #expect(viewModel.isScanning.value == false)
  }

  @Test("selecting a folder centres the chart on it; its parent goes back up")
  func selection() {
    let (scheduler, _, viewModel) = analyzer()
    viewModel.startScan()
    scheduler.run()
    viewModel.select("/data/music")
    #expect(viewModel.selected.value?.name == "music")
    #expect(viewModel.largest.value.map(\.name) == ["albums"])
    #expect(viewModel.segments.value.map(\.name) == ["albums"])
    viewModel.selectParent()
    #expect(viewModel.selected.value?.path == "/data")
    viewModel.select("/elsewhere")
    #expect(viewModel.selected.value?.path == "/data", "an unknown path shows the root")
  }

  @Test("a point on the chart finds its arc: by ring and by angle")
  func hitTesting() {
    let layout = RingLayout(depth: 2)
    let arcs = layout.segments(of: tree)
    func at(_ x: Double, _ y: Double) -> String? {
      layout.segment(at: x, y, in: arcs, centerRadius: 10, ringWidth: 10)?.name
    }
    #expect(at(15, 1) == "photos", "ring 1 just past three o'clock")
    #expect(at(0, -15) == "music", "twelve o'clock is 75 % around, in music")
    #expect(at(0, -25) == "albums", "ring 2 at twelve o'clock")
    #expect(at(12.5, -21.65) == nil, "ring 2 at 300°, past albums (216°–288°), is empty")
    #expect(at(3, 3) == nil, "the centre")
    #expect(at(50, 0) == nil, "outside the rings")
  }

  @Test("sizes read as people read them")
  func sizes() {
    #expect(ByteCount.format(1) == "1 byte")
    #expect(ByteCount.format(999) == "999 bytes")
    #expect(ByteCount.format(1500) == "1.5 kB")
    #expect(ByteCount.format(340_000) == "340 kB")
    #expect(ByteCount.format(12_300_000_000) == "12.3 GB")
  }

  @Test("releasing the analyzer cancels its scan and frees it", .leakChecked)
  func release() {
    let scheduler = TestScheduler(tickDuration: .milliseconds(100))
    let scanner = FakeScanner(scheduler)
    weak var released: DiskUsageViewModel?
    do {
      let viewModel = DiskUsageViewModel(folder: "/data", scanner: scanner, scheduler: scheduler)
      viewModel.startScan()
      released = viewModel
      scheduler.advance(to: 3)
    }
    #expect(released == nil)
    #expect(scanner.signal.subscriptions == [Subscription(0, 3)])
    scheduler.run()
  }
}
