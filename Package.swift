// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// GTK code runs on one thread: the one that called `gtk_init` and iterates the main loop.
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

/// Debug builds count live library objects so tests can check for leaks; release builds
/// (benchmarks, the shipped app) pay nothing for it.
let traceResources: [SwiftSetting] = [.define("TRACE_RESOURCES", .when(configuration: .debug))]

/// Release builds of the app and its decoder helper carry the Swift runtime, Foundation
/// and Dispatch inside the executable instead of loading them as shared libraries: the
/// dynamic loader resolves a third fewer symbols at every start, and a helper is spawned
/// at every launch and after every killed decode (Benchmarks/README.md, "Static Swift
/// runtime in the release executables"). The two executables' own modules are compiled
/// against the static runtime as well, so that their link brings in what Foundation needs
/// (its ICU). Libraries are left alone: other packages build on them.
let staticSwiftRuntime = BuildSettingCondition.when(
  platforms: [.linux], configuration: .release)
let staticSwiftRuntimeCompiling: [SwiftSetting] = [
  .unsafeFlags(["-static-stdlib"], staticSwiftRuntime)
]
let staticSwiftRuntimeLinking: [LinkerSetting] = [
  .unsafeFlags(["-static-stdlib"], staticSwiftRuntime)
]

/// The `pkgConfig` of a system library target: the `.pc` of ours at `file` (relative to
/// the package) when the library is installed under /usr (`header` exists), else the
/// library's own `name`.
///
/// SwiftPM accepts only `-I` and `-F` from pkg-config's cflags and warns about the rest in
/// every build of every package that depends on this one, whether or not it uses the
/// target: gtk+-3.0, gdk-pixbuf-2.0 and gexiv2 carry `-pthread` in through their private
/// requirements (gio needs gmodule-no-export-2.0). Our `.pc` files list the same header
/// folders without it (Docs/Development.md, "Traps in the tools"). SwiftPM reads a `.pc`
/// named by an absolute path, and splits the setting at spaces, so a package folder
/// whose path has a space uses the library's own as well.
func pkgConfig(_ file: String, ifExists header: String, otherwise name: String) -> String {
  let path = Context.packageDirectory + "/" + file
  return FileManager.default.fileExists(atPath: header) && !path.contains(" ") ? path : name
}

let package = Package(
  name: "ReactiveGtk",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Reactive", targets: ["Reactive"]),
    .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
    .library(name: "GtkReactive", targets: ["GtkReactive"]),
    .library(name: "GtkReactiveTesting", targets: ["GtkReactiveTesting"]),
    // libhandy 1 and GtkSourceView 4, generated like GTK's layer: products of their own, so
    // a client of GtkReactive alone neither builds nor links them.
    // Pango's objects (layouts, contexts, font maps) and the GTK methods that give them:
    // a product of its own, so a client that never lays text out by hand does not build it.
    .library(name: "GtkReactivePango", targets: ["GtkReactivePango"]),
    .library(name: "Handy", targets: ["Handy"]),
    .library(name: "GtkSource", targets: ["GtkSource"]),
    .executable(name: "image-browser", targets: ["ImageBrowser"]),
    .executable(name: "image-browser-decoder", targets: ["ImageBrowserDecoder"]),
    .executable(name: "image-browser-fuzz", targets: ["ImageBrowserFuzz"]),
  ],
  targets: [
    .target(name: "Reactive", swiftSettings: traceResources),
    .target(name: "ReactiveTesting", dependencies: ["Reactive"]),
    .systemLibrary(
      name: "CGtk",
      pkgConfig: pkgConfig(
        "Sources/CGtk/cgtk.pc", ifExists: "/usr/include/gtk-3.0/gtk/gtk.h",
        otherwise: "gtk+-3.0"),
      providers: [.apt(["libgtk-3-dev"])]
    ),
    // GtkReactive in two modules, so that the hand-designed layer, which extends the
    // generated classes, recompiles alone when it changes (Benchmarks/README.md, "One
    // module or several"). GtkReactiveBindings: the runtime, C interop, value types,
    // events, subclassing and the generated classes (Generator/generate.py); GtkReactive:
    // the hand-designed layer (actions, dialogs, lists, style, builder, Gio helpers),
    // which re-exports the bindings, so clients import GtkReactive alone. What crosses
    // between them inside the package is `package`, not public.
    .target(
      name: "GtkReactiveBindings",
      dependencies: ["Reactive", "CGtk"],
      swiftSettings: mainActorByDefault + traceResources
    ),
    .target(
      name: "GtkReactive",
      dependencies: ["GtkReactiveBindings", "Reactive", "CGtk"],
      swiftSettings: mainActorByDefault + traceResources
    ),
    // Pango's objects, generated from its vendored GIR file into a module over
    // GtkReactiveBindings (Generator/config/Pango-1.0.toml, `class-module`), with GTK's
    // methods that take or give them as extensions of GTK's classes. Pango's enumerations
    // and its value types stay in GtkReactiveBindings, in the same `Pango` namespace.
    .target(
      name: "GtkReactivePango",
      dependencies: ["GtkReactiveBindings", "Reactive", "CGtk"],
      swiftSettings: mainActorByDefault
    ),
    // libhandy 1 (adaptive widgets) and GtkSourceView 4 (source editing), each generated
    // from its vendored GIR file into a module over GtkReactiveBindings (the runtime
    // and GTK's classes; Generator/config/Handy-1.toml, GtkSource-4.toml).
    .systemLibrary(
      name: "CHandy",
      pkgConfig: pkgConfig(
        "Sources/CHandy/chandy.pc", ifExists: "/usr/include/libhandy-1/handy.h",
        otherwise: "libhandy-1"),
      providers: [.apt(["libhandy-1-dev"])]
    ),
    .target(
      name: "Handy",
      dependencies: ["GtkReactiveBindings", "Reactive", "CGtk", "CHandy"],
      swiftSettings: mainActorByDefault
    ),
    .systemLibrary(
      name: "CGtkSource",
      pkgConfig: pkgConfig(
        "Sources/CGtkSource/cgtksource.pc",
        ifExists: "/usr/include/gtksourceview-4/gtksourceview/gtksource.h",
        otherwise: "gtksourceview-4"),
      providers: [.apt(["libgtksourceview-4-dev"])]
    ),
    .target(
      name: "GtkSource",
      dependencies: ["GtkReactiveBindings", "Reactive", "CGtk", "CGtkSource"],
      swiftSettings: mainActorByDefault
    ),
    // XCTest support for GTK code in any package: the main-thread test case, user input,
    // handler counts and snapshots. Depends only on GtkReactive's class names, raw C and
    // Reactive's live-object scopes (each test case counts its own).
    .target(name: "GtkReactiveTesting", dependencies: ["GtkReactive", "Reactive", "CGtk"]),
    // The image browser in three layers the compiler keeps apart: the model and view model
    // (Reactive only, tested headless), the platform (gdk-pixbuf, GIO, POSIX), and the
    // GTK views and app on top.
    .target(
      name: "ImageBrowserCore",
      dependencies: ["Reactive"],
      swiftSettings: mainActorByDefault
    ),
    // EXIF and XMP through Exiv2: read by the platform layer only.
    .systemLibrary(
      name: "CGExiv2",
      pkgConfig: pkgConfig(
        "Sources/CGExiv2/cgexiv2.pc", ifExists: "/usr/include/gexiv2/gexiv2.h",
        otherwise: "gexiv2"),
      providers: [.apt(["libgexiv2-dev"])]
    ),
    // gexiv2 calls with Exiv2's C++ exceptions caught (gexiv2 lets some through, and one
    // reaching Swift ends the process): a small C++ target, see its header.
    .target(name: "CExiv2Guard", dependencies: ["CGExiv2"]),
    // SVG rendering at the viewer's zoom, and colour management of embedded ICC profiles:
    // the platform layer's alone.
    // librsvg is declared, not linked (no pkgConfig, which would add -lrsvg-2): linked,
    // its 11 MB would load and be relocated at every start-up (+6.6 MB RSS measured);
    // SvgDocument opens it when an SVG is first rendered sharp. Debian: librsvg2-2.
    .systemLibrary(name: "CRsvg"),
    .systemLibrary(
      name: "CLcms2",
      pkgConfig: "lcms2",
      providers: [.apt(["liblcms2-dev"])]
    ),
    // Animated WebP played with the format's own library: the demuxer (durations, loop
    // count, ICC chunk) and WebPAnimDecoder (blending, disposal).
    .systemLibrary(
      name: "CWebP",
      pkgConfig: "libwebpdemux",
      providers: [.apt(["libwebp-dev"])]
    ),
    // libjpeg-turbo's transform API: JPEG crops copied block by block, not re-encoded.
    // Declared for its header, not linked (no pkgConfig, which would add -lturbojpeg):
    // every decoder helper links the platform target but never crops, so LibTurboJPEG
    // opens the library on first use. Debian: libturbojpeg0-dev.
    .systemLibrary(name: "CTurboJPEG"),
    // libheif's API, for HEIC decoded without gdk-pixbuf's loader (scaled and converted
    // only as far as shown, embedded thumbnails, decoding threads). Declared for its
    // header, not linked: libheif links x265, libaom, dav1d and libde265, so LibHeif opens
    // it on the first HEIC rather than every helper loading it at start. Debian: libheif-dev.
    .systemLibrary(name: "CHeif"),
    // A libheif decoder plugin of our own for HEVC (libde265 underneath, both opened with
    // dlopen): it converts to RGB itself, vectorized and on threads, where libheif 1.15
    // would convert the whole picture per pixel in floating point. Debian: libde265-dev,
    // which libheif-dev depends on. DWARF 4: valgrind 3.19 (Debian 12), which the
    // instruction counts in Benchmarks/ run under, cannot read clang's default DWARF 5.
    .target(name: "CHEVCPlugin", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
    // gdk-pixbuf, GIO and cairo without GTK: the platform layer's C, and so all the
    // decoder helper links (a helper's start is mostly the dynamic loader).
    .systemLibrary(
      name: "CImaging",
      pkgConfig: pkgConfig(
        "Sources/CImaging/cimaging.pc",
        ifExists: "/usr/include/gdk-pixbuf-2.0/gdk-pixbuf/gdk-pixbuf.h",
        otherwise: "gdk-pixbuf-2.0"),
      providers: [.apt(["libgdk-pixbuf-2.0-dev", "libglib2.0-dev", "libcairo2-dev"])]
    ),
    // memfd seals, prctl and SCM_RIGHTS for the decoder helpers: inline C in a header.
    .systemLibrary(name: "CDecoderIPC"),
    .target(
      name: "ImageBrowserPlatform",
      dependencies: [
        "ImageBrowserCore", "Reactive", "CImaging", "CGExiv2", "CExiv2Guard", "CRsvg",
        "CLcms2", "CWebP", "CTurboJPEG", "CHeif", "CHEVCPlugin", "CDecoderIPC",
      ],
      swiftSettings: mainActorByDefault
    ),
    // The decoder helper's seccomp filter, built with libseccomp (which knows each
    // architecture's system call numbers and checks the architecture itself): inline C
    // in a header, linked by the helper alone.
    .systemLibrary(
      name: "CDecoderSandbox",
      pkgConfig: "libseccomp",
      providers: [.apt(["libseccomp-dev"])]
    ),
    // The decoder helper the app spawns (HelperProcessPool): one image at a time, killable.
    .executableTarget(
      name: "ImageBrowserDecoder",
      dependencies: ["ImageBrowserCore", "ImageBrowserPlatform", "CImaging", "CDecoderSandbox"],
      swiftSettings: staticSwiftRuntimeCompiling,
      linkerSettings: staticSwiftRuntimeLinking
    ),
    // cairo alone, for the app's painting: the app's one C module, so that it reaches
    // GTK only through GtkReactive (LayeringTests checks its imports).
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]
    ),
    .executableTarget(
      name: "ImageBrowser",
      dependencies: [
        "ImageBrowserCore", "ImageBrowserPlatform", "Reactive", "GtkReactive", "CCairo",
      ],
      swiftSettings: mainActorByDefault + staticSwiftRuntimeCompiling,
      linkerSettings: staticSwiftRuntimeLinking
    ),
    // The fuzzing driver (`make fuzz`, Fuzz/fuzz.sh): the decoders and the thumbnail cache
    // over a generated corpus, and libFuzzer targets for file names and the settings
    // parser. CFuzzer declares libFuzzer's entry point weak: only Fuzz/fuzz.sh links it.
    .systemLibrary(name: "CFuzzer"),
    .executableTarget(
      name: "ImageBrowserFuzz",
      dependencies: ["ImageBrowserCore", "ImageBrowserPlatform", "CImaging", "CFuzzer"]
    ),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"]),
    .testTarget(
      name: "GtkReactiveTests",
      dependencies: [
        "GtkReactive", "GtkReactiveBindings", "GtkReactiveTesting", "GtkReactivePango", "Reactive",
        "ReactiveTesting", "CGtk",
      ]
    ),
    .testTarget(
      name: "HandyTests",
      dependencies: [
        "Handy", "GtkReactive", "GtkReactiveBindings", "GtkReactiveTesting", "Reactive", "CGtk",
        "CHandy",
      ]
    ),
    .testTarget(
      name: "GtkSourceTests",
      dependencies: [
        "GtkSource", "GtkReactive", "GtkReactiveBindings", "GtkReactiveTesting", "Reactive", "CGtk",
        "CGtkSource",
      ]
    ),
    .testTarget(
      name: "GtkReactiveTestingTests",
      dependencies: ["GtkReactiveTesting", "GtkReactive", "Reactive", "CGtk"]
    ),
    // The image browser's tests by layer, each importing only its layer and those below:
    // the model and view model headless with no GTK, the platform with its C libraries
    // but no GTK, and the app and its GUI on top. Two support targets hold what several
    // of them share: test doubles, clocks and folders (no GTK, no platform), and image
    // writers and decoder helpers (the platform's C libraries).
    .target(
      name: "ImageBrowserTestSupport",
      dependencies: ["ImageBrowserCore", "Reactive", "ReactiveTesting"],
      path: "Tests/ImageBrowserTestSupport"
    ),
    .target(
      name: "ImageBrowserTestImages",
      dependencies: [
        "ImageBrowserTestSupport", "ImageBrowserCore", "ImageBrowserPlatform", "CImaging",
        "CGExiv2",
      ],
      path: "Tests/ImageBrowserTestImages"
    ),
    .testTarget(
      name: "ImageBrowserCoreTests",
      dependencies: ["ImageBrowserCore", "ImageBrowserTestSupport", "Reactive", "ReactiveTesting"]
    ),
    .testTarget(
      name: "ImageBrowserPlatformTests",
      dependencies: [
        "ImageBrowserCore", "ImageBrowserPlatform", "ImageBrowserDecoder",
        "ImageBrowserTestSupport", "ImageBrowserTestImages", "Reactive", "ReactiveTesting",
        "CImaging", "CGExiv2", "CRsvg", "CLcms2", "CWebP", "CTurboJPEG", "CDecoderIPC",
      ],
      // The tests write JPEGs with TurboJPEG's compressor directly; the platform target
      // itself opens the library at run time (LibTurboJPEG), so only the tests link it.
      linkerSettings: [.linkedLibrary("turbojpeg")]
    ),
    .testTarget(
      name: "ImageBrowserTests",
      dependencies: [
        "ImageBrowser", "ImageBrowserDecoder", "ImageBrowserCore", "ImageBrowserPlatform",
        "ImageBrowserTestSupport", "ImageBrowserTestImages", "Reactive", "ReactiveTesting",
        "GtkReactive", "GtkReactiveTesting", "CGtk", "CGExiv2",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
