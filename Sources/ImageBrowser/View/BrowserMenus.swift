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
        item(tr("_Open…"), action: "win.open")
        if let recent { MenuEntry.submenu(tr("Open _Recent"), model: recent) }
        item(tr("_New Window"), action: "app.new-window")
      }
      MenuEntry.section {
        item(tr("Bro_wse Folder"), action: "win.browse")
        item(tr("Parent Fol_der"), action: "win.parent")
      }
      MenuEntry.section {
        MenuEntry.submenu(tr("_Zoom")) {
          item(tr("Zoom _In"), action: "win.zoom-in")
          item(tr("Zoom _Out"), action: "win.zoom-out")
          item(tr("_Fit to Window"), action: "win.zoom-fit")
          item(tr("_Original Size"), action: "win.zoom-original")
        }
        MenuEntry.submenu(tr("Sort _By")) {
          MenuEntry.section {
            for order in ImageSortOrder.allCases {
              MenuEntry.item(order.title, action: "win.sort", target: order.rawValue)
            }
          }
          MenuEntry.section {
            MenuEntry.item(tr("_Reverse Order"), action: "win.sort-descending")
          }
        }
        item(tr("F_ilter by Name…"), action: "win.search")
        MenuEntry.submenu(tr("I_mage")) { imageEntries() }
      }
      MenuEntry.section {
        item(tr("_Slideshow"), action: "win.slideshow")
        item(tr("_Fullscreen"), action: "win.fullscreen")
        item(tr("Image _Information"), action: "win.info")
        item(tr("Image _Properties"), action: "win.properties")
        item(tr("_All Metadata Fields"), action: "win.all-fields")
        item(tr("_Thumbnail Strip"), action: "win.strip")
        item(tr("Pr_eferences"), action: "win.preferences")
      }
      MenuEntry.section {
        item(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        item(tr("_Help"), action: "app.help")
        item(tr("_About Image Browser"), action: "app.about")
        item(tr("_Close Window"), action: "win.close")
        item(tr("_Quit"), action: "app.quit")
      }
    }
  }

  /// An item for the action `detailedName` (`win.trash`), showing its first key: GTK
  /// shows only the keys it handles as accelerators, and Delete, Ctrl+C or `+` are the
  /// window's own (a text field keeps them), so without this their items showed none.
  private static func item(_ label: String, action detailedName: String) -> MenuEntry {
    let name = String(detailedName.drop(while: { $0 != "." }).dropFirst())
    let key = BrowserAction.all.first { $0.name == name }?.keys.first
    return MenuEntry.item(label, action: detailedName, accelerator: key)
  }

  /// The menu of the current image: right click on the viewer or the strip, the Menu key.
  static func context() -> Gio.Menu {
    Gio.Menu {
      imageEntries()
      MenuEntry.section {
        item(tr("_Slideshow"), action: "win.slideshow")
        item(tr("_Fullscreen"), action: "win.fullscreen")
      }
    }
  }

  /// What can be done with the current image: four sections.
  @MenuBuilder
  private static func imageEntries() -> [MenuEntry] {
    MenuEntry.section {
      item(tr("Open _With…"), action: "win.open-with")
      item(tr("Show in _Folder"), action: "win.show-in-folder")
    }
    MenuEntry.section {
      item(tr("Rotate C_lockwise"), action: "win.rotate-right")
      item(tr("Rotate Co_unter-Clockwise"), action: "win.rotate-left")
      item(tr("Flip _Horizontally"), action: "win.flip-horizontal")
      item(tr("Flip _Vertically"), action: "win.flip-vertical")
      item(tr("Cr_op"), action: "win.crop")
      item(tr("Resi_ze…"), action: "win.resize")
      item(tr("_Undo"), action: "win.undo")
      item(tr("Re_do"), action: "win.redo")
      item(tr("S_ave"), action: "win.save")
      item(tr("Save _As…"), action: "win.save-as")
    }
    MenuEntry.section {
      item(tr("_Copy"), action: "win.copy")
      item(tr("Copy _Path"), action: "win.copy-path")
      item(tr("_Rename…"), action: "win.rename")
      item(tr("Set as _Wallpaper"), action: "win.wallpaper")
      item(tr("_Print…"), action: "win.print")
    }
    MenuEntry.section {
      item(tr("Move to _Trash"), action: "win.trash")
      item(tr("_Delete Permanently…"), action: "win.delete")
    }
  }
}
