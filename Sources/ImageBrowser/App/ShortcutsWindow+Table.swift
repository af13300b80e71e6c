// The Keyboard Shortcuts window (Ctrl+?), written from the action table so it cannot drift.
import GtkReactive

extension ShortcutsWindow {
  /// A shortcuts window listing every action of `actions` that has keys, grouped as the
  /// table groups them. GtkShortcutsWindow is built from a UI definition, as GTK
  /// intends (its sections and groups are only laid out that way).
  /// Keys show as the windows have them: mirrored in a right-to-left language.
  static func make(for actions: [BrowserAction]) -> ShortcutsWindow {
    let rightToLeft = Widget.defaultDirection == .rtl
    var groups = ""
    for group in BrowserAction.Group.allCases {
      let members = actions.filter { $0.group == group && !$0.keys.isEmpty }
      guard !members.isEmpty else { continue }
      var shortcuts = ""
      for action in members {
        shortcuts += """
          <child><object class="GtkShortcutsShortcut">
            <property name="visible">1</property>
            <property name="title">\(action.title.markupEscaped)</property>
            <property name="accelerator">\(action.keys(rightToLeft: rightToLeft).joined(separator: " ").markupEscaped)</property>
          </object></child>

          """
      }
      groups += """
        <child><object class="GtkShortcutsGroup">
          <property name="visible">1</property>
          <property name="title">\(group.title.markupEscaped)</property>
          \(shortcuts)
        </object></child>

        """
    }
    let xml = """
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts">
          <property name="modal">1</property>
          <child><object class="GtkShortcutsSection">
            <property name="visible">1</property>
            <property name="section-name">browser</property>
            <property name="max-height">12</property>
            \(groups)
          </object></child>
        </object>
      </interface>
      """
    do {
      return try Builder.parsing(xml).get("shortcuts", as: ShortcutsWindow.self)
    } catch {
      preconditionFailure("the shortcuts window's definition is invalid: \(error)")
    }
  }
}
