// The primary menu and the image's context menu, as menu models over the window's actions.
import GtkReactive
import ImageBrowserCore

/// The browser's menus. Items name actions only, so each is enabled exactly when its
/// action is, and a toggle action shows as a check item.
enum BrowserMenus {
  /// The header bar's menu: every action, for mouse users and discovery. What can be
  /// done with the image is one submenu (flat in the image's own menu): all of it at
  /// one level made 34 rows, taller than a small screen (a laptop at scale 2 offers 500
  /// points), where the menu would scroll.
  static func primary(recent: MenuModel? = nil) -> Gio.Menu {
    Gio.Menu {
      MenuEntry.section {
        MenuEntry.item(tr("_Open…"), action: "win.open")
        if let recent { MenuEntry.submenu(tr("Open _Recent"), model: recent) }
        MenuEntry.item(tr("_New Window"), action: "app.new-window")
      }
      MenuEntry.section {
        MenuEntry.submenu(tr("_Zoom")) {
          MenuEntry.item(tr("Zoom _In"), action: "win.zoom-in")
          MenuEntry.item(tr("Zoom _Out"), action: "win.zoom-out")
          MenuEntry.item(tr("_Fit to Window"), action: "win.zoom-fit")
          MenuEntry.item(tr("_Original Size"), action: "win.zoom-original")
        }
        MenuEntry.submenu(tr("Sort _By")) {
          for order in ImageSortOrder.allCases {
            MenuEntry.item(order.title, action: "win.sort", target: order.rawValue)
          }
        }
        MenuEntry.item(tr("F_ilter by Name…"), action: "win.search")
        MenuEntry.submenu(tr("I_mage")) { imageEntries() }
      }
      MenuEntry.section {
        MenuEntry.item(tr("_Slideshow"), action: "win.slideshow")
        MenuEntry.item(tr("_Fullscreen"), action: "win.fullscreen")
        MenuEntry.item(tr("Image _Information"), action: "win.info")
        MenuEntry.item(tr("Image _Properties"), action: "win.properties")
        MenuEntry.item(tr("_Thumbnail Strip"), action: "win.strip")
        MenuEntry.item(tr("Pr_eferences"), action: "win.preferences")
      }
      MenuEntry.section {
        MenuEntry.item(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        MenuEntry.item(tr("_Help"), action: "app.help")
        MenuEntry.item(tr("_Close Window"), action: "win.close")
        MenuEntry.item(tr("_Quit"), action: "app.quit")
      }
    }
  }

  /// The menu of the current image: right click on the viewer or the strip, the Menu key.
  static func context() -> Gio.Menu {
    Gio.Menu {
      imageEntries()
      MenuEntry.section {
        MenuEntry.item(tr("_Slideshow"), action: "win.slideshow")
        MenuEntry.item(tr("_Fullscreen"), action: "win.fullscreen")
      }
    }
  }

  /// What can be done with the current image: four sections.
  @MenuBuilder
  private static func imageEntries() -> [MenuEntry] {
    MenuEntry.section {
      MenuEntry.item(tr("Open _With…"), action: "win.open-with")
      MenuEntry.item(tr("Show in _Folder"), action: "win.show-in-folder")
    }
    MenuEntry.section {
      MenuEntry.item(tr("Rotate C_lockwise"), action: "win.rotate-right")
      MenuEntry.item(tr("Rotate Co_unter-Clockwise"), action: "win.rotate-left")
      MenuEntry.item(tr("Flip _Horizontally"), action: "win.flip-horizontal")
      MenuEntry.item(tr("Flip _Vertically"), action: "win.flip-vertical")
      MenuEntry.item(tr("S_ave"), action: "win.save")
    }
    MenuEntry.section {
      MenuEntry.item(tr("_Copy"), action: "win.copy")
      MenuEntry.item(tr("Copy _Path"), action: "win.copy-path")
      MenuEntry.item(tr("_Rename…"), action: "win.rename")
      MenuEntry.item(tr("Set as _Wallpaper"), action: "win.wallpaper")
      MenuEntry.item(tr("_Print…"), action: "win.print")
    }
    MenuEntry.section {
      MenuEntry.item(tr("Move to _Trash"), action: "win.trash")
      MenuEntry.item(tr("_Delete Permanently…"), action: "win.delete")
    }
  }
}
