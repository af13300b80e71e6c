// Files read whole for libheif, libwebp and librsvg: every byte, bounded, cancellable.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Whole files")
  struct WholeFileTests {
    /// `body` with `bytes` written to a new file and opened read-only.
    private func withFile<Result>(
      _ bytes: [UInt8], _ body: (Int32) throws -> Result
    ) throws -> Result {
      let folder = try TemporaryFolder(files: [])
      let url = folder.file("data.bin")
      try Data(bytes).write(to: url)
      let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
      try #require(descriptor >= 0)
      defer { close(descriptor) }
      return try body(descriptor)
    }

    @Test("a file larger than one chunk arrives whole, and the position is not moved")
    func readsEveryByte() throws {
      let bytes = (0..<(ImageDecoder.chunkSize * 2 + 12345)).map {
        UInt8(truncatingIfNeeded: $0 &* 7)
      }
      try withFile(bytes) { descriptor in
        #expect(lseek(descriptor, 5, SEEK_SET) == 5)
        let read = try WholeFile.read(descriptor, limit: bytes.count).get()
        defer { read.bytes.deallocate() }
        #expect(read.isComplete)
        #expect(Array(read.bytes) == bytes)
        #expect(Int(bitPattern: read.bytes.baseAddress) % 16 == 0)
        #expect(lseek(descriptor, 0, SEEK_CUR) == 5)
      }
    }

    @Test("a file over the limit is refused before it is read; an empty one is said empty")
    func limits() throws {
      try withFile([1, 2, 3, 4]) { descriptor in
        #expect(throws: WholeFile.Failure.tooLarge) {
          try WholeFile.read(descriptor, limit: 3).get()
        }
        #expect(WholeFile.data(descriptor, limit: 4) == Data([1, 2, 3, 4]))
        #expect(WholeFile.data(descriptor, limit: 3) == nil)
      }
      try withFile([]) { descriptor in
        #expect(throws: WholeFile.Failure.empty) {
          try WholeFile.read(descriptor, limit: 100).get()
        }
        #expect(
          WholeFile.Failure.empty.decodeFailure == .failed(tr("The file is empty (0 bytes).")))
      }
    }

    @Test("cancelled between chunks, nothing is returned")
    func cancels() throws {
      let bytes = [UInt8](repeating: 9, count: ImageDecoder.chunkSize * 3)
      try withFile(bytes) { descriptor in
        var checks = 0
        #expect(throws: WholeFile.Failure.cancelled) {
          try WholeFile.read(descriptor, limit: bytes.count) {
            checks += 1
            return checks > 1
          }.get()
        }
        #expect(checks == 2)
      }
    }

    @Test("a descriptor that cannot be read says why")
    func unreadable() {
      #expect(throws: WholeFile.Failure.unreadable(EBADF)) {
        try WholeFile.read(-1, limit: 10).get()
      }
    }
  }
}
