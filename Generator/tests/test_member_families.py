"""Members reached through a typed form: an interface's property a class redeclares,
constructors that differ by one choice, `GError *` values, quark arrays of signals and
documented `gpointer` arguments. Each on a small GIR fixture.

    python3 -m unittest discover -s Generator/tests      (or `make test-generator`)
"""

import unittest

from fixture import Fixture, callable_, param
import generate
from test_generator import klass, prop, signal


def interface(name, body):
    return (f'<interface name="{name}" c:type="Test{name}" glib:type-name="Test{name}" '
            f'glib:get-type="test_{name.lower()}_get_type">{body}</interface>')


def implementing(name, interfaces, body):
    implements = "".join(f'<implements name="{i}"/>' for i in interfaces)
    return klass(name, implements + body)


def readonly_prop(name, type_name, ctype):
    return (f'<property name="{name}" writable="0" transfer-ownership="none">'
            f'<type name="{type_name}" c:type="{ctype}"/></property>')


class Case(unittest.TestCase):
    def fixture(self, body, configuration=""):
        made = Fixture(body, configuration)
        self.addCleanup(made.close)
        return made


class InterfacePropertyTests(Case):
    def test_a_redeclared_property_with_the_same_access_is_the_interfaces_member(self):
        body = (interface("Chooser", prop("rgba", "utf8", "gchar*"))
                + implementing("Button", ["Chooser"], prop("rgba", "utf8", "gchar*")))
        made = self.fixture(body)
        stats = made.stats("Test.Button")
        self.assertEqual(stats.left_out, [])
        self.assertEqual(stats.through_interface, ["Button:rgba is Chooser's `.rx.rgba`"])
        self.assertNotIn("public var rgba: ControlProperty", made.swift("Test.Button"),
                         "the interface's member serves: Swift would find two")

    def test_a_writable_redeclaration_of_a_read_only_property_stays_out_with_why(self):
        body = (interface("Action", readonly_prop("enabled", "gboolean", "gboolean"))
                + implementing("Simple", ["Action"], prop("enabled", "gboolean", "gboolean")))
        stats = self.fixture(body).stats("Test.Simple")
        self.assertEqual(stats.through_interface, [])
        self.assertEqual(stats.left_out, [
            ("property", "Simple:enabled",
             "Action's `.rx` observes it; only the class writes it (set the class's property)")])

    def test_a_property_of_another_type_is_not_the_interfaces(self):
        body = (interface("Chooser", prop("value", "utf8", "gchar*"))
                + implementing("Button", ["Chooser"], prop("value", "gint", "gint")))
        stats = self.fixture(body).stats("Test.Button")
        self.assertEqual(stats.through_interface, [])
        self.assertEqual([reason for _, _, reason in stats.left_out],
                         ["name taken on .rx: value"])


class FlagConstructorTests(Case):
    BODY = klass("Combo", "".join([
        callable_("constructor", "new", "test_combo_new", returns=("Combo", "TestCombo*")),
        callable_("constructor", "new_with_entry", "test_combo_new_with_entry",
                  returns=("Combo", "TestCombo*"))]))

    def test_without_configuration_the_second_init_is_left_out(self):
        stats = self.fixture(self.BODY).stats("Test.Combo")
        self.assertEqual([reason for _, _, reason in stats.left_out],
                         ["same signature as another: init()"])

    def test_the_configured_flag_chooses_between_the_two(self):
        made = self.fixture(self.BODY,
                            '[flag-constructors]\n"test_combo_new_with_entry" = "hasEntry"\n')
        swift = made.swift("Test.Combo")
        self.assertIn("public convenience init(hasEntry: Bool) {", swift)
        self.assertIn("let instance = hasEntry ? test_combo_new_with_entry() : test_combo_new()",
                      swift)
        self.assertIn("public convenience init() {", swift)
        self.assertEqual(made.stats("Test.Combo").left_out, [])

    def test_a_flag_on_a_constructor_with_arguments_is_refused(self):
        body = klass("Combo", "".join([
            callable_("constructor", "new", "test_combo_new", returns=("Combo", "TestCombo*")),
            callable_("constructor", "new_with_text", "test_combo_new_with_text",
                      [param("text", "utf8", "const gchar*")],
                      returns=("Combo", "TestCombo*"))]))
        made = self.fixture(body, '[flag-constructors]\n"test_combo_new_with_text" = "hasText"\n')
        with self.assertRaisesRegex(Exception, "only a constructor without arguments"):
            made.swift("Test.Combo")


class ErrorValueTests(Case):
    def test_a_stored_error_reads_and_writes_as_a_glib_error(self):
        body = klass("Area", "".join([
            callable_("method", "get_error", "test_area_get_error",
                      returns=("GLib.Error", "GError*"), instance="Area"),
            callable_("method", "set_error", "test_area_set_error",
                      [param("error", "GLib.Error", "const GError*", nullable=True)],
                      instance="Area")]))
        swift = self.fixture(body).swift("Test.Area")
        self.assertIn("GLibError(copying: test_area_get_error(opaque)!)", swift)
        self.assertIn("GLibErrors.make($0)", swift)
        self.assertIn("g_error_free(", swift)

    def test_a_signal_passes_the_error_as_a_value(self):
        body = klass("Connection", signal("closed", [
            param("vanished", "gboolean", "gboolean"),
            param("error", "GLib.Error", "GError*", nullable=True)]))
        swift = self.fixture(body).swift("Test.Connection")
        self.assertIn("public var closed: Signal<(vanished: Bool, error: GLibError?), Never>",
                      swift)


class QuarkArrayTests(Case):
    def test_a_signals_quarks_arrive_as_their_strings(self):
        keys = ('<parameter name="keys" nullable="1"><array length="1" zero-terminated="0" '
                'c:type="gpointer"><type name="GLib.Quark"/></array></parameter>')
        body = klass("Settings", signal("change-event", [keys, param("n_keys", "gint", "gint")],
                                        returns=("gboolean", "gboolean")))
        made = self.fixture(body)
        swift = made.swift("Test.Settings")
        self.assertIn("public var changeEvent: Signal<Emission<[String], Bool>, Never>", swift)
        self.assertEqual(made.stats("Test.Settings").left_out, [])


class PidArrayTests(Case):
    def test_a_signals_garray_of_pids_is_an_array_of_ids(self):
        pids = ('<parameter name="processes"><array name="GLib.Array" c:type="GArray*">'
                '<type name="GLib.Pid"/></array></parameter>')
        made = self.fixture(klass("Operation", signal("show-processes", [pids])))
        self.assertIn("public var showProcesses: Signal<[Int], Never>",
                      made.swift("Test.Operation"))
        self.assertEqual(made.stats("Test.Operation").left_out, [])


class FilledSignalArgumentTests(Case):
    BODY = klass("View", signal("data-get", [
        param("data", "Selection", "TestSelection*"), param("info", "guint", "guint")]))
    RECORD = '<record name="Selection" c:type="TestSelection"/>'
    CONFIG = ('[records]\n"Test.Selection" = "Selection"\n'
              '[filled-signal-arguments]\n"Test.View::data-get.data" = '
              '{ swift = "Contents", fill = "Replies.fill" }\n')

    def test_the_handler_answers_through_the_emissions_result(self):
        made = self.fixture(self.RECORD + self.BODY, self.CONFIG)
        swift = made.swift("Test.View")
        self.assertIn("public var dataGet: Signal<Emission<(data: Selection, info: Int), "
                      "Contents?>, Never>", swift)
        self.assertEqual(made.stats("Test.View").left_out, [])

    def test_an_untyped_pointer_the_handler_writes_is_hidden_from_subscribers(self):
        body = klass("Item", signal("size-request", [param("object", "gpointer", "gpointer")]))
        made = self.fixture(body, '[filled-signal-arguments]\n"Test.Item::size-request.object" '
                                  '= { swift = "Int", fill = "Writes.int" }\n')
        self.assertIn("public var sizeRequest: Signal<Emission<Void, Int?>, Never>",
                      made.swift("Test.Item"))
        self.assertEqual(made.stats("Test.Item").left_out, [])

    def test_a_malformed_entry_is_refused(self):
        made = self.fixture(self.RECORD + self.BODY, self.CONFIG.replace(
            '{ swift = "Contents", fill = "Replies.fill" }', '"Contents"'))
        with self.assertRaisesRegex(Exception, "expected"):
            made.swift("Test.View")


class VariantDictTests(Case):
    BODY = klass("App", signal("handle-options", [
        param("options", "GLib.VariantDict", "GVariantDict*")], returns=("gint", "gint")))

    def test_a_signals_dictionary_is_a_variant_dict_and_its_result_optional(self):
        swift = self.fixture(self.BODY).swift("Test.App")
        self.assertIn("public var handleOptions: Signal<Emission<VariantDict, Int?>, Never>",
                      swift)

    def test_a_default_result_stands_for_nil(self):
        def action_lines(configuration):
            built = self.fixture(self.BODY, configuration).model()
            generator = generate.Generator(built)
            generator.emit(built.emitted["Test.App"])
            return [line for (_, body) in generator.actions("GtkReactiveBindings").bodies
                    for line in body]
        configured = action_lines(
            '[signal-default-results]\n"Test.App::handle-options" = "-1"\n')
        self.assertIn("  if let result { GValues.write(emission.result ?? -1, to: result) }",
                      configured)
        self.assertIn("  if let value = emission.result, let result "
                      "{ GValues.write(value, to: result) }", action_lines(""),
                      "without it, nil writes nothing")


class ReorderedArrayTests(Case):
    BODY = ('<record name="Iter" c:type="TestIter"/>' + klass("Model", signal("reordered", [
        param("iter", "Iter", "TestIter*"), param("new_order", "gpointer", "gpointer")])))
    CONFIG = '[records]\n"Test.Iter" = "Iter"\n'

    def test_without_configuration_the_untyped_order_leaves_the_signal_out(self):
        stats = self.fixture(self.BODY, self.CONFIG).stats("Test.Model")
        self.assertEqual([reason for _, _, reason in stats.left_out], ["raw gpointer"])

    def test_the_order_is_counted_on_the_node_and_the_node_is_optional(self):
        made = self.fixture(self.BODY, self.CONFIG + '[reordered-arrays]\n'
                            '"Test.Model::reordered.new_order" = "iter"\n')
        swift = made.swift("Test.Model")
        self.assertIn("public var reordered: Signal<(iter: Iter?, newOrder: [Int]), Never>",
                      swift)
        self.assertEqual(made.stats("Test.Model").left_out, [])

    def test_a_node_that_is_no_argument_is_refused(self):
        made = self.fixture(self.BODY, self.CONFIG + '[reordered-arrays]\n'
                            '"Test.Model::reordered.new_order" = "parent"\n')
        with self.assertRaisesRegex(Exception, "no argument parent"):
            made.swift("Test.Model")


class PointerTypeTests(Case):
    BODY = klass("Box", callable_("method", "find", "test_box_find",
                                  [param("data", "gpointer", "gpointer", nullable=True)],
                                  instance="Box"))

    def test_an_untyped_pointer_is_left_out(self):
        self.assertEqual([reason for _, _, reason in self.fixture(self.BODY).stats(
            "Test.Box").left_out], ["raw gpointer"])

    def test_its_documented_type_makes_it_an_object_argument(self):
        swift = self.fixture(self.BODY, '[pointer-types]\n"test_box_find.data" = "Test.Widget"\n'
                             ).swift("Test.Box")
        self.assertIn("public func find(_ data: Widget?) {", swift)
        self.assertIn("test_box_find(", swift)
        self.assertIn("data?.pointer", swift)


if __name__ == "__main__":
    unittest.main()
