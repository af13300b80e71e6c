// GTK's own words for the labels an application passes to GTK on GTK's behalf.
import CGtk

/// `msgid` translated by GTK's own catalogue (`gtk30`), as GTK translates the labels it
/// makes itself: for the stock labels (`_Cancel`, `_OK`, `_Close`) that a dialog built
/// in Swift passes to GTK, which shows any label it is given as it is. Untranslated (no
/// catalogue for the user's language), it is `msgid`.
///
/// ```swift
/// dialog.addButton(gtkTranslation("_Cancel"), response: .cancel)   // "_Abbrechen" in German
/// ```
public func gtkTranslation(_ msgid: String) -> String {
  // Untranslated, gettext returns the pointer it was given: read it while it is valid.
  msgid.withCString { String(cString: g_dgettext("gtk30", $0)) }
}
