// Dialogs without varargs, typed responses, and confirm(…) as a Signal<Bool, Never>.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// The toplevel windows of type `T` transient for `parent`.
@MainActor
func toplevels<T: Window>(_ type: T.Type, transientFor parent: Window?) -> [T] {
  let list = gtk_window_list_toplevels()
  defer { g_list_free(list) }
  var result: [T] = []
  var node = list
  while let current = node {
    if let data = current.pointee.data, cgtk_is_a(data, T.gType) != 0 {
      let window = T(retaining: data)
      if parent == nil || window.transientFor?.pointer == parent?.pointer {
        result.append(window)
      }
    }
    node = current.pointee.next
  }
  return result
}

final class DialogTests: GtkTestCase {
  func testAMessageDialogIsBuiltFromProperties() {
    gtk {
      let parent = Window(type: .toplevel)
      let dialog = MessageDialog(
        type: .warning, buttons: .okCancel, text: "Delete?", secondaryText: "For good.",
        parent: parent)
      XCTAssertEqual(dialog.typeName, "GtkMessageDialog")
      XCTAssertEqual(dialog.text, "Delete?")
      XCTAssertEqual(dialog.secondaryText, "For good.")
      XCTAssertEqual(dialog.messageType, .warning)
      XCTAssertEqual(dialog.transientFor?.pointer, parent.pointer)
      XCTAssertTrue(dialog.isModal)
      XCTAssertNotNil(dialog.widgetForResponse(Int(ResponseType.ok.rawValue)))
      XCTAssertNotNil(dialog.widgetForResponse(Int(ResponseType.cancel.rawValue)))
      dialog.destroy()
      parent.destroy()
    }
  }

  func testADialogHasTypedButtonsAndResponses() {
    gtk {
      let dialog = Dialog(title: "Export", parent: nil, usesHeaderBar: true)
      XCTAssertEqual(dialog.title, "Export")
      XCTAssertEqual(dialog.useHeaderBar, 1)
      let export = dialog.addButton("_Export", response: .accept)
      dialog.addButton("_Cancel", response: .cancel)
      let responses = Recorder(dialog.rx.responses)
      export.clicked()
      dialog.response(.cancel)
      XCTAssertEqual(responses.values, [.accept, .cancel])
      dialog.destroy()
      XCTAssertTrue(responses.completed)
    }
  }

  func testConfirmSendsTrueForTheAffirmativeResponse() {
    gtk {
      let window = Window(type: .toplevel)
      let answers = Recorder(window.confirm("Delete 3 photos?", confirmLabel: "_Delete"))
      let dialogs = toplevels(MessageDialog.self, transientFor: window)
      XCTAssertEqual(dialogs.count, 1)
      XCTAssertEqual(dialogs.first?.text, "Delete 3 photos?")
      XCTAssertTrue(dialogs.first?.isVisible ?? false)
      dialogs.first?.response(.ok)
      XCTAssertEqual(answers.values, [true])
      XCTAssertTrue(answers.completed)
      XCTAssertEqual(toplevels(MessageDialog.self, transientFor: window).count, 0, "destroyed")
      window.destroy()
    }
  }

  func testConfirmLabelsItsCancelButtonInTheUsersLanguageAsGtkDoes() {
    gtk {
      XCTAssertEqual(gtkTranslation("_Cancel"), "_Cancel", "English without a language")
      let previous = getenv("LANGUAGE").map { String(cString: $0) }
      let messages = String(cString: setlocale(LC_MESSAGES, nil))
      // gettext ignores LANGUAGE in the C locale; setlocale also drops its cache.
      setenv("LANGUAGE", "de", 1)
      setlocale(LC_MESSAGES, "C.UTF-8")
      defer {
        if let previous { setenv("LANGUAGE", previous, 1) } else { unsetenv("LANGUAGE") }
        setlocale(LC_MESSAGES, messages)
      }
      let window = Window(type: .toplevel)
      let answers = Recorder(window.confirm("Löschen?", confirmLabel: "_Löschen"))
      let dialog = toplevels(MessageDialog.self, transientFor: window).first
      let cancel = dialog?.widgetForResponse(Int(ResponseType.cancel.rawValue))
      XCTAssertEqual(cancel?.cast(to: Button.self)?.label, "_Abbrechen")
      dialog?.response(.cancel)
      XCTAssertEqual(answers.values, [false])
      window.destroy()
    }
  }

  func testConfirmSendsFalseForCancelCloseAndDestroy() {
    gtk {
      let window = Window(type: .toplevel)
      for ending in ["cancel", "close", "parent destroyed"] {
        let parent = ending == "parent destroyed" ? Window(type: .toplevel) : window
        let answers = Recorder(parent.confirm("Quit?"))
        let dialog = toplevels(MessageDialog.self, transientFor: parent).first
        XCTAssertNotNil(dialog, ending)
        switch ending {
        case "cancel": dialog?.response(.cancel)
        case "close": dialog?.response(.deleteEvent)
        default: parent.destroy()
        }
        XCTAssertEqual(answers.values, [false], ending)
        XCTAssertTrue(answers.completed, ending)
        XCTAssertEqual(toplevels(MessageDialog.self, transientFor: parent).count, 0, ending)
      }
      window.destroy()
    }
  }

  func testDisposingConfirmDestroysTheDialogAndFreesEverything() {
    gtk {
      let boxes = GtkBoxes.count
      let window = Window(type: .toplevel)
      do {
        let answers = Recorder(window.confirm("Quit?"))
        XCTAssertEqual(toplevels(MessageDialog.self, transientFor: window).count, 1)
        answers.subscription?.dispose()
        MainLoop.drain()
        XCTAssertEqual(toplevels(MessageDialog.self, transientFor: window).count, 0)
        XCTAssertEqual(answers.values, [])
      }
      window.destroy()
      MainLoop.drain()
      XCTAssertEqual(GtkBoxes.count, boxes)
    }
  }
}
