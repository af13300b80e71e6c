// Handlers named in a UI definition, as reactive signals.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

private let ui = """
  <interface>
    <object class="GtkWindow" id="window">
      <child>
        <object class="GtkBox">
          <child>
            <object class="GtkButton" id="save">
              <property name="label">Save</property>
              <signal name="clicked" handler="onSave"/>
            </object>
          </child>
          <child>
            <object class="GtkButton" id="saveAgain">
              <property name="label">Save too</property>
              <signal name="clicked" handler="onSave" after="yes"/>
            </object>
          </child>
          <child>
            <object class="GtkEntry" id="name">
              <signal name="activate" handler="onSave"/>
              <signal name="changed" handler="onEdit"/>
            </object>
          </child>
        </object>
      </child>
    </object>
  </interface>
  """

final class BuilderHandlerTests: GtkTestCase {
  func testHandlersFireOnTheirSignals() throws {
    try gtk {
      let builder = try Builder.parsing(ui)
      let handlers = builder.handlers()
      XCTAssertEqual(handlers.names, ["onEdit", "onSave"])
      let saves = Recorder(handlers["onSave"])
      let edits = Recorder(handlers["onEdit"])
      try builder.get("save", as: Button.self).clicked()
      try builder.get("saveAgain", as: Button.self).clicked()
      let entry = try builder.get("name", as: Entry.self)
      entry.text = "a"
      entry.activate()
      XCTAssertEqual(saves.values.count, 3)
      XCTAssertEqual(edits.values.count, 1)
      XCTAssertEqual(builder.handlers().names, handlers.names, "asking again gives the same")
      try builder.get("window", as: Window.self).destroy()
      XCTAssertTrue(saves.completed)
    }
  }

  func testAnUnknownHandlerIsAClearError() throws {
    try gtk {
      let builder = try Builder.parsing(ui)
      XCTAssertThrowsError(try builder.handlers().signal(for: "onLoad")) { error in
        XCTAssertEqual(
          "\(error)", "The UI definition names no handler 'onLoad' (it names: 'onEdit', 'onSave').")
      }
      try builder.get("window", as: Window.self).destroy()
    }
  }

  func testHandlersFreeEverythingWithTheBuilder() throws {
    try gtk {
      let boxes = GtkBoxes.count
      do {
        let builder = try Builder.parsing(ui)
        let saves = Recorder(builder.handlers()["onSave"])
        try builder.get("save", as: Button.self).clicked()
        XCTAssertEqual(saves.values.count, 1)
        try builder.get("window", as: Window.self).destroy()
      }
      MainLoop.drain()
      XCTAssertEqual(GtkBoxes.count, boxes)
    }
  }
}
