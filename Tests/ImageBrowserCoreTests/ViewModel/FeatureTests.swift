// One feature object and a store, without the rest of the view model: each acts on the
// state only through the store, and the store keeps its invariants whoever writes.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Features")
  @MainActor
  struct FeatureTests {
    /// A store showing `names` from `/photos` with `selected` current.
    static func store(_ names: [String], selected: Int = 0) -> BrowserStore {
      let store = BrowserStore()
      let shown = items(names)
      store.update {
        $0.startOver(
          at: .open(folder: photos), items: shown, selecting: shown[selected].id,
          isListing: false)
      }
      return store
    }

    @Test("the store's items follow its images and query through every change")
    func itemsAreDerived() {
      var state = BrowserState()
      let all = items(["beach.jpg", "Bear.png", "cat.jpg", "bee.gif"])
      state.startOver(at: .open(folder: photos), items: all, isListing: false)
      #expect(names(state.items) == ["beach.jpg", "Bear.png", "cat.jpg", "bee.gif"])
      state.applyFilter(
        FilterResult(query: "be", source: all, items: BrowserState.filter(all, by: "be")))
      #expect(names(state.items) == ["beach.jpg", "Bear.png", "bee.gif"])
      // New images arrive while filtered: the filter applies to them too.
      state.replaceAllItems(with: all + items(["bed.jpg", "dog.jpg"]))
      #expect(names(state.items) == ["beach.jpg", "Bear.png", "bee.gif", "bed.jpg"])
      // A filter result computed for an older list is applied to the list there is now.
      state.applyFilter(
        FilterResult(query: "c", source: all, items: BrowserState.filter(all, by: "c")))
      #expect(names(state.items) == ["beach.jpg", "cat.jpg"])
      // Another folder keeps the query.
      state.startOver(
        at: .open(folder: photos), items: items(["a.jpg", "cc.jpg"]), isListing: false)
      #expect(names(state.items) == ["cc.jpg"])
      #expect(state.index == 0)
    }

    @Test("the viewer's zoom, on a store alone, is reset by the store when the image changes")
    func viewerControlOnAStore() {
      let store = Self.store(numbered(3))
      let viewer = ViewerControl(store: store)
      viewer.geometry.value = ViewerGeometry(
        imageWidth: 2000, imageHeight: 1000, viewWidth: 800, viewHeight: 600)
      viewer.zoomToActualSize(about: (x: 100, y: 100))
      #expect(store.zoom.value == .scale(1))
      #expect(store.state.value.pan != .zero)
      #expect(viewer.isZoomedBeyondView)
      viewer.pan(by: -50, 0)
      store.select(index: 1)
      #expect(store.zoom.value == .fit)
      #expect(store.state.value.pan == .zero)
    }

    @Test("a slideshow on a store alone pages on its timer and stops with the list")
    func slideshowOnAStore() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let store = Self.store(numbered(4))
        let window = WindowMode(scheduler: scheduler, hideDelay: .seconds(2))
        let slideshow = Slideshow(
          store: store, preferences: ViewPreferences(settings: InMemorySettings()),
          window: window, main: scheduler, random: SeededRandom(seed: 1))
        let pages = TestableObserver<Int?, Never>(scheduler: scheduler)
        let subscription = store.index.changes.subscribe(pages.observer)
        scheduler.schedule(at: 10) { slideshow.startSlideshow() }
        #expect(!window.isFullscreen.value)
        scheduler.advance(to: 50)
        #expect(window.isFullscreen.value, "the slideshow enters fullscreen")
        #expect(pages.events == [.next(40, 1)])
        // The folder shrinks to one image: the store stops the slideshow, and its timer
        // and the fullscreen it entered go with it.
        scheduler.schedule(at: 55) {
          store.update { $0.replaceAllItems(with: items(["p1.jpg"])) }
        }
        scheduler.advance(to: 200)
        #expect(!store.isSlideshowRunning.value)
        #expect(!window.isFullscreen.value)
        #expect(pages.events == [.next(40, 1), .next(55, 0)])
        #expect(!scheduler.hasPendingActions, "the timer is gone")
        subscription.dispose()
      }
    }

    @Test("a folder session on a store alone filters by name, debounced")
    func folderSessionOnAStore() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let store = BrowserStore()
        let session = FolderSession(
          store: store, scanner: FolderScanner(), watcher: NoFolderWatching(),
          settings: InMemorySettings(), metadata: MetadataCache(reader: NoMetadataReading()),
          main: scheduler, background: scheduler,
          timing: BrowserTiming(filterDebounce: .milliseconds(300)))
        session.show(
          Listing(
            folder: photos, items: items(["cat.jpg", "bee.gif", "dog.jpg"]), selectedIndex: 2))
        #expect(store.current.value?.displayName == "dog.jpg")
        scheduler.schedule(at: 10) { session.filterText.value = "o" }
        scheduler.advance(to: 12)
        #expect(store.items.value.count == 3, "not before the typing pauses")
        scheduler.advance(to: 100)
        #expect(names(store.items.value) == ["dog.jpg"])
        #expect(store.current.value?.displayName == "dog.jpg", "the current image stays")
        session.filterText.value = ""
        #expect(store.items.value.count == 3, "clearing shows every image at once")
      }
    }
  }
}
