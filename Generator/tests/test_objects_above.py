"""A namespace whose classes go into a module over the bindings (`class-module`), GTK's
methods that take or give them generated there (displaced_members.py), out arrays of
objects (object_out_arrays.py), and cairo's boxed and enumerated types (cairo_mappings.py)."""

import os
import unittest

from fixture import Fixture, callable_, param

import displaced_members
import generate

# `Text` stands for Pango: an enumeration that stays in the bindings, and a class that goes
# into `TextObjects`, above them.
TEXT_GIR = """<?xml version="1.0"?>
<repository version="1.2" xmlns="http://www.gtk.org/introspection/core/1.0"
    xmlns:c="http://www.gtk.org/introspection/c/1.0"
    xmlns:glib="http://www.gtk.org/introspection/glib/1.0">
  <namespace name="Text" version="1.0" c:identifier-prefixes="Text" c:symbol-prefixes="text">
    <enumeration name="Align" c:type="TextAlign" glib:get-type="text_align_get_type">
      <member name="left" value="0" c:identifier="TEXT_ALIGN_LEFT"/>
      <member name="right" value="1" c:identifier="TEXT_ALIGN_RIGHT"/>
    </enumeration>
    <class name="Layout" c:type="TextLayout" parent="GObject.Object"
        glib:type-name="TextLayout" glib:get-type="text_layout_get_type">
      <method name="get_alignment" c:identifier="text_layout_get_alignment">
        <return-value transfer-ownership="none"><type name="Align" c:type="TextAlign"/></return-value>
        <parameters>
          <instance-parameter name="self"><type name="Layout" c:type="TextLayout*"/></instance-parameter>
        </parameters>
      </method>
      <method name="list_lines" c:identifier="text_layout_list_lines">
        <return-value transfer-ownership="none"><type name="none" c:type="void"/></return-value>
        <parameters>
          <instance-parameter name="self"><type name="Layout" c:type="TextLayout*"/></instance-parameter>
          <parameter name="lines" direction="out" caller-allocates="0" transfer-ownership="container">
            <array length="1" c:type="TextLayout***"><type name="Layout" c:type="TextLayout*"/></array>
          </parameter>
          <parameter name="n_lines" direction="out" caller-allocates="0" transfer-ownership="full">
            <type name="gint" c:type="int*"/>
          </parameter>
        </parameters>
      </method>
    </class>
  </namespace>
</repository>
"""

TEXT_CONFIG = """[namespace]
types = "listed"
enums = "used"
qualified = true
order = 4
class-module = "TextObjects"

[include]
"Text.Layout" = "layouts"
"""

# A widget method that gives a layout, one that takes it, and one of its own.
WIDGET_METHODS = "".join([
    callable_("method", "get_layout", "test_widget_get_layout",
              returns=("Text.Layout", "TextLayout*"), instance="Widget"),
    callable_("method", "set_layout", "test_widget_set_layout",
              [param("layout", "Text.Layout", "TextLayout*")], instance="Widget"),
    callable_("method", "get_width", "test_widget_get_width",
              returns=("gint", "int"), instance="Widget"),
])


class Case(unittest.TestCase):
    def made(self, body="", configuration="", gir_body=None):
        made = Fixture(body, configuration, {"Text-1.0.toml": TEXT_CONFIG})
        self.addCleanup(made.close)
        with open(os.path.join(made.gir, "Text-1.0.gir"), "w") as handle:
            handle.write(TEXT_GIR)
        if gir_body is not None:
            with open(os.path.join(made.gir, "Test-1.0.gir")) as handle:
                text = handle.read()
            marker = 'glib:get-type="test_widget_get_type"/>'
            text = text.replace(
                marker, marker[:-2] + ">" + gir_body + "</class>", 1)
            with open(os.path.join(made.gir, "Test-1.0.gir"), "w") as handle:
                handle.write(text)
        return made


class ClassModuleTests(Case):
    def test_classes_go_above_and_enumerations_stay_in_the_bindings(self):
        built = self.made().model()
        self.assertEqual(built.module("Text.Layout"), "TextObjects")
        self.assertEqual(built.module("Text.Align"), "GtkReactiveBindings")
        swift = generate.Generator(built).emit(built.emitted["Text.Layout"])
        self.assertIn("extension Text {\n  /// ", swift, "nested in the bindings' namespace enum")
        self.assertIn("open class Layout: GtkReactiveBindings.Object {", swift)
        self.assertIn("import GtkReactiveBindings\n", swift)
        self.assertIn("public var alignment: GtkReactiveBindings.Text.Align {", swift)

    def test_an_out_array_of_objects_is_a_swift_array_of_wrappers(self):
        built = self.made().model()
        swift = generate.Generator(built).emit(built.emitted["Text.Layout"])
        self.assertIn("public func listLines() -> [Text.Layout] {", swift)
        self.assertIn("var linesOut = UnsafeMutablePointer<OpaquePointer?>?(nil)", swift)
        self.assertIn("CArrays.numbers(linesOut, count: nLinesOut, transfer: .container) "
                      "{ Text.Layout(retaining: $0!) }", swift)


class DisplacedMemberTests(Case):
    def generated(self, made):
        built = made.model()
        generator = generate.Generator(built)
        for definition in built.emitted.values():
            if definition.kind in ("class", "interface"):
                generator.emit(definition)
        files = displaced_members.sources(
            generator, generate.HEADER,
            lambda module: ["import CGtk", "import GtkReactiveBindings"])
        return generator, files

    def test_a_method_that_gives_or_takes_an_object_above_is_an_extension_there(self):
        made = self.made(gir_body=WIDGET_METHODS)
        generator, files = self.generated(made)
        widget = generator.emit(generator.model.emitted["Test.Widget"])
        self.assertIn("public var width: Int", widget, "its own method stays")
        self.assertNotIn("TextLayout", widget, "the bindings cannot see the module above")
        above = files["TextObjects/Generated/Test/Widget.swift"]
        self.assertIn("extension Widget {", above)
        self.assertIn("  public var layout: Text.Layout? {", above, "getter and setter pair up")
        self.assertIn("test_widget_set_layout(", above)
        # Counted with the widget's module, where a reader looks for GTK's members.
        stats = generator.module_stats["GtkReactiveBindings"]
        self.assertEqual(stats.counts.get("method"), 3)
        self.assertEqual(stats.skipped.get("method", 0), 0)
        self.assertEqual(generator.module_stats["TextObjects"].counts.get("method"), 2,
                         "the layout's own two methods, not the widget's")

    def test_a_third_module_that_does_not_import_the_one_above_leaves_it_out(self):
        made = self.made(gir_body=WIDGET_METHODS)
        built = made.model()
        built.current_module = "Handy"
        method = next(m for m in built.all["Test.Widget"].methods
                      if m.c_identifier == "test_widget_get_layout")
        self.assertEqual(displaced_members.reason(built, method),
                         "class Text.Layout of module TextObjects, which this module does not import")
        self.assertIsNone(displaced_members.displaces(built, method))


class LentReturnTests(Case):
    GIVEN = ('<method name="get_layout" c:identifier="test_widget_get_layout">'
             '<return-value transfer-ownership="full" nullable="1">'
             '<type name="Text.Layout" c:type="TextLayout*"/></return-value><parameters>'
             '<instance-parameter name="self"><type name="Widget" c:type="TestWidget*"/>'
             '</instance-parameter></parameters></method>')

    def layout_getter(self, configuration):
        made = self.made(gir_body=self.GIVEN)
        if configuration:
            with open(made.path("Test-1.0.toml"), "a") as handle:
                handle.write(configuration)
        _, files = DisplacedMemberTests.generated(self, made)
        return files["TextObjects/Generated/Test/Widget.swift"]

    def test_a_full_transfer_is_adopted(self):
        self.assertIn("Text.Layout.owned(test_widget_get_layout(", self.layout_getter(""))

    def test_a_lent_return_is_retained(self):
        swift = self.layout_getter(
            '\n[lent-returns]\n"test_widget_get_layout" = "C keeps its reference"\n')
        self.assertIn("Text.Layout.retained(test_widget_get_layout(", swift)


CAIRO = """
[cairo]
"cairo.Surface" = { swift = "Cairo.Surface", gvalue = true }
"cairo.Content" = { swift = "Cairo.Content", enum = true, raw = "UInt32" }
"""


class CairoTests(Case):
    def test_a_boxed_cairo_type_is_a_property_and_an_enumeration_an_argument(self):
        body = (
            '<property name="surface" writable="1" transfer-ownership="none">'
            '<type name="cairo.Surface"/></property>'
            + callable_("method", "make_surface", "test_widget_make_surface",
                        [param("content", "cairo.Content", "cairo_content_t")],
                        returns=("cairo.Surface", "cairo_surface_t*"), instance="Widget"))
        made = Fixture("", "", {"GtkReactive.toml": CAIRO})
        self.addCleanup(made.close)
        path = os.path.join(made.gir, "Test-1.0.gir")
        with open(path) as handle:
            text = handle.read()
        marker = 'glib:get-type="test_widget_get_type"/>'
        with open(path, "w") as handle:
            handle.write(text.replace(marker, marker[:-2] + ">" + body + "</class>", 1))
        swift = made.swift("Test.Widget")
        self.assertIn("public var surface: Cairo.Surface? {", swift)
        self.assertIn('PropertyKey<Cairo.Surface?>("surface"', swift)
        self.assertIn("cairo_content_t(rawValue: content.rawValue)", swift)
        self.assertIn("func makeSurface(_ content: Cairo.Content)", swift)


if __name__ == "__main__":
    unittest.main()
