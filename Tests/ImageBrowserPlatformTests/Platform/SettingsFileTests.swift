// The settings file: where it lives, a save/load round trip, corrupt files ignored.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Settings file")
  @MainActor
  struct SettingsFileTests {
    @Test("the config home is $XDG_CONFIG_HOME when absolute, else ~/.config")
    func configHome() {
      let home = URL(fileURLWithPath: "/home/ada", isDirectory: true)
      let fallback = "/home/ada/.config"
      #expect(SettingsFile.configHome(environment: [:], home: home).path == fallback)
      #expect(
        SettingsFile.configHome(environment: ["XDG_CONFIG_HOME": "rel/conf"], home: home).path
          == fallback)
      #expect(
        SettingsFile.configHome(environment: ["XDG_CONFIG_HOME": ""], home: home).path
          == fallback)
      #expect(
        SettingsFile.configHome(environment: ["XDG_CONFIG_HOME": "/tmp/conf"], home: home).path
          == "/tmp/conf")
      let file = SettingsFile(configHome: URL(fileURLWithPath: "/tmp/conf", isDirectory: true))
      #expect(file.url.path == "/tmp/conf/image-browser/settings.ini")
    }

    @Test("saved settings load again; the folder is 0700, no temporary file is left")
    func roundTrip() throws {
      let home = try TemporaryFolder(files: [])
      // A config home that does not exist yet, as on a fresh account.
      let configHome = home.url.appendingPathComponent("config", isDirectory: true)
      let file = SettingsFile(configHome: configHome)
      #expect(file.load() == Settings())
      file.save(Settings(sortOrder: .modificationDate))
      #expect(SettingsFile(configHome: configHome).load().sortOrder == .modificationDate)
      file.save(Settings(sortOrder: .size))
      #expect(SettingsFile(configHome: configHome).load().sortOrder == .size)
      let folder = file.url.deletingLastPathComponent()
      let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
      #expect((attributes[.posixPermissions] as? Int) == 0o700)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["settings.ini"])
      let text = try String(contentsOf: file.url, encoding: .utf8)
      #expect(text.contains("[Browser]\nsort-order=size\n"))
    }

    @Test("the view choices round-trip; a value they cannot take gives the defaults")
    func viewChoices() throws {
      let home = try TemporaryFolder(files: [])
      let file = SettingsFile(configHome: home.url)
      let chosen = Settings(
        sortOrder: .dateTaken, sortDescending: true, showsProperties: true, showsStrip: false,
        viewerBackground: .color(RGBColor(red: 0x12, green: 0xAB, blue: 0xEF)),
        slideshowSeconds: 12, slideshowLoops: true, slideshowShuffles: true,
        prefersDarkStyle: false)
      file.save(chosen)
      #expect(file.load() == chosen)
      let text = try String(contentsOf: file.url, encoding: .utf8)
      #expect(
        text.contains(
          "sort-order=taken\nsort-descending=true\nshow-properties=true\nshow-strip=false\n"))
      #expect(text.contains("dark-style=false\n"))
      #expect(
        text.contains(
          "viewer-background=#12abef\nslideshow-seconds=12\nslideshow-loop=true\n"
            + "slideshow-shuffle=true\n"))
      #expect(
        try SettingsFile.parse("[Browser]\nslideshow-loop=false\nslideshow-shuffle=true\n")
          == Settings(slideshowShuffles: true))
      #expect(
        try SettingsFile.parse("[Browser]\nsort-descending=true\ndark-style=false\n")
          == Settings(sortDescending: true, prefersDarkStyle: false))
      #expect(
        try SettingsFile.parse("[Browser]\nviewer-background=checkerboard\n")
          .viewerBackground == .checkerboard)
      for bad in [
        "show-strip=maybe", "viewer-background=red", "slideshow-seconds=0",
        "slideshow-seconds=99999999999999999999", "show-properties=", "slideshow-loop=1",
        "slideshow-shuffle=random", "sort-descending=yes", "dark-style=light",
      ] {
        try Data("[Browser]\n\(bad)\n".utf8).write(to: file.url)
        let (settings, problem) = file.loadReportingProblem()
        #expect(settings == Settings(), "\(bad)")
        #expect(problem?.contains("line 2: unknown") == true, "\(problem ?? "no problem")")
      }
    }

    @Test("the process's config home follows XDG_CONFIG_HOME")
    func processConfigHome() throws {
      let home = try TemporaryFolder(files: [])
      let saved = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }
      setenv("XDG_CONFIG_HOME", home.url.path, 1)
      defer {
        if let saved { setenv("XDG_CONFIG_HOME", saved, 1) } else { unsetenv("XDG_CONFIG_HOME") }
      }
      SettingsFile().save(Settings(sortOrder: .size))
      #expect(SettingsFile(configHome: home.url).load().sortOrder == .size)
    }

    @Test(
      "a corrupt or unreadable file is ignored: the defaults, and no crash",
      arguments: [
        Array("not a key file at all\n".utf8),
        Array("sort-order=size\n".utf8),
        Array("[Browser\nsort-order=size\n".utf8),
        Array("[Browser]\nsort-order=sideways\n".utf8),
        [0x5B, 0xFF, 0xFE, 0x5D, 0x0A],
        Array(repeating: UInt8(ascii: "#"), count: 100_000),
      ])
    func corrupt(bytes: [UInt8]) throws {
      let home = try TemporaryFolder(files: [])
      let file = SettingsFile(configHome: home.url)
      try FileManager.default.createDirectory(
        at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: file.url)
      #expect(file.load() == Settings())
      // Saving replaces the corrupt file with a good one.
      file.save(Settings(sortOrder: .size))
      #expect(file.load().sortOrder == .size)
    }

    @Test("unknown groups and keys, comments and blank lines are skipped")
    func tolerant() throws {
      let text = """
        # written by a newer version
        [Window]
        width=1200

          [Browser]
        zoom = fit
        sort-order = date
        """
      #expect(try SettingsFile.parse(text).sortOrder == .modificationDate)
    }

    @Test("a FIFO at settings.ini does not hang the launch: the defaults, and a reason")
    func fifo() throws {
      let home = try TemporaryFolder(files: ["image-browser/"])
      let file = SettingsFile(configHome: home.url)
      SpecialFiles.makeFIFO(at: file.url)
      let (settings, problem) = withoutHanging(unblocking: [file.url]) {
        file.loadReportingProblem()
      }
      #expect(settings == Settings())
      #expect(problem?.contains("is a named pipe (FIFO), not a regular file") == true)
    }

    @Test("CRLF line endings are read like LF ones")
    func crlf() throws {
      let text = "# written on Windows\r\n[Browser]\r\nsort-order=size\r\n"
      #expect(try SettingsFile.parse(text).sortOrder == .size)
      let home = try TemporaryFolder(files: ["image-browser/"])
      let file = SettingsFile(configHome: home.url)
      try Data(text.utf8).write(to: file.url)
      #expect(file.load().sortOrder == .size)
    }

    @Test("an unknown long value is quoted short in the message, not echoed whole")
    func longValue() throws {
      let home = try TemporaryFolder(files: ["image-browser/"])
      let file = SettingsFile(configHome: home.url)
      let value = String(repeating: "x", count: 60_000)
      try Data("[Browser]\nsort-order=\(value)\n".utf8).write(to: file.url)
      let (settings, problem) = file.loadReportingProblem()
      #expect(settings == Settings())
      let message = try #require(problem)
      #expect(message.contains("unknown sort order “xxxx"))
      #expect(message.count < file.url.path.count + 120, "\(message.count) characters")
    }

    @Test("a settings file that cannot be read warns once, over a launch and a change")
    func warnsOnce() throws {
      let home = try TemporaryFolder(files: ["image-browser/"])
      let lines = Locked<[String]>([])
      let file = SettingsFile(configHome: home.url) { line in lines.withLock { $0.append(line) } }
      try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: file.url)
      let scheduler = TestScheduler()
      let viewModel = TestViewModel(
        images: FakeDecoder(), thumbnails: FakeDecoder(), settings: file, main: scheduler,
        background: scheduler)
      #expect(viewModel.sortOrder.value == .name)
      #expect(lines.withLock { $0 }.count == 1, "\(lines.withLock { $0 })")
      #expect(lines.withLock { $0 }.first?.contains("not UTF-8 text; using defaults") == true)
      // A choice re-reads the file (the same problem: no new line), then mends it.
      viewModel.preferences.showsStrip.value = false
      #expect(lines.withLock { $0 }.count == 1, "\(lines.withLock { $0 })")
      #expect(file.load().showsStrip == false)
      // Broken again later: that is news.
      try Data("sort-order\n".utf8).write(to: file.url)
      _ = file.load()
      _ = file.load()
      #expect(lines.withLock { $0 }.count == 2, "\(lines.withLock { $0 })")
    }

    @Test("a settings path that is a folder cannot be read: defaults; saving fails quietly")
    func unreadable() throws {
      let home = try TemporaryFolder(files: ["image-browser/settings.ini/"])
      let file = SettingsFile(configHome: home.url)
      #expect(file.load() == Settings())
      file.save(Settings(sortOrder: .size))
      #expect(file.load() == Settings())
    }
  }
}

extension ImageBrowserPlatformTests.SettingsFileTests {
  @Test("the sort order persists through a settings file")
  func persistsThroughFile() throws {
    try expectNoLeaks { schedulers in
      let home = try TemporaryFolder(files: [])
      let scheduler = schedulers.make()
      let first = TestViewModel(
        images: FakeDecoder(), thumbnails: FakeDecoder(),
        settings: SettingsFile(configHome: home.url), main: scheduler, background: scheduler)
      first.sort(by: .modificationDate)
      let second = TestViewModel(
        images: FakeDecoder(), thumbnails: FakeDecoder(),
        settings: SettingsFile(configHome: home.url), main: scheduler, background: scheduler)
      #expect(second.sortOrder.value == .modificationDate)
    }
  }
}
