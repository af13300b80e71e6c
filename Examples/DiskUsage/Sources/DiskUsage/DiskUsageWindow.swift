// The analyzer's window: a composite template whose children are bound to the view model.
import DiskUsageModel
import Foundation
import GtkReactive
import Reactive

/// The application window, built from its template: a header bar (Open…, Up, Scan,
/// Cancel), the largest folders in a list beside the ring chart, a progress bar and a
/// status line. `bind(to:)` connects it to a view model.
final class DiskUsageWindow: ApplicationWindow, CompositeTemplate {
  override class var gType: GType { registeredType }
  static var typeName: String { "DiskUsageWindow" }

  static let template = TemplateSource.string(
    """
    <interface>
      <template class="DiskUsageWindow" parent="GtkApplicationWindow">
        <property name="default-width">960</property>
        <property name="default-height">620</property>
        <child type="titlebar">
          <object class="GtkHeaderBar" id="header">
            <property name="show-close-button">True</property>
            <property name="title">Disk Usage</property>
            <child>
              <object class="GtkButton" id="open">
                <property name="label">Open…</property>
                <property name="tooltip-text">Choose the folder to scan</property>
                <signal name="clicked" handler="open"/>
              </object>
            </child>
            <child>
              <object class="GtkButton" id="up">
                <property name="tooltip-text">Show the parent folder</property>
                <child>
                  <object class="GtkImage">
                    <property name="icon-name">go-up-symbolic</property>
                  </object>
                </child>
                <signal name="clicked" handler="up"/>
              </object>
            </child>
            <child>
              <object class="GtkButton" id="cancel">
                <property name="label">Cancel</property>
                <signal name="clicked" handler="cancel"/>
              </object>
              <packing><property name="pack-type">end</property></packing>
            </child>
            <child>
              <object class="GtkButton" id="scan">
                <property name="label">Scan</property>
                <style><class name="suggested-action"/></style>
                <signal name="clicked" handler="scan"/>
              </object>
              <packing><property name="pack-type">end</property></packing>
            </child>
          </object>
        </child>
        <child>
          <object class="GtkBox">
            <property name="orientation">vertical</property>
            <child>
              <object class="GtkPaned">
                <property name="position">320</property>
                <child>
                  <object class="GtkScrolledWindow">
                    <property name="hscrollbar-policy">never</property>
                    <child>
                      <object class="GtkListBox" id="largest">
                        <property name="activate-on-single-click">True</property>
                      </object>
                    </child>
                  </object>
                  <packing><property name="resize">False</property></packing>
                </child>
                <child>
                  <object class="DiskUsageRingChart" id="chart"/>
                </child>
              </object>
              <packing><property name="expand">True</property></packing>
            </child>
            <child>
              <object class="GtkProgressBar" id="progress"/>
            </child>
            <child>
              <object class="GtkLabel" id="status">
                <property name="xalign">0</property>
                <property name="margin">6</property>
                <property name="ellipsize">end</property>
              </object>
            </child>
          </object>
        </child>
      </template>
    </interface>
    """)

  static let header = TemplateChild<HeaderBar>("header")
  static let openButton = TemplateChild<Button>("open")
  static let upButton = TemplateChild<Button>("up")
  static let scanButton = TemplateChild<Button>("scan")
  static let cancelButton = TemplateChild<Button>("cancel")
  static let largestList = TemplateChild<ListBox>("largest")
  static let chart = TemplateChild<RingChart>("chart")
  static let progress = TemplateChild<ProgressBar>("progress")
  static let status = TemplateChild<Label>("status")
  static let templateChildren: [AnyTemplateChild] = [
    header, openButton, upButton, scanButton, cancelButton, largestList, chart, progress,
    status,
  ]

  /// The analysis the window shows (the window keeps it as long as it lives).
  var viewModel: DiskUsageViewModel?
  /// The bindings to the view model; they end with the window.
  private let bag = DisposeBag()
  /// The largest folders' list binding, for its activation signal.
  private(set) var largestRows: ListItems<FolderNode, String>?

  /// Connects every child to `viewModel`, and the user's actions back to it.
  func bind(to viewModel: DiskUsageViewModel) {
    let chart = templateChild(Self.chart)
    let header = templateChild(Self.header)
    viewModel.title.signal.bind(to: rx.title).disposed(by: bag)
    viewModel.folder.signal.bind(to: header.rx.subtitle).disposed(by: bag)
    viewModel.status.signal.bind(to: templateChild(Self.status).rx.label).disposed(by: bag)
    viewModel.isScanning.signal.map { !$0 }.bind(to: templateChild(Self.scanButton).rx.isSensitive)
      .disposed(by: bag)
    viewModel.isScanning.signal.bind(to: templateChild(Self.cancelButton).rx.isSensitive)
      .disposed(by: bag)
    viewModel.selected.signal
      .map { selected in selected.map { $0.path != viewModel.tree.value?.path } ?? false }
      .bind(to: templateChild(Self.upButton).rx.isSensitive).disposed(by: bag)

    // The bar pulses while scanning and is full when a scan is done.
    let progress = templateChild(Self.progress)
    viewModel.isScanning.signal
      .flatMap(.latest) { scanning -> Signal<Bool, Never> in
        scanning
          ? Signal<Int, Never>.interval(.milliseconds(120), on: MainLoopScheduler.main)
            .map { _ in true }
          : .just(false)
      }
      .subscribe(next: { [weak progress] pulse in
        if pulse {
          progress?.pulse()
        } else {
          progress?.fraction = viewModel.tree.value == nil ? 0 : 1
        }
      })
      .disposed(by: bag)

    viewModel.selected.signal.subscribe(next: { [weak chart] selected in
      chart?.selectedFolder = selected?.path ?? ""
      chart?.centerText = selected.map { "\($0.name)\n\(ByteCount.format($0.size))" } ?? ""
    }).disposed(by: bag)
    viewModel.segments.signal.subscribe(next: { [weak chart] in chart?.segments = $0 })
      .disposed(by: bag)
    chart.rx.signal(RingChart.segmentActivated).subscribe(next: { viewModel.select($0) })
      .disposed(by: bag)
    chart.rx.signal(RingChart.centerActivated).subscribe(next: { viewModel.selectParent() })
      .disposed(by: bag)

    // Each bar is the folder's share of the folder at the chart's centre.
    let total = { max(viewModel.selected.value?.size ?? 1, 1) }
    let rows = viewModel.largest.signal.bind(
      to: templateChild(Self.largestList).rx.items(key: \.path) {
        FolderRow($0, of: total())
      } update: {
        row, folder in
        row.show(folder, of: total())
      })
    rows.disposed(by: bag)
    rows.itemActivated.subscribe(next: { viewModel.select($0.path) }).disposed(by: bag)
    largestRows = rows

    rx.templateCallback("scan").subscribe(next: { _ in viewModel.startScan() }).disposed(by: bag)
    rx.templateCallback("cancel").subscribe(next: { _ in viewModel.cancel() }).disposed(by: bag)
    rx.templateCallback("up").subscribe(next: { _ in viewModel.selectParent() }).disposed(by: bag)
    rx.templateCallback("open")
      .flatMap(.latest) { [weak self] _ in
        self?.chooseFiles(title: "Folder to Scan", action: .selectFolder) ?? .empty()
      }
      .compactMap { $0.first?.path }
      .subscribe(next: { folder in
        viewModel.folder.value = folder
        viewModel.startScan()
      })
      .disposed(by: bag)
  }
}

/// A row of the largest folders: the name, its size, and a bar of its share.
final class FolderRow: Box {
  let title = Label()
  let size = Label()
  let share = LevelBar()

  /// A row for `folder`, out of `total` bytes.
  convenience init(_ folder: FolderNode, of total: Int64) {
    self.init(orientation: .vertical, spacing: 2)
    borderWidth = 6
    let line = Box(orientation: .horizontal, spacing: 6)
    title.xalign = 0
    title.ellipsize = .middle
    size.xalign = 1
    line.packStart(title, expand: true, fill: true, padding: 0)
    line.packEnd(size, expand: false, fill: false, padding: 0)
    packStart(line, expand: false, fill: true, padding: 0)
    packStart(share, expand: false, fill: true, padding: 0)
    show(folder, of: total)
  }

  /// Shows `folder`'s name, size and share of `total` bytes.
  func show(_ folder: FolderNode, of total: Int64) {
    title.text = folder.name
    title.tooltipText = folder.path
    size.text = ByteCount.format(folder.size)
    share.maxValue = 1
    share.value = Double(folder.size) / Double(max(total, 1))
  }
}
