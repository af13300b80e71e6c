// The real window under Xvfb: adding, checking off, filter, search, Clear Done and appearance.
import GtkReactive
import GtkReactiveTesting
import Reactive
import TodoModel
import XCTest

@testable import Todo

/// Drives the window as a user would and reads what the widgets show.
final class TodoWindowTests: GtkTestCase {
  func testAddingWithTheButtonAndWithEnter() throws {
    try gtk {
      let todo = try openTodo()
      defer { todo.window.destroy() }
      XCTAssertEqual(todo.countLabel.label, "0 items left")
      XCTAssertEqual(todo.placeholder.label, "Nothing to do. Add a to-do above.")
      XCTAssertFalse(todo.addButton.isSensitive, "nothing to add yet")

      type("Buy milk", into: todo.newItemEntry)
      XCTAssertTrue(todo.addButton.isSensitive)
      click(todo.addButton)
      XCTAssertEqual(todo.newItemEntry.text, "", "adding empties the field")
      XCTAssertFalse(todo.addButton.isSensitive)
      type("Call Ada", into: todo.newItemEntry)
      activate(todo.newItemEntry)

      XCTAssertEqual(titles(todo), ["Buy milk", "Call Ada"])
      XCTAssertEqual(todo.countLabel.label, "2 items left")
      XCTAssertEqual(todo.row(for: id("Call Ada", todo))?.title.text, "Call Ada")
    }
  }

  func testCheckingARowOffKeepsItsWidgetAndCountsDown() throws {
    try gtk {
      let todo = try openTodo(["Buy milk", "Call Ada"])
      defer { todo.window.destroy() }
      let row = try XCTUnwrap(todo.row(for: id("Buy milk", todo)))
      XCTAssertFalse(todo.clearDoneButton.isSensitive, "nothing done yet")

      toggle(row.check)
      XCTAssertEqual(todo.viewModel.items.value.first?.isDone, true)
      XCTAssertEqual(todo.countLabel.label, "1 item left")
      XCTAssertTrue(todo.clearDoneButton.isSensitive)
      XCTAssertTrue(todo.row(for: id("Buy milk", todo)) === row, "the row was updated, not rebuilt")

      toggle(row.check)
      XCTAssertEqual(todo.countLabel.label, "2 items left")
      XCTAssertFalse(todo.clearDoneButton.isSensitive)
    }
  }

  func testDeletingARow() throws {
    try gtk {
      let todo = try openTodo(["Buy milk", "Call Ada"])
      defer { todo.window.destroy() }
      let row = try XCTUnwrap(todo.row(for: id("Buy milk", todo)))
      click(row.deleteButton)
      XCTAssertEqual(titles(todo), ["Call Ada"])
      XCTAssertEqual(todo.countLabel.label, "1 item left")
    }
  }

  func testTheFilterButtons() throws {
    try gtk {
      let todo = try openTodo(["Buy milk", "Call Ada", "Water plants"], done: ["Call Ada"])
      defer { todo.window.destroy() }
      XCTAssertTrue(todo.filterButtons[.all]!.isActive)
      toggle(todo.filterButtons[.active]!)
      XCTAssertEqual(titles(todo), ["Buy milk", "Water plants"])
      XCTAssertFalse(todo.filterButtons[.all]!.isActive, "one radio button at a time")
      toggle(todo.filterButtons[.done]!)
      XCTAssertEqual(titles(todo), ["Call Ada"])
      toggle(todo.row(for: id("Call Ada", todo))!.check)
      XCTAssertEqual(titles(todo), [])
      XCTAssertEqual(todo.placeholder.label, "Nothing done yet.")
      toggle(todo.filterButtons[.all]!)
      XCTAssertEqual(titles(todo).count, 3)
    }
  }

  func testTheSearchFiltersOnceTypingPauses() throws {
    try gtk {
      let todo = try openTodo(["Buy milk", "Call Ada", "Mill flour"])
      defer { todo.window.destroy() }
      let started = ContinuousClock.now
      type("mil", into: todo.searchEntry)
      // Typing that took less than the pause cannot have paused; on a machine so loaded
      // that it took longer, a key may have waited that long, and the filter run early.
      if ContinuousClock.now - started < searchDebounce {
        XCTAssertEqual(titles(todo).count, 3, "not before the pause")
      }
      runMainLoop(until: { titles(todo).count == 2 }, "the search filters")
      XCTAssertEqual(titles(todo), ["Buy milk", "Mill flour"])
      type("k", into: todo.searchEntry)
      runMainLoop(until: { titles(todo) == ["Buy milk"] }, "the search narrows")
    }
  }

  func testClearDoneAsksFirstThenClears() throws {
    try gtk {
      let todo = try openTodo(
        ["Buy milk", "Call Ada", "Water plants"], done: ["Buy milk", "Call Ada"])
      defer { todo.window.destroy() }
      click(todo.clearDoneButton)
      let dialog = try XCTUnwrap(dialogs(over: todo.window).first)
      XCTAssertTrue(dialog.isVisible)
      XCTAssertEqual(dialog.text, "Clear 2 done items?")
      XCTAssertEqual(dialog.secondaryText, "They will be removed from the list for good.")
      XCTAssertFalse(todo.clearDoneButton.isSensitive, "busy while the question is open")
      XCTAssertEqual(titles(todo).count, 3)

      dialog.response(.cancel)
      runUntilIdle()
      XCTAssertEqual(dialogs(over: todo.window).count, 0, "the dialog is gone")
      XCTAssertEqual(titles(todo).count, 3, "cancelled")
      XCTAssertTrue(todo.clearDoneButton.isSensitive)

      click(todo.clearDoneButton)
      let second = try XCTUnwrap(dialogs(over: todo.window).first)
      second.response(.ok)
      runUntilIdle()
      XCTAssertEqual(titles(todo), ["Water plants"])
      XCTAssertFalse(todo.clearDoneButton.isSensitive, "nothing done any more")
    }
  }

  func testTheMenuItemSharesTheCommandWithTheButton() throws {
    try gtk {
      let todo = try openTodo(["Buy milk"])
      defer { todo.window.destroy() }
      let menu = try XCTUnwrap(todo.menuButton.menuModel)
      XCTAssertEqual(menu.nItems, 2, "two sections: Clear Done, Dark Theme")
      XCTAssertEqual(menu.itemLink(0, link: "section")?.nItems, 1)
      XCTAssertFalse(todo.window.actionEnabled("clear-done"))

      toggle(todo.row(for: id("Buy milk", todo))!.check)
      XCTAssertTrue(todo.window.actionEnabled("clear-done"))
      activateAction("win.clear-done", in: todo.window)
      XCTAssertFalse(todo.window.actionEnabled("clear-done"), "one command: busy for both")
      XCTAssertFalse(todo.clearDoneButton.isSensitive)
      let dialog = try XCTUnwrap(dialogs(over: todo.window).first)
      XCTAssertEqual(dialog.text, "Clear 1 done item?")
      dialog.response(.ok)
      runUntilIdle()
      XCTAssertEqual(titles(todo), [])
    }
  }

  func testControlNFocusesTheNewItemEntry() throws {
    try gtk {
      let todo = try openTodo()
      defer { todo.window.destroy() }
      todo.searchEntry.grabFocus()
      XCTAssertFalse(todo.newItemEntry.isFocus)
      press("n", modifiers: .control, in: todo.window)
      XCTAssertTrue(todo.newItemEntry.isFocus)
    }
  }

  func testTheDarkThemeSwitchAndMenuItemSetTheSetting() throws {
    try gtk {
      let settings = try XCTUnwrap(Settings.default)
      let original = settings.gtkApplicationPreferDarkTheme
      defer { settings.gtkApplicationPreferDarkTheme = original }
      let todo = try openTodo()
      defer { todo.window.destroy() }
      XCTAssertFalse(settings.gtkApplicationPreferDarkTheme)

      toggle(todo.darkThemeSwitch)
      XCTAssertTrue(todo.viewModel.prefersDarkTheme.value)
      XCTAssertTrue(settings.gtkApplicationPreferDarkTheme)
      activateAction("win.dark-theme", in: todo.window)
      XCTAssertFalse(settings.gtkApplicationPreferDarkTheme)
      XCTAssertFalse(todo.darkThemeSwitch.isActive, "the switch follows the menu item")
    }
  }

  func testTheFontSizeReachesTheRowsThroughCSS() throws {
    try gtk {
      let todo = try openTodo(["Buy milk"])
      defer { todo.window.destroy() }
      let title = try XCTUnwrap(todo.row(for: id("Buy milk", todo))?.title)
      let small = title.preferredHeight.naturalHeight
      let count = todo.countLabel.preferredHeight.naturalHeight
      todo.fontSizeButton.value = 20
      XCTAssertEqual(todo.viewModel.fontSize.value, 20)
      XCTAssertEqual(TodoWindow.styleSheet(fontSize: 20), "list { font-size: 20pt; }")
      // GTK applies a new style sheet when its frame clock next lays the window out.
      runMainLoop(
        until: { title.preferredHeight.naturalHeight > small + 5 },
        "a 20 pt title is taller than an 11 pt one")
      XCTAssertEqual(
        todo.countLabel.preferredHeight.naturalHeight, count, "only the list's text grows")
    }
  }

  func testClosingTheWindowReleasesTheViewModel() throws {
    try gtk {
      let boxes = GtkBoxCount.current
      weak var viewModel: TodoViewModel?
      do {
        let todo = try openTodo(["Buy milk"], done: ["Buy milk"])
        viewModel = todo.viewModel
        todo.window.destroy()
      }
      runUntilIdle()
      XCTAssertNil(viewModel, "nothing GTK holds keeps the view model")
      XCTAssertEqual(GtkBoxCount.current, boxes, "no handler or binding outlives the window")
    }
  }
}

/// A registered application (non-unique, no D-Bus needed) with a to-do window showing
/// `titles`, the ones in `done` checked off; a short search debounce.
/// How long the window's search waits for typing to pause.
private let searchDebounce = Duration.milliseconds(200)

@MainActor
private func openTodo(_ titles: [String] = [], done: Set<String> = []) throws -> TodoWindow {
  let application = Application(applicationId: nil, flags: .nonUnique)
  _ = try application.register(nil)
  let todo = TodoWindow(application: application) { confirm in
    TodoViewModel(
      items: titles.enumerated().map { TodoItem(id: $0 + 1, title: $1, isDone: done.contains($1)) },
      scheduler: MainLoopScheduler.main, searchDebounce: searchDebounce, confirm: confirm)
  }
  todo.window.showAll()
  runUntilIdle()
  return todo
}

/// The titles of the rows the list shows, in order.
@MainActor
private func titles(_ todo: TodoWindow) -> [String] {
  todo.rows.items.compactMap { todo.row(for: $0.id)?.title.text }
}

/// The id of the entry titled `title`.
@MainActor
private func id(_ title: String, _ todo: TodoWindow) -> TodoItem.ID {
  todo.viewModel.items.value.first { $0.title == title }!.id
}

/// The message dialogs open over `window`: `Window.confirm` opens one, reachable only
/// among the application's toplevel windows.
@MainActor
private func dialogs(over window: Window) -> [MessageDialog] {
  Window.listToplevels()
    .compactMap { $0.cast(to: MessageDialog.self) }
    .filter { $0.transientFor == window }
}
