// The view choices a person makes (sidebar, strip, background, slideshow pace and order, dark style), remembered.
import Foundation
import Reactive

/// How the browser window is laid out and paced, as the person chose: each choice is a
/// `MutableProperty` that views bind to both ways (a toggle action, a switch in
/// Preferences), loaded from the settings at start and saved on every change.
///
/// The GTK layer turns the toggles into actions: `showsProperties` (Alt+Return),
/// `showsStrip` (F9).
package final class ViewPreferences {
  /// Whether the properties sidebar (camera facts of the current image) shows.
  package let showsProperties: MutableProperty<Bool>
  /// Whether the thumbnail strip shows.
  package let showsStrip: MutableProperty<Bool>
  /// What the viewer paints behind the image.
  package let viewerBackground: MutableProperty<ViewerBackground>
  /// How long each image shows in a slideshow, in seconds (clamped to
  /// `Settings.slideshowSecondsRange`); a running slideshow takes a change at once.
  package let slideshowSeconds: MutableProperty<Int>
  /// Whether a slideshow starts again at the first image after the last (or, shuffled,
  /// with a new order once every image has shown) instead of stopping.
  package let slideshowLoops: MutableProperty<Bool>
  /// Whether a slideshow shows the images in a random order, each once per round.
  package let slideshowShuffles: MutableProperty<Bool>
  /// Whether the window asks the theme for its dark variant (on by default, as in Eye of
  /// GNOME: light controls around the dark viewer glare).
  package let prefersDarkStyle: MutableProperty<Bool>

  private let bag = DisposeBag()

  /// The choices saved in `settings`, saved back there on every change.
  package init(settings: any SettingsStore) {
    let saved = settings.load()
    showsProperties = MutableProperty(saved.showsProperties)
    showsStrip = MutableProperty(saved.showsStrip)
    viewerBackground = MutableProperty(saved.viewerBackground)
    slideshowSeconds = MutableProperty(Self.clamped(saved.slideshowSeconds))
    slideshowLoops = MutableProperty(saved.slideshowLoops)
    slideshowShuffles = MutableProperty(saved.slideshowShuffles)
    prefersDarkStyle = MutableProperty(saved.prefersDarkStyle)
    remember(showsProperties, in: settings, at: \.showsProperties)
    remember(showsStrip, in: settings, at: \.showsStrip)
    remember(viewerBackground, in: settings, at: \.viewerBackground)
    remember(slideshowLoops, in: settings, at: \.slideshowLoops)
    remember(slideshowShuffles, in: settings, at: \.slideshowShuffles)
    remember(prefersDarkStyle, in: settings, at: \.prefersDarkStyle)
    slideshowSeconds.changes
      .subscribe(next: { [weak slideshowSeconds] seconds in
        let clamped = Self.clamped(seconds)
        if clamped != seconds {
          slideshowSeconds?.value = clamped
          return
        }
        settings.update { $0.slideshowSeconds = clamped }
      })
      .disposed(by: bag)
  }

  /// The slideshow interval as a duration.
  package var slideshowPeriod: Duration { .seconds(slideshowSeconds.value) }

  /// Saves each new value of `property` into the settings' `key`.
  private func remember<Value: Equatable>(
    _ property: MutableProperty<Value>, in settings: any SettingsStore,
    at key: WritableKeyPath<Settings, Value> & Sendable
  ) {
    property.signal.distinctUntilChanged().skip(1)
      .subscribe(next: { value in settings.update { $0[keyPath: key] = value } })
      .disposed(by: bag)
  }

  private static func clamped(_ seconds: Int) -> Int {
    min(
      max(seconds, Settings.slideshowSecondsRange.lowerBound),
      Settings.slideshowSecondsRange.upperBound)
  }
}
