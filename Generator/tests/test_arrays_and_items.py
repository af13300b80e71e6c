"""Arrays of types, objects and atoms GTK reads, flags C updates in place, out arrays of
plain structs, and callbacks over a container's untyped items."""

import unittest

from fixture import Fixture, callable_, param

FLAGS = ('<bitfield name="State" c:type="TestState" glib:get-type="test_state_get_type">'
         '<member name="shift" value="1" c:identifier="TEST_SHIFT"/></bitfield>')
POINT = '<record name="Point" c:type="TestPoint"><field name="x"><type name="gint"/></field></record>'


def array_param(name, element, ctype, length):
    return (f'<parameter name="{name}" transfer-ownership="none">'
            f'<array length="{length}" c:type="{ctype}"><type name="{element}"/></array>'
            '</parameter>')


def out_array(name, element, ctype, length):
    return (f'<parameter name="{name}" direction="out" caller-allocates="0" '
            f'transfer-ownership="full"><array length="{length}" c:type="{ctype}">'
            f'<type name="{element}"/></array></parameter>')


STORE = (
    '<callback name="Compare" c:type="TestCompare"><return-value transfer-ownership="none">'
    '<type name="gint" c:type="gint"/></return-value><parameters>'
    + param("a", "gpointer", "gconstpointer") + param("b", "gpointer", "gconstpointer")
    + '<parameter name="user_data" closure="2"><type name="gpointer" c:type="gpointer"/>'
      '</parameter></parameters></callback>'
    + '<callback name="Targets" c:type="TestTargets"><return-value transfer-ownership="none">'
      '<type name="none" c:type="void"/></return-value><parameters>'
      '<parameter name="atoms" transfer-ownership="none"><array length="1" c:type="GdkAtom*">'
      '<type name="Gdk.Atom"/></array></parameter>' + param("n_atoms", "gint", "gint")
    + '<parameter name="data" closure="2"><type name="gpointer" c:type="gpointer"/>'
      '</parameter></parameters></callback>'
    + '<class name="Store" c:type="TestStore" parent="Widget" glib:type-name="TestStore" '
      'glib:get-type="test_store_get_type">'
    + callable_("method", "set_types", "test_store_set_types",
                [param("n", "gint", "gint"), array_param("types", "GType", "GType*", 0)],
                instance="Store")
    + callable_("method", "add_all", "test_store_add_all",
                [array_param("items", "Widget", "TestWidget**", 1), param("n", "guint", "guint")],
                instance="Store")
    + callable_("method", "update", "test_store_update",
                [param("state", "State", "TestState*", direction="inout")], instance="Store")
    + callable_("method", "get_points", "test_store_get_points",
                [out_array("points", "Point", "TestPoint**", 1),
                 param("n_points", "gint", "gint*", direction="out")], instance="Store")
    + '<method name="sort" c:identifier="test_store_sort"><return-value transfer-ownership="none">'
      '<type name="none" c:type="void"/></return-value><parameters><instance-parameter '
      'name="self"><type name="Store" c:type="TestStore*"/></instance-parameter>'
      '<parameter name="compare" scope="call" closure="1"><type name="Compare" '
      'c:type="TestCompare"/></parameter><parameter name="user_data"><type name="gpointer" '
      'c:type="gpointer"/></parameter></parameters></method>'
    + '<method name="request" c:identifier="test_store_request"><return-value '
      'transfer-ownership="none"><type name="none" c:type="void"/></return-value>'
      '<parameters><instance-parameter name="self"><type name="Store" c:type="TestStore*"/>'
      '</instance-parameter><parameter name="callback" scope="async" closure="1"><type '
      'name="Targets" c:type="TestTargets"/></parameter><parameter name="data"><type '
      'name="gpointer" c:type="gpointer"/></parameter></parameters></method>'
    + callable_("method", "write_all", "test_store_write_all",
                [array_param("vectors", "Gio.OutputVector", "GOutputVector*", 1),
                 param("n_vectors", "gsize", "gsize")], instance="Store")
    + callable_("method", "get_names", "test_store_get_names",
                [param("length", "gsize", "gsize*", direction="out")],
                returns=("utf8", "gchar*"), instance="Store")
    + callable_("method", "has_tag", "test_store_has_tag", [param("tag", "GLib.Quark", "GQuark")],
                returns=("gboolean", "gboolean"), instance="Store")
    + callable_("method", "get_accessible", "test_store_get_accessible",
                returns=("Atk.Object", "AtkObject*"), instance="Store")
    + callable_("method", "query", "test_store_query",
                [param("state", "GLib.Variant", "GVariant**", direction="out")],
                returns=("gboolean", "gboolean"), instance="Store")
    + callable_("method", "set_flags", "test_store_set_flags",
                [array_param("flags", "gboolean", "gboolean*", 1), param("n", "gsize", "gsize")],
                instance="Store")
    + '<method name="get_children" c:identifier="test_store_get_children">'
      '<return-value transfer-ownership="container"><array name="GLib.PtrArray" '
      'c:type="GPtrArray*"><type name="Widget"/></array></return-value><parameters>'
      '<instance-parameter name="self"><type name="Store" c:type="TestStore*"/>'
      '</instance-parameter></parameters></method>'
    + callable_("method", "lookup", "test_store_lookup", [param("name", "utf8", "const gchar*")],
                returns=("Point", "const TestPoint*"), instance="Store")
    + '</class>')

CONFIG = ('[value-records]\n"Test.Point" = { swift = "Point", cstruct = "TestPoint", '
          'free = "{ g_free($0) }" }\n'
          '[callback-item-types]\n"test_store_sort.compare" = "Test.Widget"\n'
          '[nullable-returns]\n"test_store_lookup" = "NULL for an unknown name"\n'
          '[foreign-objects]\n"Atk.Object" = "accessibles"\n'
          '[redundant-lengths]\n"test_store_get_names.length" = "the string\'s"\n')


class ArraysAndItemsTests(unittest.TestCase):
    def setUp(self):
        made = Fixture(FLAGS + POINT + STORE, CONFIG)
        self.addCleanup(made.close)
        self.swift = made.swift("Test.Store")

    def test_gtypes_are_the_swift_types_that_name_them(self):
        self.assertIn("public func setTypes(_ types: [any GValueConvertible.Type]) {", self.swift)
        self.assertIn("var typesC = types.map { $0.valueType }", self.swift)
        self.assertIn("test_store_set_types(", self.swift)
        self.assertIn("gint(types.count), &typesC)", self.swift)

    def test_an_empty_list_of_gtypes_is_refused_in_swift_not_by_a_gtk_critical(self):
        self.assertIn("precondition(!types.isEmpty, ", self.swift)

    def test_objects_are_passed_as_the_pointers_the_callers_array_keeps_alive(self):
        self.assertIn("public func addAll(_ items: [Widget]) {", self.swift)
        # The fixture's structs are not in the installed headers: opaque to Swift.
        self.assertIn("var itemsC: [OpaquePointer?] = items.map { $0.opaque }", self.swift)
        self.assertIn("test_store_add_all(opaque, &itemsC, guint(items.count))", self.swift)

    def test_flags_c_updates_are_inout(self):
        self.assertIn("public func update(_ state: inout State) {", self.swift)
        self.assertIn("var stateC = TestState(rawValue: state.rawValue)", self.swift)
        self.assertIn("defer { state = State(rawValue: stateC.rawValue) }", self.swift)

    def test_an_out_array_of_plain_structs_is_copied_into_swift_values(self):
        self.assertIn("-> [Point]", self.swift)
        self.assertIn("CArrays.numbers(pointsOut, count: nPointsOut, transfer: .full) "
                      "{ Point($0) }", self.swift)

    def test_a_callbacks_untyped_items_are_the_configured_objects(self):
        self.assertIn("public func sort(_ compare: @escaping (Widget, Widget) -> Int) {",
                      self.swift)
        self.assertIn("Widget.retained(UnsafeMutableRawPointer(mutating: a0))!", self.swift)

    def test_booleans_are_a_bool_array(self):
        self.assertIn("public func setFlags(_ flags: [Bool]) {", self.swift)
        self.assertIn("var flagsC = flags.map(cBool)", self.swift)

    def test_a_variant_c_gives_through_a_pointer_is_an_optional_result(self):
        self.assertIn("public func query() -> (result: Bool, state: Variant?) {", self.swift)
        self.assertIn("var stateOut = OpaquePointer?(nil)", self.swift)
        self.assertIn("stateOut.map { Variant(taking: $0) }", self.swift)

    def test_an_object_of_a_library_not_read_is_the_base_object(self):
        self.assertIn("public var accessible: Object? { Object.retained("
                      "test_store_get_accessible(opaque)) }", self.swift)

    def test_output_vectors_are_byte_arrays_copied_for_the_call(self):
        self.assertIn("public func writeAll(_ vectors: [[UInt8]]) {", self.swift)
        self.assertIn("let vectorsBuffers = vectors.map { CValues.copyBytes($0) }", self.swift)
        self.assertIn("defer { vectorsBuffers.forEach { $0.deallocate() } }", self.swift)
        self.assertIn("test_store_write_all(opaque, &vectorsC, gsize(vectors.count))", self.swift)

    def test_a_callbacks_atoms_are_their_names_and_their_count_is_not_an_argument(self):
        self.assertIn("public func request(_ callback: @escaping ([String]) -> Void) {",
                      self.swift)
        self.assertIn("@MainActor (UnsafeMutablePointer<GdkAtom?>?, gint) -> Void = { a0, a1 in "
                      "callback(CArrays.atoms(a0, count: a1, transfer: .none)) }", self.swift)

    def test_a_redundant_out_length_is_passed_not_returned(self):
        self.assertIn("public var names: String {", self.swift)
        self.assertIn("var lengthOut = gsize()", self.swift)
        self.assertIn("test_store_get_names(opaque, &lengthOut)", self.swift)

    def test_a_quark_is_the_string_it_interns(self):
        self.assertIn("public func hasTag(_ tag: String) -> Bool {", self.swift)
        self.assertIn("test_store_has_tag(opaque, g_quark_from_string(tag))", self.swift)

    def test_a_pointer_array_of_objects_is_an_array_of_their_wrappers(self):
        self.assertIn("public var children: [Widget] { GPtrArrays.values(test_store_get_children("
                      "opaque), transfer: .container) { Widget.retained($0)! } }", self.swift)

    def test_a_return_config_marks_nullable_is_optional(self):
        self.assertIn("-> Point? {", self.swift)
        self.assertIn("return (result?.pointee).map { Point($0) }", self.swift)


if __name__ == "__main__":
    unittest.main()
