// The primary menu and the image's context menu, as menu models over the window's actions.
import GtkReactive
import ImageBrowserCore

/// The browser's menus. Items name actions only, so each is enabled exactly when its
/// action is, and a toggle action shows as a check item.
enum BrowserMenus {
  /// The header bar's menu: every action, for mouse users and discovery.
  static func primary() -> Gio.Menu {
    Gio.Menu {
      MenuEntry.section {
        MenuEntry.item("_Open…", action: "win.open")
        MenuEntry.item("_New Window", action: "app.new-window")
      }
      MenuEntry.section {
        MenuEntry.submenu("_Zoom") {
          MenuEntry.item("Zoom _In", action: "win.zoom-in")
          MenuEntry.item("Zoom _Out", action: "win.zoom-out")
          MenuEntry.item("_Fit to Window", action: "win.zoom-fit")
          MenuEntry.item("_Original Size", action: "win.zoom-original")
        }
        MenuEntry.submenu("Sort _By") {
          for order in ImageSortOrder.allCases {
            MenuEntry.item(order.title, action: "win.sort", target: order.rawValue)
          }
        }
        MenuEntry.item("F_ilter by Name…", action: "win.search")
      }
      imageEntries()
      MenuEntry.section {
        MenuEntry.item("_Slideshow", action: "win.slideshow")
        MenuEntry.item("_Fullscreen", action: "win.fullscreen")
        MenuEntry.item("Image _Information", action: "win.info")
        MenuEntry.item("Image _Properties", action: "win.properties")
        MenuEntry.item("_Thumbnail Strip", action: "win.strip")
        MenuEntry.item("Pr_eferences", action: "win.preferences")
      }
      MenuEntry.section {
        MenuEntry.item("_Keyboard Shortcuts", action: "app.shortcuts")
        MenuEntry.item("_Help", action: "app.help")
        MenuEntry.item("_Close Window", action: "win.close")
        MenuEntry.item("_Quit", action: "app.quit")
      }
    }
  }

  /// The menu of the current image: right click on the viewer or the strip, the Menu key.
  static func context() -> Gio.Menu {
    Gio.Menu {
      imageEntries()
      MenuEntry.section {
        MenuEntry.item("_Slideshow", action: "win.slideshow")
        MenuEntry.item("_Fullscreen", action: "win.fullscreen")
      }
    }
  }

  /// What can be done with the current image: four sections.
  @MenuBuilder
  private static func imageEntries() -> [MenuEntry] {
    MenuEntry.section {
      MenuEntry.item("Open _With…", action: "win.open-with")
      MenuEntry.item("Show in _Folder", action: "win.show-in-folder")
    }
    MenuEntry.section {
      MenuEntry.item("Rotate C_lockwise", action: "win.rotate-right")
      MenuEntry.item("Rotate Co_unter-Clockwise", action: "win.rotate-left")
      MenuEntry.item("Flip _Horizontally", action: "win.flip-horizontal")
      MenuEntry.item("Flip _Vertically", action: "win.flip-vertical")
      MenuEntry.item("S_ave", action: "win.save")
    }
    MenuEntry.section {
      MenuEntry.item("_Copy", action: "win.copy")
      MenuEntry.item("Copy _Path", action: "win.copy-path")
      MenuEntry.item("_Rename…", action: "win.rename")
      MenuEntry.item("Set as _Wallpaper", action: "win.wallpaper")
      MenuEntry.item("_Print…", action: "win.print")
    }
    MenuEntry.section {
      MenuEntry.item("Move to _Trash", action: "win.trash")
      MenuEntry.item("_Delete Permanently…", action: "win.delete")
    }
  }
}
