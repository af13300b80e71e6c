// Sort orders: by name, by date, by size, ties broken by natural name order.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Sort orders")
  @MainActor
  struct SortOrderTests {
    /// An item in `/photos` with the given size and date (seconds since 1970).
    static func item(_ name: String, size: Int?, date: Double?) -> ImageItem {
      ImageItem(
        url: photos.appendingPathComponent(name), byteCount: size,
        modificationDate: date.map { Date(timeIntervalSince1970: $0) })
    }

    static let sample = [
      item("b10.jpg", size: 300, date: 20),
      item("B2.jpg", size: 100, date: 30),
      item("a.jpg", size: 300, date: 10),
      item("c.jpg", size: 100, date: 20),
      item("d.jpg", size: 200, date: 20),
    ]

    @Test(
      "files merged into a sorted list land where a whole sort puts them",
      arguments: [ImageSortOrder.name, .modificationDate, .size])
    func merged(order: ImageSortOrder) {
      var generator = SeededRandom(seed: 7)
      let stems = ["a", "B", "img", "IMG_", "photo ", "x"]
      func items(_ count: Int, from start: Int) -> [ImageItem] {
        (start..<start + count).map { index in
          let stem = stems[Int.random(in: 0..<stems.count, using: &generator)]
          let number = Int.random(in: 0..<40, using: &generator)
          let size = Int.random(in: 0..<8, using: &generator)
          return Self.item(
            "\(stem)\(number)-\(index).jpg", size: size == 0 ? nil : size,
            date: Double(Int.random(in: 0..<6, using: &generator)))
        }
      }
      for round in 0..<20 {
        let existing = order.sorted(items(round * 7, from: 0))
        let incoming = items(round % 5 + 1, from: 1000)
        #expect(
          names(order.merged(incoming, into: existing)) == names(order.sorted(existing + incoming)),
          "round \(round)")
      }
      #expect(names(order.merged([], into: Self.sample)) == names(Self.sample))
    }

    @Test("by name: natural order, case ignored")
    func byName() {
      #expect(
        names(ImageSortOrder.name.sorted(Self.sample))
          == ["a.jpg", "B2.jpg", "b10.jpg", "c.jpg", "d.jpg"])
    }

    @Test("by date: oldest first, equal dates in name order")
    func byDate() {
      #expect(
        names(ImageSortOrder.modificationDate.sorted(Self.sample))
          == ["a.jpg", "b10.jpg", "c.jpg", "d.jpg", "B2.jpg"])
    }

    @Test("by size: smallest first, equal sizes in name order")
    func bySize() {
      #expect(
        names(ImageSortOrder.size.sorted(Self.sample))
          == ["B2.jpg", "c.jpg", "d.jpg", "a.jpg", "b10.jpg"])
    }

    @Test("unknown sizes sort first; facts can come from elsewhere, items stay as given")
    func unknownFacts() {
      let bare = Self.sample.map { ImageItem(url: $0.url) }
      #expect(names(ImageSortOrder.size.sorted(bare)) == names(ImageSortOrder.name.sorted(bare)))
      let known = Dictionary(uniqueKeysWithValues: Self.sample.map { ($0.id, $0) })
      let sorted = ImageSortOrder.size.sorted(bare) { known[$0.id]! }
      #expect(names(sorted) == ["B2.jpg", "c.jpg", "d.jpg", "a.jpg", "b10.jpg"])
      #expect(sorted.allSatisfy { $0.byteCount == nil })
    }

    @Test("the natural-order key agrees with the comparison it replaces")
    func keys() {
      let names = [
        "img10.jpg", "img2.jpg", "IMG2.jpg", "img02.jpg", "a", "", "Ä1", "ä10", "ä2", "x 1",
        "x1", "photo", "photo 2", "n100000000000000000000000", "n99999999999999999999999",
      ]
      let keyed = names.sorted { NaturalOrder.Key($0) < NaturalOrder.Key($1) }
      #expect(keyed == names.sorted(by: NaturalOrder.areInIncreasingOrder))
      #expect(keyed.firstIndex(of: "ä2")! < keyed.firstIndex(of: "ä10")!)
      #expect(keyed.firstIndex(of: "img2.jpg")! < keyed.firstIndex(of: "img10.jpg")!)
      #expect(NaturalOrder.compare("Ä1", "ä01") == .orderedSame)
    }
  }
}
