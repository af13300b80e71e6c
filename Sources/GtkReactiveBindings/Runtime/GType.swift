// GObject's type identifier, by name, for packages that do not import the C module.
import CGtk

/// A GObject type's identifier (`GType`): what `Object.gType` returns, what a class
/// declared in Swift overrides it with, and what a `Gio.ListStore` holds.
public typealias GType = CGtk.GType
