// GIO file operations on real files: the trash and back, delete, rename, and failures that
// change nothing.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("File operations (GIO)")
  @MainActor
  struct FileOperationsTests {
    let files = GioFileOperations()

    func contents(_ folder: TemporaryFolder) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).sorted()
    }

    @Test("trash moves the file to the freedesktop trash with a record; restore puts it back")
    func trashAndRestore() throws {
      let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
      try Data("photo".utf8).write(to: folder.file("a.jpg"))
      let trashed = try files.trash(folder.file("a.jpg"))
      #expect(contents(folder) == ["b.jpg"])
      let info = try #require(trashed.info, "the record is found")
      let record = try String(contentsOf: info, encoding: .utf8)
      #expect(record.contains("[Trash Info]"))
      #expect(FileManager.default.fileExists(atPath: trashed.trashed.path))
      try files.restore(trashed)
      #expect(contents(folder) == ["a.jpg", "b.jpg"])
      #expect(try Data(contentsOf: folder.file("a.jpg")) == Data("photo".utf8))
      #expect(!FileManager.default.fileExists(atPath: info.path), "the record is gone")
    }

    @Test("restore refuses to replace a file that took the name meanwhile")
    func restoreRefusesToReplace() throws {
      let folder = try TemporaryFolder(files: ["a.jpg"])
      let trashed = try files.trash(folder.file("a.jpg"))
      try Data("new".utf8).write(to: folder.file("a.jpg"))
      #expect(throws: FileOperationError.self) { try files.restore(trashed) }
      #expect(try Data(contentsOf: folder.file("a.jpg")) == Data("new".utf8))
      // Leave the real trash as it was.
      try? FileManager.default.removeItem(at: trashed.trashed)
      if let info = trashed.info { try? FileManager.default.removeItem(at: info) }
    }

    @Test("trashing the same name twice restores each to its own place")
    func sameNameTwice() throws {
      let first = try TemporaryFolder(files: ["same.jpg"])
      let second = try TemporaryFolder(files: ["same.jpg"])
      let one = try files.trash(first.file("same.jpg"))
      let two = try files.trash(second.file("same.jpg"))
      #expect(one.trashed != two.trashed)
      try files.restore(two)
      try files.restore(one)
      #expect(contents(first) == ["same.jpg"])
      #expect(contents(second) == ["same.jpg"])
    }

    @Test("delete removes the file for good")
    func delete() throws {
      let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
      try files.delete(folder.file("a.jpg"))
      #expect(contents(folder) == ["b.jpg"])
      #expect(throws: FileOperationError.self) { try files.delete(folder.file("a.jpg")) }
    }

    @Test("rename in place; a taken, empty or path-like name changes nothing and says why")
    func rename() throws {
      let folder = try TemporaryFolder(files: ["a.jpg", "b.jpg"])
      let renamed = try files.rename(folder.file("a.jpg"), to: "c.jpg")
      #expect(renamed == folder.file("c.jpg"))
      #expect(contents(folder) == ["b.jpg", "c.jpg"])
      do throws(FileOperationError) {
        _ = try files.rename(folder.file("c.jpg"), to: "b.jpg")
        Issue.record("renaming onto an existing file must fail")
      } catch {
        #expect(error.message == "“b.jpg” already exists")
      }
      for bad in ["", "..", "x/y.jpg"] {
        #expect(throws: FileOperationError.self) { try files.rename(folder.file("c.jpg"), to: bad) }
      }
      #expect(contents(folder) == ["b.jpg", "c.jpg"])
    }

    @Test("in a folder the user may not change, trash and rename fail and change nothing")
    func readOnlyFolder() throws {
      let folder = try TemporaryFolder(files: ["a.jpg"])
      chmod(folder.url.path, 0o555)
      defer { chmod(folder.url.path, 0o755) }
      asUnprivilegedUser {
        #expect(throws: FileOperationError.self) { try files.trash(folder.file("a.jpg")) }
        do throws(FileOperationError) {
          _ = try files.rename(folder.file("a.jpg"), to: "b.jpg")
          Issue.record("renaming in a read-only folder must fail")
        } catch {
          #expect(error.message == "you may not change this folder")
        }
      }
      #expect(contents(folder) == ["a.jpg"])
    }
  }
}
