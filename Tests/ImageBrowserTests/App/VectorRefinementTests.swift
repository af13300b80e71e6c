// Sharp SVG renders: the newest zoom wins, stale renders are dropped, another image forgets.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("Vector refinement")
  @MainActor
  struct VectorRefinementTests {
    static func document() -> SvgDocument {
      let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <rect width="20" height="40" fill="#000"/>
        </svg>
        """
      return SvgDocument(data: Data(svg.utf8), size: PixelSize(width: 40, height: 40))
    }

    static let at4 = RenderRegion(scale: 4, x: 0, y: 0, width: 160, height: 160)
    static let at8 = RenderRegion(scale: 8, x: 80, y: 80, width: 160, height: 160)

    @Test("a zoom change before the render ran drops the stale one: only the newest arrives")
    func newestWins() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let rendering = schedulers.make()
        var arrivals = 0
        let refinement = VectorRefinement(main: main, rendering: rendering) { arrivals += 1 }
        refinement.show(Self.document())
        refinement.want(Self.at4)
        refinement.want(Self.at8)
        rendering.advance(by: 1)
        main.advance(by: 1)
        #expect(arrivals == 1)
        #expect(refinement.render?.region == Self.at8)
        #expect(refinement.render?.surface.size == PixelSize(width: 160, height: 160))
      }
    }

    @Test("a render finished after another image became current is never shown")
    func anotherImageForgets() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let rendering = schedulers.make()
        var arrivals = 0
        let refinement = VectorRefinement(main: main, rendering: rendering) { arrivals += 1 }
        refinement.show(Self.document())
        refinement.want(Self.at8)
        rendering.advance(by: 1)  // Rendered, not yet delivered.
        refinement.show(nil)  // Paged to a photo.
        main.advance(by: 1)
        #expect(arrivals == 0)
        #expect(refinement.render == nil)
      }
    }

    @Test("asking again for the region rendered renders nothing more")
    func sameRegionOnce() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let rendering = schedulers.make()
        var arrivals = 0
        let refinement = VectorRefinement(main: main, rendering: rendering) { arrivals += 1 }
        refinement.show(Self.document())
        for _ in 0..<3 {
          refinement.want(Self.at8)
          rendering.advance(by: 1)
          main.advance(by: 1)
        }
        #expect(arrivals == 1)
      }
    }
  }
}
