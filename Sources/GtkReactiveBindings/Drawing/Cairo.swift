// The namespace of cairo's types beside the drawing context.
import CGtk

/// cairo's regions, surfaces and font options, as GTK's members take and give them
/// (`Widget.queueDrawRegion(_:)`, `Image.setFromSurface(_:)`, `Widget.fontOptions`).
/// The drawing context a widget paints with is ``CairoContext``.
public enum Cairo {}
