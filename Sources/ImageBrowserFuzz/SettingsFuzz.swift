// libFuzzer target: the settings file parser.
import Foundation
import ImageBrowserCore
import ImageBrowserPlatform

/// Checks `SettingsFile.parse` on fuzz input, as `SettingsFile.load` would see it: input
/// over the size limit or not UTF-8 is refused before parsing. Parsing must return or
/// throw, never trap or hang; settings it returns must survive `format` and `parse`
/// unchanged; an error's description must stay short whatever the line held (the
/// warning on stderr quotes at most `quotedLength` characters of a value).
nonisolated enum SettingsFuzz {
  /// Runs the checks on one input.
  static func check(_ input: UnsafeBufferPointer<UInt8>) {
    guard input.count <= SettingsFile.maximumSize,
      let text = String(validating: input, as: UTF8.self)
    else { return }
    let settings: Settings
    do throws(SettingsFile.FormatError) {
      settings = try SettingsFile.parse(text)
    } catch {
      let description = error.description
      FuzzCheck.expect(
        description.count <= 200, "an error message of \(description.count) characters")
      return
    }
    let written = SettingsFile.format(settings)
    do throws(SettingsFile.FormatError) {
      let again = try SettingsFile.parse(written)
      FuzzCheck.expect(again == settings, "format then parse changed \(settings) to \(again)")
    } catch {
      FuzzCheck.expect(false, "the app cannot read what it wrote: \(error) in\n\(written)")
    }
  }
}
