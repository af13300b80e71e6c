"""The generator's mapping rules and its configuration, each on a small GIR fixture.

    python3 -m unittest discover -s Generator/tests      (or `make test-generator`)
"""

import os
import unittest

from fixture import Fixture, callable_, param
import config
import generate
import names


def klass(name, body, parent="Widget"):
    return (f'<class name="{name}" c:type="Test{name}" parent="{parent}" '
            f'glib:type-name="Test{name}" glib:get-type="test_{name.lower()}_get_type">'
            f'{body}</class>')


def prop(name, type_name, ctype, writable=True):
    return (f'<property name="{name}" writable="{1 if writable else 0}" transfer-ownership="none">'
            f'<type name="{type_name}" c:type="{ctype}"/></property>')


def signal(name, params, returns=("none", "void")):
    return (f'<glib:signal name="{name}"><return-value transfer-ownership="none">'
            f'<type name="{returns[0]}" c:type="{returns[1]}"/></return-value>'
            f'<parameters>{"".join(params)}</parameters></glib:signal>')


STACK = klass("Stack", "".join([
    callable_("method", "get_hhomogeneous", "test_stack_get_hhomogeneous",
              returns=("gboolean", "gboolean"), instance="Stack"),
    callable_("method", "set_hhomogeneous", "test_stack_set_hhomogeneous",
              [param("hhomogeneous", "gboolean", "gboolean")], instance="Stack"),
    prop("hhomogeneous", "gboolean", "gboolean"),
]))


MODIFIERS = ('<bitfield name="Modifiers" c:type="TestModifiers">'
             '<member name="shift_mask" value="1" c:identifier="TEST_SHIFT_MASK"/>'
             '<member name="mod1_mask" value="8" c:identifier="TEST_MOD1_MASK"/></bitfield>')


class Case(unittest.TestCase):
    def fixture(self, body, configuration="", extra=None):
        made = Fixture(body, configuration, extra)
        self.addCleanup(made.close)
        return made


class RenameTests(Case):
    def test_a_property_and_its_getter_take_the_configured_name(self):
        swift = self.fixture(STACK, '[rename]\n"Test.Stack:hhomogeneous" = '
                                    '"isHorizontallyHomogeneous"\n').swift("Test.Stack")
        self.assertIn("public var isHorizontallyHomogeneous: Bool {", swift)
        self.assertIn("public var isHorizontallyHomogeneous: ControlProperty<Bool>", swift)
        self.assertNotIn("isHhomogeneous", swift)

    def test_without_a_rename_the_doubled_letter_shows(self):
        self.assertIn("public var isHhomogeneous: Bool {",
                      self.fixture(STACK).swift("Test.Stack"))

    def test_an_alias_keeps_the_old_name_deprecated(self):
        swift = self.fixture(STACK, '[rename]\n"Test.Stack:hhomogeneous" = "isHorizontallyHomogeneous"\n'
                                    '[alias]\n"Test.Stack:hhomogeneous" = "isHhomogeneous"\n'
                             ).swift("Test.Stack")
        self.assertIn('@available(*, deprecated, renamed: "isHorizontallyHomogeneous")\n'
                      '  public var isHhomogeneous: Bool {', swift)
        self.assertIn("public var isHhomogeneous: ControlProperty<Bool> { isHorizontallyHomogeneous }",
                      swift)

    def test_an_enumeration_member_takes_the_configured_name(self):
        swift = self.fixture(MODIFIERS, '[rename]\n"Test.Modifiers.mod1_mask" = "alt"\n'
                             ).swift("Test.Modifiers")
        self.assertIn("public static var alt: Modifiers { Modifiers(rawValue: 8) }", swift)
        self.assertIn("public static var shiftMask: Modifiers { Modifiers(rawValue: 1) }", swift)
        self.assertNotIn("mod1Mask", swift)

    def test_an_enumeration_members_old_name_is_kept_deprecated(self):
        swift = self.fixture(MODIFIERS, '[rename]\n"Test.Modifiers.mod1_mask" = "alt"\n'
                                        '[alias]\n"Test.Modifiers.mod1_mask" = "mod1Mask"\n'
                             ).swift("Test.Modifiers")
        self.assertIn('@available(*, deprecated, renamed: "alt")\n'
                      '  public static var mod1Mask: Modifiers { alt }', swift)

    def test_flags_are_hashable(self):
        self.assertIn("public struct Modifiers: OptionSet, Hashable, Sendable {",
                      self.fixture(MODIFIERS).swift("Test.Modifiers"))

    def test_signal_arguments_take_configured_labels(self):
        body = klass("Tree", signal("expand-row", [param("object", "gboolean", "gboolean"),
                                                  param("p0", "gboolean", "gboolean")]))
        configured = ('[rename]\n"Test.Tree::expand-row.object" = "logical"\n'
                      '"Test.Tree::expand-row.p0" = "openAll"\n')
        swift = self.fixture(body, configured).swift("Test.Tree")
        self.assertIn("public var expandRow: Signal<(logical: Bool, openAll: Bool), Never>", swift)
        self.assertNotIn("p0", swift)

    def test_a_method_and_a_parameter_label(self):
        body = klass("Combo", callable_("method", "remove_text", "test_combo_remove_text",
                                        [param("position", "gint", "gint")], instance="Combo"))
        configured = ('[rename]\n"test_combo_remove_text" = "remove"\n'
                      '"test_combo_remove_text.position" = "at"\n')
        self.assertIn("public func remove(at position: Int) {",
                      self.fixture(body, configured).swift("Test.Combo"))

    def test_a_fallback_name_is_counted_for_review(self):
        body = klass("Box", "".join([
            callable_("method", "get_insert", "test_box_get_insert",
                      returns=("gint", "gint"), instance="Box"),
            callable_("method", "insert", "test_box_insert",
                      [param("text", "utf8", "const gchar*")], instance="Box")]))
        made = self.fixture(body)
        self.assertIn("public func testBoxInsert(_ text: String)", made.swift("Test.Box"))
        self.assertEqual(made.stats("Test.Box").fallback_names, ["Box.testBoxInsert"])


class IgnoreTests(Case):
    def test_an_ignored_method_is_left_out_with_its_reason(self):
        body = klass("Bar", callable_("method", "get_mode", "test_bar_get_mode",
                                      returns=("gboolean", "gboolean"), instance="Bar"))
        made = self.fixture(body, '[ignore]\n"test_bar_get_mode" = "the mode property says it"\n')
        self.assertNotIn("isMode", made.swift("Test.Bar"))
        self.assertIn(("method", "Bar.test_bar_get_mode", "the mode property says it"),
                      made.stats("Test.Bar").left_out)

    def test_an_ignored_parameter_leaves_its_function_out(self):
        body = klass("Radio", callable_("method", "set_group", "test_radio_set_group",
                                        [param("group", "gint", "gint")], instance="Radio"))
        made = self.fixture(body, '[ignore]\n"test_radio_set_group.group" = "GTK adopts the list"\n')
        self.assertNotIn("setGroup", made.swift("Test.Radio"))

    def test_an_ignored_type_is_not_emitted(self):
        made = self.fixture(klass("Plug", ""), '[ignore]\n"Test.Plug" = "gtkx.h"\n')
        self.assertNotIn("Test.Plug", made.model().emitted)


class DefaultTests(Case):
    def test_a_string_length_documented_as_minus_one_defaults_to_the_whole_string(self):
        body = klass("Buffer", callable_(
            "method", "set_text", "test_buffer_set_text",
            [param("text", "utf8", "const gchar*"),
             param("len", "gint", "gint", doc="length of text, or -1 if nul-terminated")],
            instance="Buffer"))
        self.assertIn("public func setText(_ text: String, len: Int = -1) {",
                      self.fixture(body).swift("Test.Buffer"))

    def test_an_undocumented_length_has_no_default_unless_configured(self):
        body = klass("Buffer", callable_(
            "method", "insert_at_cursor", "test_buffer_insert_at_cursor",
            [param("text", "utf8", "const gchar*"), param("len", "gint", "gint", doc="length")],
            instance="Buffer"))
        self.assertIn("len: Int) {", self.fixture(body).swift("Test.Buffer"))
        configured = '[defaults]\n"test_buffer_insert_at_cursor.len" = "-1"\n'
        self.assertIn("len: Int = -1) {", self.fixture(body, configured).swift("Test.Buffer"))

    def test_nullability_fixed_by_configuration(self):
        body = klass("Entry", callable_("method", "set_text", "test_entry_set_text",
                                        [param("text", "utf8", "const gchar*")],
                                        instance="Entry"))
        self.assertIn("func setText(_ text: String)", self.fixture(body).swift("Test.Entry"))
        configured = '[nullable]\n"test_entry_set_text.text" = true\n'
        self.assertIn("func setText(_ text: String?)",
                      self.fixture(body, configured).swift("Test.Entry"))

    def test_nullable_constructor_arguments_default_to_nil(self):
        body = klass("Scroller", callable_(
            "constructor", "new", "test_scroller_new",
            [param("hadjustment", "Widget", "TestWidget*", nullable=True),
             param("vadjustment", "Widget", "TestWidget*", nullable=True)],
            returns=("Widget", "TestWidget*")))
        swift = self.fixture(body).swift("Test.Scroller")
        self.assertIn("init(hadjustment: Widget? = nil, vadjustment: Widget? = nil)", swift)
        # A Swift subclass made with no arguments is an instance of its own GType.
        self.assertIn("if Self.self != Scroller.self, hadjustment == nil, vadjustment == nil {",
                      swift)

    def test_no_default_where_another_constructor_is_called_the_same_way(self):
        body = klass("Label", "".join([
            callable_("constructor", "new", "test_label_new",
                      [param("str", "utf8", "const gchar*", nullable=True)],
                      returns=("Widget", "TestWidget*")),
            callable_("constructor", "new_with_mnemonic", "test_label_new_with_mnemonic",
                      [param("str", "utf8", "const gchar*", nullable=True)],
                      returns=("Widget", "TestWidget*"))]))
        configured = ('[rename]\n"test_label_new.str" = "_"\n'
                      '"test_label_new_with_mnemonic.str" = "mnemonic"\n')
        swift = self.fixture(body, configured).swift("Test.Label")
        self.assertIn("init(_ str: String? = nil)", swift)
        self.assertIn("init(mnemonic str: String?)", swift)


class AccessorTests(Case):
    def test_a_getter_of_several_values_reads_as_a_tuple_property(self):
        body = klass("Window", callable_(
            "method", "get_size", "test_window_get_size",
            [param("width", "gint", "gint*", direction="out"),
             param("height", "gint", "gint*", direction="out")], instance="Window"))
        swift = self.fixture(body).swift("Test.Window")
        self.assertIn("public var size: (width: Int, height: Int) {", swift)
        self.assertNotIn("getSize", swift)

    def test_a_getter_with_arguments_is_named_by_what_it_returns(self):
        body = klass("Buffer", "".join([
            callable_("method", "get_iter_at_offset", "test_buffer_get_iter_at_offset",
                      [param("offset", "gint", "gint")], returns=("gint", "gint"),
                      instance="Buffer"),
            callable_("method", "get_line", "test_buffer_get_line",
                      [param("index", "gint", "gint")], returns=("gint", "gint"),
                      instance="Buffer"),
            callable_("method", "line", "test_buffer_line",
                      [param("index", "gint", "gint")], returns=("gint", "gint"),
                      instance="Buffer")]))
        swift = self.fixture(body).swift("Test.Buffer")
        self.assertIn("public func iterAtOffset(_ offset: Int) -> Int {", swift)
        # `line(_:)` is another member's name: the getter keeps its `get`.
        self.assertIn("public func getLine(_ index: Int) -> Int {", swift)
        self.assertIn("public func line(_ index: Int) -> Int {", swift)

    def test_a_setter_taking_an_ancestor_makes_the_property_settable(self):
        body = klass("Popover", "") + klass("MenuButton", "".join([
            callable_("method", "get_popover", "test_menu_button_get_popover",
                      returns=("Popover", "TestPopover*"), instance="MenuButton"),
            callable_("method", "set_popover", "test_menu_button_set_popover",
                      [param("popover", "Widget", "TestWidget*", nullable=True)],
                      instance="MenuButton")]))
        swift = self.fixture(body).swift("Test.MenuButton")
        self.assertIn("public var popover: Popover? {\n    get {", swift)
        self.assertIn("set { test_menu_button_set_popover(", swift)


# A getter that takes what it returns off a queue, and a namespace-level one.
QUEUE = klass("Queue", "".join([
    callable_("method", "get_event", "test_queue_get_event", returns=("gint", "gint"),
              instance="Queue", doc="Gets the next event."),
    callable_("method", "get_length", "test_queue_get_length", returns=("gint", "gint"),
              instance="Queue"),
    callable_("function", "get_default_event", "test_queue_get_default_event",
              returns=("gint", "gint")),
]))
DEQUEUES = ('[side-effects]\n"test_queue_get_event" = "it takes the event off the queue"\n'
            '"test_queue_get_default_event" = "it makes a new event on each call"\n')


class CConversionTests(Case):
    """Arguments and results cross to C through the runtime's plain functions
    (Runtime/CNumbers.swift) and each class's pointer accessor: spelled with the standard
    library's initializers and operators, they cost the type checker and a debug build's
    code generation several times as much over thousands of members."""

    BODY = klass("Box", "".join([
        callable_("method", "resize", "test_box_resize",
                  [param("other", "Box", "TestBox*", nullable=True), param("size", "gint", "gint"),
                   param("visible", "gboolean", "gboolean")],
                  returns=("guint", "guint"), instance="Box"),
        callable_("method", "get_shown", "test_box_get_shown",
                  returns=("gboolean", "gboolean"), instance="Box"),
        callable_("method", "adopt", "test_box_adopt", [param("child", "Box", "TestBox*")],
                  instance="Box"),
    ]))

    def emitted(self, defined):
        built = self.fixture(self.BODY).model()
        built.defined_structs = set(built.defined_structs) | set(defined)
        return generate.Generator(built).emit(built.emitted["Test.Box"])

    def test_a_class_whose_struct_the_headers_define_passes_itself_through_its_accessor(self):
        swift = self.emitted({"TestBox", "TestWidget"})
        self.assertIn("extension Box {\n  /// The instance as the `TestBox` its C functions take.\n"
                      "  package var cTestBox: UnsafeMutablePointer<TestBox> { "
                      "UnsafeMutablePointer<TestBox>(opaque) }\n}", swift)
        self.assertIn("test_box_resize(cTestBox, other?.cTestBox, cInt32(size), cBool(visible))",
                      swift)
        self.assertIn("test_box_adopt(cTestBox, child.cTestBox)", swift)
        self.assertNotIn("UnsafeMutablePointer<TestBox>(child", swift)

    def test_integers_and_booleans_cross_through_plain_functions(self):
        swift = self.emitted({"TestBox", "TestWidget"})
        self.assertIn("return swiftInt(result)", swift)
        self.assertIn("swiftBool(test_box_get_shown(cTestBox))", swift)
        self.assertNotIn("clamping", swift)
        self.assertNotIn("truncatingIfNeeded", swift)
        self.assertNotIn("? 1 : 0", swift)

    def test_a_class_whose_struct_is_opaque_has_no_accessor(self):
        swift = self.emitted(set())
        self.assertNotIn("package var cTestBox", swift)
        self.assertIn("test_box_adopt(opaque, child.opaque)", swift)


class SideEffectTests(Case):
    def test_without_configuration_a_getter_reads_as_a_property(self):
        swift = self.fixture(QUEUE).swift("Test.Queue")
        self.assertIn("public var event: Int {", swift)
        self.assertIn("public static var defaultEvent: Int {", swift)

    def test_a_getter_that_changes_state_is_a_method_that_says_why(self):
        swift = self.fixture(QUEUE, DEQUEUES).swift("Test.Queue")
        self.assertNotIn("var event", swift)
        self.assertIn("  /// Gets the next event.\n  ///\n"
                      "  /// A method, not a property: it takes the event off the queue.\n"
                      "  @discardableResult\n  public func event() -> Int {", swift)
        self.assertIn("public var length: Int {", swift)  # the other getter stays one
        self.assertNotIn("static var defaultEvent", swift)
        self.assertIn("public static func defaultEvent() -> Int {", swift)

    def test_a_rename_names_the_method(self):
        swift = self.fixture(QUEUE, DEQUEUES + '[rename]\n"test_queue_get_event" = "nextEvent"\n'
                             ).swift("Test.Queue")
        self.assertIn("public func nextEvent() -> Int {", swift)


ENTRY = klass("Entry", "".join([
    callable_("method", "set_text", "test_entry_set_text",
              [param("text", "utf8", "const gchar*")], instance="Entry"),
    callable_("method", "get_text", "test_entry_get_text", returns=("utf8", "const gchar*"),
              instance="Entry"),
    callable_("method", "insert", "test_entry_insert",
              [param("before", "utf8", "const gchar*"), param("after", "utf8", "const gchar*",
                                                               nullable=True)],
              instance="Entry"),
    callable_("method", "take_hint", "test_entry_take_hint",
              [param("hint", "utf8", "gchar*", nullable=True)], instance="Entry"),
]))


class StringArgumentTests(Case):
    def test_a_string_is_lent_to_c_without_a_copy(self):
        swift = self.fixture(ENTRY).swift("Test.Entry")
        self.assertIn("set { newValue.withCString { newValueC in test_entry_set_text(", swift)
        self.assertNotIn("test_entry_set_text(opaque, newValue)", swift)

    def test_two_strings_nest_the_first_outermost_and_an_optional_one_may_be_nil(self):
        swift = self.fixture(ENTRY).swift("Test.Entry")
        self.assertRegex(swift, r"before\.withCString \{ beforeC in CStrings\.withCString"
                                r"\(after\) \{ afterC in test_entry_insert\([^)]*, beforeC, "
                                r"afterC\) \} \}")

    def test_an_optional_string_c_may_change_is_still_a_copy(self):
        swift = self.fixture(ENTRY).swift("Test.Entry")
        self.assertIn("let hintC = CStrings.duplicate(hint)", swift)
        self.assertIn("defer { g_free(hintC) }", swift)


class DeinitTests(Case):
    def test_a_wrapper_class_releases_without_a_hop_to_the_main_actor(self):
        swift = self.fixture(ENTRY).swift("Test.Entry")
        self.assertIn("open class Entry: Widget {", swift)
        self.assertIn("\n  nonisolated deinit {}\n", swift)


class BadInputTests(Case):
    def assertFails(self, made, *fragments):
        with self.assertRaises(config.ConfigError) as caught:
            made.model()
        for fragment in fragments:
            self.assertIn(fragment, str(caught.exception))

    def test_a_type_that_does_not_exist(self):
        made = self.fixture(STACK, '[ignore]\n"Test.Stak" = "typo"\n')
        self.assertFails(made, "Test-1.0.toml:6:", '[ignore] "Test.Stak"', "no type Test.Stak")

    def test_a_property_that_does_not_exist(self):
        made = self.fixture(STACK, '\n[rename]\n"Test.Stack:homogeneous" = "isHomogeneous"\n')
        self.assertFails(made, "Test-1.0.toml:7:", "Test.Stack has no property homogeneous")

    def test_a_parameter_that_does_not_exist(self):
        made = self.fixture(STACK, '[defaults]\n"test_stack_set_hhomogeneous.len" = "-1"\n')
        self.assertFails(made, "Test-1.0.toml:6:",
                         "test_stack_set_hhomogeneous has no parameter len (it has: hhomogeneous)")

    def test_a_signal_argument_that_does_not_exist(self):
        body = klass("Tree", signal("expand-row", [param("object", "gboolean", "gboolean")]))
        made = self.fixture(body, '[rename]\n"Test.Tree::expand-row.p3" = "x"\n')
        self.assertFails(made, "Test.Tree::expand-row has no argument p3 (it has: object)")

    def test_an_enumeration_member_that_does_not_exist(self):
        made = self.fixture(MODIFIERS, '[rename]\n"Test.Modifiers.mod9_mask" = "x"\n')
        self.assertFails(made, "Test-1.0.toml:6:", "Test.Modifiers has no member mod9_mask "
                         "(it has: shift_mask, mod1_mask)")

    def test_two_enumeration_members_given_one_name(self):
        made = self.fixture(MODIFIERS, '[rename]\n"Test.Modifiers.mod1_mask" = "alt"\n'
                                       '"Test.Modifiers.shift_mask" = "alt"\n')
        self.assertFails(made, 'gives "alt" to a second member of Test.Modifiers')

    def test_a_side_effect_on_a_function_that_is_no_getter(self):
        made = self.fixture(STACK, '[side-effects]\n"test_stack_set_hhomogeneous" = "sets"\n')
        self.assertFails(made, "Test-1.0.toml:6:",
                         "names set_hhomogeneous, not a `get_` function")

    def test_a_side_effect_without_a_reason(self):
        made = self.fixture(STACK, '[side-effects]\n"test_stack_get_hhomogeneous" = ""\n')
        self.assertFails(made, "the value must say why")

    def test_an_entry_of_the_wrong_kind(self):
        made = self.fixture(STACK, '[inout]\n"test_stack_set_hhomogeneous" = "moves"\n')
        self.assertFails(made, '[inout] "test_stack_set_hhomogeneous"', "not a parameter")

    def test_renaming_an_ignored_member(self):
        made = self.fixture(STACK, '[ignore]\n"test_stack_get_hhomogeneous" = "no"\n'
                                   '[rename]\n"test_stack_get_hhomogeneous" = "homogeneous"\n')
        self.assertFails(made, 'Test-1.0.toml:8: [rename] "test_stack_get_hhomogeneous"',
                         "conflicts with", 'Test-1.0.toml:6: [ignore]')

    def test_one_entry_in_two_files(self):
        made = self.fixture(STACK, '[rename]\n"Test.Stack:hhomogeneous" = "a"\n',
                            {"Other-1.0.toml": '[rename]\n"Test.Stack:hhomogeneous" = "b"\n'})
        self.assertFails(made, "Test-1.0.toml", "Other-1.0.toml:2", "conflicts with")

    def test_two_members_given_one_name(self):
        body = klass("Bar", "".join([
            callable_("method", "show_all", "test_bar_show_all", instance="Bar"),
            callable_("method", "show_some", "test_bar_show_some", instance="Bar")]))
        made = self.fixture(body, '[rename]\n"test_bar_show_all" = "show"\n'
                                  '"test_bar_show_some" = "show"\n')
        self.assertFails(made, 'Test-1.0.toml:7: [rename] "test_bar_show_some"',
                         'gives "show" to a second member of Test.Bar')

    def test_a_duplicate_key_names_the_file(self):
        made = self.fixture(STACK, '[ignore]\n"Test.Stack" = "a"\n"Test.Stack" = "b"\n')
        self.assertFails(made, "Test-1.0.toml", "line 7")

    def test_an_unknown_section(self):
        made = self.fixture(STACK, '[renames]\n"Test.Stack" = "a"\n')
        self.assertFails(made, "Test-1.0.toml:5: unknown section [renames]")


OTHER_GIR = """<?xml version="1.0"?>
<repository version="1.2" xmlns="http://www.gtk.org/introspection/core/1.0"
    xmlns:c="http://www.gtk.org/introspection/c/1.0"
    xmlns:glib="http://www.gtk.org/introspection/glib/1.0">
  <namespace name="Other" version="1.0" c:identifier-prefixes="Other" c:symbol-prefixes="other">
    <class name="Widget" c:type="OtherWidget" parent="Test.Widget"
        glib:type-name="OtherWidget" glib:get-type="other_widget_get_type">
      <method name="attach" c:identifier="other_widget_attach">
        <return-value transfer-ownership="none"><type name="none" c:type="void"/></return-value>
        <parameters>
          <instance-parameter name="self"><type name="Widget" c:type="OtherWidget*"/></instance-parameter>
          <parameter name="target"><type name="Test.Widget" c:type="TestWidget*"/></parameter>
        </parameters>
      </method>
    </class>
  </namespace>
</repository>
"""


class ModuleTests(Case):
    """A namespace generated into a Swift module of its own (`module` in [namespace])."""

    def other(self):
        made = self.fixture("", extra={
            "Other-1.0.toml": '[namespace]\nmodule = "Other"\nimports = ["COther"]\n'})
        with open(os.path.join(made.gir, "Other-1.0.gir"), "w") as handle:
            handle.write(OTHER_GIR)
        return made.model()

    def test_its_names_are_its_own_and_shadowed_names_take_the_module_prefix(self):
        import generate
        built = self.other()
        self.assertEqual(built.module("Other.Widget"), "Other")
        swift = generate.Generator(built).emit(built.emitted["Other.Widget"])
        self.assertIn("open class Widget: GtkReactiveBindings.Widget {", swift)
        self.assertIn("target: GtkReactiveBindings.Widget", swift)
        self.assertIn("import CGtk\nimport COther\nimport GtkReactiveBindings\nimport Reactive\n", swift)
        built.current_module = "GtkReactiveBindings"
        self.assertEqual(built.swift_name("Test.Widget"), "Widget", "unqualified in its own module")

    def test_the_bindings_keys_are_package_for_the_hand_designed_layer_above(self):
        swift = self.fixture(STACK).swift("Test.Stack")
        self.assertIn("package final class StackKeys {", swift)
        self.assertIn("  package static let shared = StackKeys()", swift)
        self.assertIn('  package let hhomogeneous = PropertyKey<Bool>("hhomogeneous"', swift)

    def test_a_doc_link_to_another_modules_type_is_code_voice(self):
        import generate
        built = self.other()
        generate.Generator(built)
        built.current_module = "Other"
        self.assertEqual(names.convert("Packs a #TestWidget into #OtherWidget."),
                         "Packs a `GtkReactive.Widget` into ``Other/Widget``.",
                         "DocC cannot link into another module's reference; its own resolve")
        built.current_module = "GtkReactiveBindings"
        self.assertEqual(names.convert("Packs a #TestWidget."), "Packs a ``Widget``.")

    def test_inherited_init_stubs_keep_the_nearest_of_one_label(self):
        body = "".join([
            klass("Text", callable_("constructor", "new", "test_text_new",
                                    [param("buffer", "Widget", "TestWidget*")],
                                    returns=("Text", "TestText*"))),
            klass("Source", callable_("constructor", "new", "test_source_new",
                                      [param("buffer", "Text", "TestText*")],
                                      returns=("Source", "TestSource*")), parent="Text"),
            klass("Map", "", parent="Source")])
        swift = self.fixture(body).swift("Test.Map")
        self.assertIn("public convenience init(buffer: Text) {", swift)
        self.assertNotIn("init(buffer: Widget)", swift, "Source's init(buffer: Text) covers it")


def callback_type(name, params, returns=("none", "void")):
    """A callback type whose last argument is its user data."""
    data = len(params)
    return (f'<callback name="{name}" c:type="Test{name}"><return-value transfer-ownership="none">'
            f'<type name="{returns[0]}" c:type="{returns[1]}"/></return-value><parameters>'
            + "".join(params)
            + f'<parameter name="user_data" closure="{data}"><type name="gpointer" '
            f'c:type="gpointer"/></parameter></parameters></callback>')


def callback_method(name, c_identifier, callback, scope, destroy=True, nullable=False):
    """A method of `Box` taking `callback` with user data (and a destroy notifier)."""
    attributes = f' scope="{scope}" closure="1"' + (' destroy="2"' if destroy else "")
    attributes += ' nullable="1"' if nullable else ""
    notifier = ('<parameter name="destroy"><type name="GLib.DestroyNotify" '
                'c:type="GDestroyNotify"/></parameter>') if destroy else ""
    return (f'<method name="{name}" c:identifier="{c_identifier}"><return-value '
            f'transfer-ownership="none"><type name="none" c:type="void"/></return-value>'
            f'<parameters><instance-parameter name="self"><type name="Box" c:type="TestBox*"/>'
            f'</instance-parameter><parameter name="func"{attributes}><type name="{callback}" '
            f'c:type="Test{callback}"/></parameter><parameter name="user_data"><type '
            f'name="gpointer" c:type="gpointer"/></parameter>{notifier}</parameters></method>')


class CallbackTests(Case):
    FILTER = callback_type("FilterFunc", [param("child", "Widget", "TestWidget*")],
                           returns=("gboolean", "gboolean"))

    def generated(self, *methods, types=None):
        made = self.fixture((types or self.FILTER) + klass("Box", "".join(methods)))
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Box"])
        return swift, built.trampolines.get("GtkReactiveBindings", {}), generator.stats

    def test_a_notified_callback_is_a_closure_gtk_releases_through_its_destroy_notifier(self):
        swift, trampolines, _ = self.generated(callback_method(
            "set_filter", "test_box_set_filter", "FilterFunc", "notified", nullable=True))
        self.assertIn("public func setFilter(_ `func`: ((Widget) -> Bool)?) {", swift)
        self.assertIn("= { a0 in cBool(`func`(Widget.retained(a0)!)) }", swift)
        self.assertIn("`func` == nil ? nil : CallbackTrampolines.testFilterFunc, funcData, "
                      "Callbacks.destroyNotify)", swift)
        self.assertNotIn("Callbacks.release", swift, "GTK releases it")
        self.assertEqual(trampolines["testFilterFunc"].split("\n")[1].strip(),
                         "static let testFilterFunc: TestFilterFunc = "
                         "{ a0, data in Callbacks.call(data, a0) }")

    def test_a_call_scoped_callback_is_released_when_the_call_returns(self):
        swift, _, _ = self.generated(callback_method(
            "foreach", "test_box_foreach", "FilterFunc", "call", destroy=False))
        self.assertIn("public func foreach(_ `func`: @escaping (Widget) -> Bool) {", swift)
        self.assertIn("defer { Callbacks.release(funcData) }", swift)

    def test_an_async_callback_has_a_trampoline_that_releases_after_its_one_call(self):
        _, trampolines, _ = self.generated(callback_method(
            "request", "test_box_request", "FilterFunc", "async", destroy=False))
        self.assertIn("Callbacks.call(data, once: true, a0)", trampolines["testFilterFuncOnce"])

    def test_a_callback_without_user_data_is_left_out_with_the_reason(self):
        method = callback_method("set_filter", "test_box_set_filter", "FilterFunc", "notified")
        method = method.replace(' closure="1"', "")
        _, _, stats = self.generated(method)
        self.assertEqual(stats.left_out, [
            ("method", "Box.test_box_set_filter", "callback Test.FilterFunc (no user data)")])

    def test_a_callback_that_gives_an_object_or_a_string_gives_gtk_its_own(self):
        make = callback_type("MakeFunc", [param("index", "gint", "gint")],
                             returns=("Widget", "TestWidget*")).replace(
            '<return-value transfer-ownership="none">', '<return-value transfer-ownership="full">')
        name = callback_type("NameFunc", [param("index", "gint", "gint")],
                             returns=("utf8", "gchar*")).replace(
            '<return-value transfer-ownership="none">', '<return-value transfer-ownership="full">')
        swift, _, _ = self.generated(
            callback_method("bind", "test_box_bind", "MakeFunc", "notified"),
            callback_method("name", "test_box_name", "NameFunc", "notified"),
            types=make + name)
        self.assertIn("public func bind(_ `func`: @escaping (Int) -> Widget) {", swift)
        # The fixture's structs are opaque to Swift (no header defines them).
        self.assertIn("OpaquePointer(Callbacks.givingReference(`func`(swiftInt(a0))))", swift)
        self.assertIn("= { a0 in g_strdup(`func`(swiftInt(a0))) }", swift)

    def test_a_callback_forever_is_left_out(self):
        _, _, stats = self.generated(callback_method(
            "set_filter", "test_box_set_filter", "FilterFunc", "forever", destroy=False))
        self.assertEqual([reason for _, _, reason in stats.left_out],
                         ["callback Test.FilterFunc (scope forever)"])


class ValueListAndGValueTests(Case):
    def test_a_returned_list_of_strings_is_an_array_and_frees_what_it_was_given(self):
        method = ('<method name="list_names" c:identifier="test_box_list_names">'
                  '<return-value transfer-ownership="full"><type name="GLib.List" c:type="GList*">'
                  '<type name="utf8"/></type></return-value><parameters><instance-parameter '
                  'name="self"><type name="Box" c:type="TestBox*"/></instance-parameter>'
                  '</parameters></method>')
        swift = self.fixture(klass("Box", method)).swift("Test.Box")
        self.assertIn("public func listNames() -> [String] {", swift)
        self.assertIn("GLists.valuesList(result, transfer: .full, free: { g_free($0) }) "
                      "{ CStrings.borrowStringOrEmpty($0?.assumingMemoryBound(to: CChar.self)) }",
                      swift)

    def test_a_const_gvalue_is_any_convertible_value_and_a_filled_one_is_left_out(self):
        body = klass("Box", "".join([
            callable_("method", "set_value", "test_box_set_value",
                      [param("value", "GObject.Value", "const GValue*")], instance="Box"),
            callable_("method", "fill_value", "test_box_fill_value",
                      [param("value", "GObject.Value", "GValue*")], instance="Box")]))
        made = self.fixture(body)
        swift = made.swift("Test.Box")
        self.assertIn("public func setValue(_ value: any GValueConvertible) {", swift)
        self.assertIn("var valueC = GValues.holding(value)", swift)
        self.assertEqual([member for _, member, _ in made.stats("Test.Box").left_out],
                         ["Box.test_box_fill_value"], "C fills it though GIR says in")

    def test_a_deprecated_constructor_is_not_counted(self):
        ctor = callable_("constructor", "new", "test_box_new", returns=("Box", "TestBox*"))
        stats = self.fixture(klass("Box", ctor.replace('c:identifier', 'deprecated="1" c:identifier'))
                             ).stats("Test.Box")
        self.assertEqual((stats.counts.get("constructor"), stats.left_out, stats.deprecated),
                         (None, [], 1))


def array_param(name, element, ctype, length, direction="in", transfer="none",
                caller_allocates=False):
    """A C array parameter whose length is parameter `length` (GIR's index)."""
    attributes = f' transfer-ownership="{transfer}"'
    if direction != "in":
        attributes += (f' direction="{direction}" caller-allocates='
                       f'"{1 if caller_allocates else 0}"')
    return (f'<parameter name="{name}"{attributes}><array length="{length}" '
            f'zero-terminated="0" c:type="{ctype}"><type name="{element[0]}" '
            f'c:type="{element[1]}"/></array></parameter>')


class FilledAndGivenValueTests(Case):
    def test_a_gvalue_c_fills_in_the_callers_type_is_a_generic_result(self):
        body = klass("Box", "".join([
            callable_("method", "child_get", "test_box_child_get",
                      [param("name", "utf8", "const gchar*"),
                       param("value", "GObject.Value", "GValue*")], instance="Box"),
            callable_("method", "get_cell", "test_box_get_cell",
                      [param("column", "gint", "gint"),
                       param("value", "GObject.Value", "GValue*", direction="out")],
                      instance="Box")]))
        made = self.fixture(body, '[filled-values]\n"test_box_child_get.value" = "C fills it"\n')
        swift = made.swift("Test.Box")
        self.assertIn("public func childGet<V: GValueConvertible>(_ name: String, "
                      "as _: V.Type = V.self) -> V? {", swift)
        self.assertIn("g_value_init(&valueOut, V.valueType)", swift)
        self.assertIn("return GValues.filled(&valueOut, as: V.self)", swift)
        # An out GValue C initializes with its own type: no g_value_init before the call.
        cell = swift[swift.index("func cell<"):]
        self.assertNotIn("g_value_init", cell[:cell.index("}")])
        self.assertIn("defer { GValues.unset(&valueOut) }", cell)
        self.assertEqual(made.stats("Test.Box").left_out, [])

    def test_a_gvalue_c_only_reads_without_const_is_configured_as_an_argument(self):
        body = klass("Box", callable_("method", "set_cell", "test_box_set_cell",
                                      [param("value", "GObject.Value", "GValue*")],
                                      instance="Box"))
        swift = self.fixture(body, '[const-values]\n"test_box_set_cell.value" = "read"\n'
                             ).swift("Test.Box")
        self.assertIn("public func setCell(_ value: any GValueConvertible) {", swift)

    def test_bytes_c_gives_with_an_out_length_are_an_array_and_the_length_is_hidden(self):
        body = klass("Box", "".join([
            callable_("method", "load", "test_box_load",
                      [array_param("contents", ("guint8", "guint8"), "gchar**", 1,
                                   direction="out", transfer="full"),
                       param("length", "gsize", "gsize*", direction="out")],
                      returns=("gboolean", "gboolean"), instance="Box"),
            callable_("method", "get_data", "test_box_get_data",
                      [param("length", "gsize", "gsize*", direction="out")],
                      instance="Box").replace(
                '<type name="none" c:type="void"/>',
                '<array length="0" zero-terminated="0" c:type="guint8*">'
                '<type name="guint8" c:type="guint8"/></array>')]))
        made = self.fixture(body)
        swift = made.swift("Test.Box")
        self.assertIn("public func load() -> (result: Bool, contents: [UInt8]) {", swift)
        self.assertIn("var lengthOut = gsize()", swift)
        self.assertIn("CBytes.take(contentsOut, count: lengthOut)", swift)
        # A getter keeps the length's local (a property with a body).
        self.assertIn("public var data: [UInt8] {\n    var lengthOut = gsize()\n"
                      "    let result = test_box_get_data(", swift)
        self.assertIn("return CBytes.borrow(result, count: lengthOut)", swift)
        self.assertEqual(made.stats("Test.Box").left_out, [])

    def test_gbytes_are_an_array_copied_in_and_out(self):
        body = klass("Box", "".join([
            callable_("method", "write", "test_box_write",
                      [param("bytes", "GLib.Bytes", "GBytes*")], instance="Box"),
            callable_("method", "read", "test_box_read", returns=("GLib.Bytes", "GBytes*"),
                      instance="Box").replace('transfer-ownership="none"><type name="GLib',
                                              'transfer-ownership="full"><type name="GLib')]))
        swift = self.fixture(body).swift("Test.Box")
        self.assertIn("public func write(_ bytes: [UInt8]) {", swift)
        self.assertIn("let bytesC = CBytes.makeBytes(bytes)", swift)
        self.assertIn("defer { if let bytesC { g_bytes_unref(bytesC) } }", swift)
        self.assertIn("return CBytes.takeBytes(result) ?? []", swift)

    def test_a_buffer_c_fills_gives_as_many_bytes_as_c_says_it_filled(self):
        body = klass("Box", "".join([
            callable_("method", "read", "test_box_read",
                      [array_param("buffer", ("guint8", "guint8"), "void*", 1,
                                   direction="out", caller_allocates=True),
                       param("count", "gsize", "gsize")],
                      returns=("gssize", "gssize"), instance="Box"),
            callable_("method", "read_all", "test_box_read_all",
                      [array_param("buffer", ("guint8", "guint8"), "gchar*", 1,
                                   direction="out", caller_allocates=True),
                       param("count", "gsize", "gsize"),
                       param("bytes_read", "gsize", "gsize*", direction="out")],
                      returns=("gboolean", "gboolean"), instance="Box")]))
        made = self.fixture(body)
        swift = made.swift("Test.Box")
        # The count C returns is given as the bytes themselves.
        self.assertIn("public func read(_ count: Int) -> [UInt8] {", swift)
        self.assertIn("let bufferOut = CByteBuffer(count: count)", swift)
        self.assertIn("test_box_read(opaque, bufferOut.raw, cUInt(count))", swift)
        self.assertIn("return bufferOut.prefix(result)", swift)
        self.assertIn("bufferOut.typed(CChar.self)", swift)
        self.assertIn("bufferOut.prefix(bytesReadOut)", swift)
        self.assertEqual(made.stats("Test.Box").left_out, [])

    def test_a_setter_that_passes_a_length_stays_a_method_beside_its_getters_property(self):
        body = klass("Box", "".join([
            callable_("method", "get_data", "test_box_get_data",
                      [param("length", "gsize", "gsize*", direction="out")],
                      instance="Box").replace(
                '<type name="none" c:type="void"/>',
                '<array length="0" zero-terminated="0" c:type="guint8*">'
                '<type name="guint8" c:type="guint8"/></array>'),
            callable_("method", "set_data", "test_box_set_data",
                      [array_param("data", ("guint8", "guint8"), "const guint8*", 1),
                       param("length", "gsize", "gsize")], instance="Box")]))
        swift = self.fixture(body).swift("Test.Box")
        self.assertIn("public var data: [UInt8] {\n    var lengthOut", swift)
        self.assertIn("public func setData(_ data: [UInt8]) {", swift)
        self.assertIn("gsize(data.count)", swift)

    def test_arrays_of_numbers_strings_and_values_with_a_length_are_swift_arrays(self):
        body = klass("Box", "".join([
            callable_("method", "reorder", "test_box_reorder",
                      [array_param("order", ("gint", "gint"), "gint*", 1),
                       param("length", "gint", "gint")], instance="Box"),
            callable_("method", "set_path", "test_box_set_path",
                      [array_param("path", ("filename", "gchar*"), "const gchar**", 1),
                       param("n_elements", "gint", "gint")], instance="Box"),
            callable_("method", "add_colors", "test_box_add_colors",
                      [param("n_colors", "gint", "gint"),
                       array_param("colors", ("Gdk.RGBA", "GdkRGBA"), "GdkRGBA*", 0)],
                      instance="Box")]))
        body = '<record name="Color" c:type="TestColor"/>' + body.replace("Gdk.RGBA", "Color")
        swift = self.fixture(body, '[value-records]\n"Test.Color" = { swift = "Color", '
                                   'cstruct = "TestColor", free = "test_color_free" }\n'
                             ).swift("Test.Box")
        self.assertIn("public func reorder(_ order: [Int]) {", swift)
        self.assertIn("var orderC = order.map { cInt32($0) }", swift)
        self.assertIn("test_box_reorder(opaque, &orderC, gint(order.count))", swift)
        self.assertIn("public func setPath(_ path: [String]) {", swift)
        self.assertIn("CStrings.constant(pathC), gint(path.count)", swift)
        self.assertIn("public func addColors(_ colors: [Color]) {", swift)
        self.assertIn("var colorsC = colors.map(\\.cValue)", swift)
        self.assertIn("test_box_add_colors(opaque, gint(colors.count), &colorsC)", swift)

    def test_strings_and_atoms_c_gives_with_an_out_length_are_copied_and_freed(self):
        body = klass("Box", "".join([
            callable_("method", "list_uris", "test_box_list_uris",
                      [param("length", "gsize", "gsize*", direction="out")],
                      instance="Box").replace(
                '<return-value transfer-ownership="none"><type name="none" c:type="void"/>',
                '<return-value transfer-ownership="full"><array length="0" '
                'zero-terminated="0" c:type="gchar**"><type name="utf8" c:type="gchar*"/>'
                '</array>'),
            callable_("method", "formats", "test_box_formats",
                      [param("n_formats", "gint", "gint*", direction="out")],
                      instance="Box").replace(
                '<return-value transfer-ownership="none"><type name="none" c:type="void"/>',
                '<return-value transfer-ownership="container"><array length="0" '
                'zero-terminated="0" c:type="GdkAtom*"><type name="Gdk.Atom" '
                'c:type="GdkAtom"/></array>')]))
        swift = self.fixture(body).swift("Test.Box")
        self.assertIn("public func listUris() -> [String] {", swift)
        self.assertIn("CArrays.strings(result, count: lengthOut, transfer: .full)", swift)
        self.assertIn("CArrays.atoms(result, count: nFormatsOut, transfer: .container)", swift)

    def test_a_radio_group_list_goes_in_as_its_first_members_own_list(self):
        body = klass("Radio", "".join([
            callable_("method", "get_group", "test_radio_get_group", instance="Radio").replace(
                '<type name="none" c:type="void"/>',
                '<type name="GLib.SList" c:type="GSList*"><type name="Radio"/></type>'),
            callable_("method", "set_group", "test_radio_set_group",
                      [param("group", "GLib.SList", "GSList*", nullable=True).replace(
                          '<type name="GLib.SList" c:type="GSList*"/>',
                          '<type name="GLib.SList" c:type="GSList*"><type name="Radio"/></type>')],
                      instance="Radio")]))
        made = self.fixture(body, '[group-lists]\n"test_radio_set_group.group" = '
                                  '"test_radio_get_group"\n')
        swift = made.swift("Test.Radio")
        self.assertIn("public var group: [Radio] {", swift)
        self.assertIn("set { test_radio_set_group(opaque, newValue.first.map { "
                      "test_radio_get_group(UnsafeMutablePointer<TestRadio>($0.opaque)) } ?? nil) }",
                      swift)
        self.assertNotIn("GLists.makeSList", swift, "no list is made: GTK would adopt it")

    def test_an_array_of_records_with_a_length_is_a_swift_array_of_their_value(self):
        body = ('<record name="Entry" c:type="TestEntry"/>' + klass("Box", callable_(
            "method", "set_targets", "test_box_set_targets",
            [array_param("targets", ("Entry", "TestEntry"), "TestEntry*", 1),
             param("n_targets", "guint", "guint")], instance="Box")))
        made = self.fixture(body, '[record-arrays]\n"Test.Entry" = { swift = "Entry" }\n')
        swift = made.swift("Test.Box")
        self.assertIn("public func setTargets(_ targets: [Entry]) {", swift)
        self.assertIn("let targetsC = Entry.makeCArray(targets)", swift)
        self.assertIn("defer { Entry.freeCArray(targetsC, count: targets.count) }", swift)
        self.assertIn("test_box_set_targets(opaque, targetsC, guint(targets.count))", swift)
        # Without the configuration the member is left out, with the reason.
        self.assertEqual([reason for _, _, reason in self.fixture(body).stats("Test.Box").left_out],
                         ["array of Test.Entry (with length)"])


class PinnedInputTests(unittest.TestCase):
    def test_the_configuration_names_only_vendored_gir_files(self):
        policy = config.Config()
        vendored = os.path.join(os.path.dirname(config.DIRECTORY), "gir")
        for name in policy.gir_files():
            self.assertTrue(os.path.exists(os.path.join(vendored, name)), name)


if __name__ == "__main__":
    unittest.main()
