// Translated messages: placeholders, the German and Hebrew catalogues, plural forms.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("Localization")
  @MainActor
  struct LocalizationTests {
    @Test("placeholders take their arguments in order, or by position when numbered")
    func placeholders() {
      #expect(Localization.format("%s (%d)", ["a.png", "3"]) == "a.png (3)")
      #expect(
        Localization.format("%1$s (%2$d of %3$d)", ["a.png", "1", "3"]) == "a.png (1 of 3)")
      // A translation may put the values in another order.
      #expect(Localization.format("%3$d: %1$s", ["a.png", "1", "3"]) == "3: a.png")
      #expect(Localization.format("100%% of %s", ["x"]) == "100% of x")
      #expect(Localization.format("%s and %s", ["x"]) == "x and %s", "a missing argument")
      #expect(Localization.format("no placeholders", ["x"]) == "no placeholders")
    }

    @Test("untranslated, a message is its English text")
    func english() {
      #expect(tr("Image Browser") == "Image Browser")
      #expect(tr("%1$s (%2$d of %3$d)", "a.png", 2, 3) == "a.png (2 of 3)")
      #expect(trn("Making %d thumbnail…", "Making %d thumbnails…", 1) == "Making 1 thumbnail…")
      #expect(trn("Making %d thumbnail…", "Making %d thumbnails…", 4) == "Making 4 thumbnails…")
    }

    @Test("German: titles, sort orders, property labels and plurals come translated")
    func german() throws {
      withLanguage("de") {
        #expect(tr("%1$s (%2$d of %3$d)", "a.png", 2, 3) == "a.png (2 von 3)")
        #expect(BrowserState.windowTitle("a.png (2 von 3)") == "a.png (2 von 3) — Bildbrowser")
        #expect(ImageSortOrder.dateTaken.title == "Aufnahmedatum")
        #expect(ImageProperties.labels.map { tr($0) }.first == "Kamera")
        let place = GeoCoordinate(latitude: 48.8584, longitude: 2.2945)!
        #expect(MetadataFormat.coordinate(place) == "48.8584° N, 2.2945° O")
        #expect(
          trn("Making %d thumbnail…", "Making %d thumbnails…", 1)
            == "1 Vorschaubild wird erstellt …")
        #expect(
          trn("Making %d thumbnail…", "Making %d thumbnails…", 7)
            == "7 Vorschaubilder werden erstellt …")
      }
      #expect(tr("Image Browser") == "Image Browser", "back in English afterwards")
    }

    @Test("Hebrew: three plural forms, as GNOME's Hebrew catalogues have")
    func hebrew() {
      withLanguage("he") {
        #expect(tr("Image Browser") == "דפדפן תמונות")
        let making = { (n: Int) in trn("Making %d thumbnail…", "Making %d thumbnails…", n) }
        #expect(making(1) == "נוצרת תמונה ממוזערת אחת…")
        #expect(making(2) == "נוצרות שתי תמונות ממוזערות…")
        #expect(making(5) == "נוצרות 5 תמונות ממוזערות…")
        #expect(making(0) == "נוצרות 0 תמונות ממוזערות…")
      }
    }
  }
}
