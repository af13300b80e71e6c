// Natural name order: numbers as numbers, letters without case, a total order.
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Natural order")
  @MainActor
  struct NaturalOrderTests {
    static func sorted(_ names: [String]) -> [String] {
      names.sorted(by: NaturalOrder.areInIncreasingOrder)
    }

    @Test("numbers compare by value: img2 before img10")
    func numbers() {
      #expect(
        Self.sorted(["img10.jpg", "img2.jpg", "img1.jpg"])
          == ["img1.jpg", "img2.jpg", "img10.jpg"])
      #expect(Self.sorted(["x100", "x20", "x3"]) == ["x3", "x20", "x100"])
      #expect(Self.sorted(["a2b10", "a2b9", "a10b1"]) == ["a2b9", "a2b10", "a10b1"])
    }

    @Test("letters compare without case")
    func caseInsensitive() {
      #expect(
        Self.sorted(["cliff.png", "Beach.jpg", "anchor.jpg"])
          == ["anchor.jpg", "Beach.jpg", "cliff.png"])
    }

    @Test("names equal but for case or leading zeros still get a fixed order")
    func totalOrder() {
      #expect(Self.sorted(["a1", "a01", "A1"]) == Self.sorted(["A1", "a1", "a01"]))
      #expect(NaturalOrder.compare("a01", "a1") == .orderedSame)
      #expect(!NaturalOrder.areInIncreasingOrder("a", "a"))
    }

    @Test("digits before letters, shorter prefix first, huge numbers do not overflow")
    func edges() {
      #expect(Self.sorted(["b", "1", "a"]) == ["1", "a", "b"])
      #expect(Self.sorted(["photo 2", "photo"]) == ["photo", "photo 2"])
      #expect(
        Self.sorted(["n99999999999999999999999", "n100000000000000000000000"])
          == ["n99999999999999999999999", "n100000000000000000000000"])
      #expect(Self.sorted(["", "a"]) == ["", "a"])
    }
  }
}
