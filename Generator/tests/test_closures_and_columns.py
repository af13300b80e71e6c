"""GObject's closures as `Closure` (closures.py), property descriptions as `ParamSpec`
(param_specs.py), callbacks kept on the instance (kept_callbacks.py), a callback's chosen type as a metatype the value it fills as its result, throwing callbacks, a callback's user data named by config
(`[callback-data]`), a row's columns and values as one dictionary (column_values.py) and
records members return though they cannot be passed (`returnable`). Each on a small GIR
fixture.

    python3 -m unittest discover -s Generator/tests      (or `make test-generator`)
"""

import unittest

from fixture import Fixture, callable_, param
from test_generator import callback_type, klass, prop, signal


class Case(unittest.TestCase):
    def fixture(self, body, configuration=""):
        made = Fixture(body, configuration)
        self.addCleanup(made.close)
        return made


class ClosureTests(Case):
    BODY = klass("Group", "".join([
        callable_("method", "connect", "test_group_connect",
                  [param("key", "guint", "guint"), param("closure", "GObject.Closure", "GClosure*")],
                  instance="Group"),
        callable_("method", "disconnect", "test_group_disconnect",
                  [param("closure", "GObject.Closure", "GClosure*", nullable=True)],
                  returns=("gboolean", "gboolean"), instance="Group"),
        callable_("method", "get_closure", "test_group_get_closure",
                  returns=("GObject.Closure", "GClosure*"), instance="Group"),
        prop("closure", "GObject.Closure", "GClosure*"),
        signal("changed", [param("closure", "GObject.Closure", "GClosure*")]),
    ]))

    def test_a_closure_is_passed_as_the_pointer_its_object_holds(self):
        swift = self.fixture(self.BODY).swift("Test.Group")
        self.assertIn("public func connect(_ key: Int, closure: Closure) {", swift)
        self.assertIn(", closure.cPointer)", swift)
        self.assertIn("public func disconnect(_ closure: Closure?) -> Bool {", swift)
        self.assertIn("closure?.cPointer)", swift)

    def test_a_closure_c_lends_is_referenced_anew(self):
        swift = self.fixture(self.BODY).swift("Test.Group")
        self.assertIn("public var closure: Closure { Closure(copying: "
                      "test_group_get_closure(opaque)!) }", swift)

    def test_a_closure_property_and_signal_argument_are_closures(self):
        swift = self.fixture(self.BODY).swift("Test.Group")
        self.assertIn("public var closure: ControlProperty<Closure?>", swift)
        self.assertIn('PropertyKey<Closure?>("closure"', swift)
        self.assertIn("public var changed: Signal<Closure, Never>", swift)


class CallbackDataTests(Case):
    # A `foreach(data, func)` whose callback takes the data first, which GIR does not tie
    # to the callback (no `closure` attribute).
    TYPES = callback_type("VisitFunc", [param("name", "utf8", "const gchar*")]).replace(
        '<parameter name="user_data" closure="1">', '<parameter name="user_data">')
    METHOD = ('<method name="visit" c:identifier="test_box_visit"><return-value '
              'transfer-ownership="none"><type name="none" c:type="void"/></return-value>'
              '<parameters><instance-parameter name="self"><type name="Box" c:type="TestBox*"/>'
              '</instance-parameter><parameter name="data"><type name="gpointer" '
              'c:type="gpointer"/></parameter><parameter name="func" scope="call"><type '
              'name="VisitFunc" c:type="TestVisitFunc"/></parameter></parameters></method>')

    def generated(self, configuration):
        made = self.fixture(self.TYPES + klass("Box", self.METHOD), configuration)
        built = made.model()
        generator = __import__("generate").Generator(built)
        return generator.emit(built.emitted["Test.Box"]), generator.stats

    def test_without_configuration_the_callback_has_no_user_data(self):
        _, stats = self.generated("")
        self.assertEqual(stats.left_out, [
            ("method", "Box.test_box_visit", "callback Test.VisitFunc (no user data)")])

    def test_the_configured_argument_carries_the_closure(self):
        swift, stats = self.generated('[callback-data]\n"test_box_visit.func" = "data"\n')
        self.assertEqual(stats.left_out, [])
        self.assertIn("public func visit(_ `func`: @escaping (String) -> Void) {", swift)
        self.assertIn("test_box_visit(opaque, funcData, CallbackTrampolines.testVisitFunc)", swift)
        self.assertIn("defer { Callbacks.release(funcData) }", swift)


class ColumnValuesTests(Case):
    COLUMNS = ('<parameter name="columns"><array length="2" zero-terminated="0" c:type="gint*">'
               '<type name="gint" c:type="gint"/></array></parameter>')
    VALUES = ('<parameter name="values"><array length="2" zero-terminated="0" c:type="GValue*">'
              '<type name="GObject.Value" c:type="GValue"/></array></parameter>')

    def test_columns_and_values_are_one_dictionary_and_the_length_its_count(self):
        body = klass("Store", callable_(
            "method", "set_valuesv", "test_store_set_valuesv",
            [self.COLUMNS, self.VALUES, param("n_values", "gint", "gint")], instance="Store"))
        swift = self.fixture(body).swift("Test.Store")
        self.assertIn("public func setValuesv(_ values: [Int: any GValueConvertible]) {", swift)
        self.assertIn("var valuesColumns = values.keys.sorted().map(cInt32)",
                      swift)
        self.assertIn("GValues.holding(values[Int($0)]!)", swift)
        self.assertIn("g_value_unset(&valuesC[index])", swift)
        self.assertIn("test_store_set_valuesv(opaque, &valuesColumns, &valuesC, "
                      "Int32(values.count))", swift)

    def test_values_without_their_columns_stay_out(self):
        body = klass("Store", callable_(
            "method", "set_all", "test_store_set_all",
            [self.VALUES.replace('length="2"', 'length="1"'), param("n_values", "gint", "gint")],
            instance="Store"))
        stats = self.fixture(body).stats("Test.Store")
        self.assertEqual(stats.left_out, [
            ("method", "Store.test_store_set_all", "array of GObject.Value (with length)")])


class ReturnableRecordTests(Case):
    SECTION = ('<record name="Section" c:type="TestSection" glib:type-name="TestSection" '
               'glib:get-type="test_section_get_type"/>')
    BODY = SECTION + klass("Context", callable_(
        "method", "get_section", "test_context_get_section", [param("name", "utf8", "const gchar*")],
        returns=("Section", "TestSection*"), instance="Context"))

    def test_a_record_that_cannot_be_passed_is_not_returned_either(self):
        stats = self.fixture(self.BODY, '[records]\n"Test.Section" = "Section"\n').stats(
            "Test.Context")
        self.assertEqual(stats.left_out, [
            ("method", "Context.test_context_get_section", "return record Test.Section")])

    def test_a_returnable_record_is_copied_from_what_c_lends(self):
        swift = self.fixture(
            self.BODY, '[records]\n"Test.Section" = { swift = "Section", returnable = true }\n'
        ).swift("Test.Context")
        self.assertIn("public func section(_ name: String) -> Section {", swift)
        self.assertIn("return Section(borrowing: result!)", swift)


class ParamSpecTests(Case):
    def test_a_description_argument_is_the_pointer_its_object_holds(self):
        body = klass("Holder", callable_(
            "method", "notify_by_pspec", "test_holder_notify_by_pspec",
            [param("pspec", "GObject.ParamSpec", "GParamSpec*")], instance="Holder"))
        swift = self.fixture(body).swift("Test.Holder")
        self.assertIn("public func notifyByPspec(_ pspec: ParamSpec) {", swift)
        self.assertIn("test_holder_notify_by_pspec(opaque, pspec.pointer)", swift)

    def test_a_filled_value_is_given_in_the_descriptions_type(self):
        value = ('<parameter name="value" direction="out" caller-allocates="1" '
                 'transfer-ownership="none"><type name="GObject.Value" c:type="GValue*"/>'
                 '</parameter>')
        body = klass("Holder", callable_(
            "method", "get_style", "test_holder_get_style",
            [param("pspec", "GObject.ParamSpec", "GParamSpec*"), value],
            returns=("gboolean", "gboolean"), instance="Holder"))
        swift = self.fixture(
            body, '[filled-values]\n"test_holder_get_style.value" = "C fills it"\n'
        ).swift("Test.Holder")
        self.assertIn("g_value_init(&valueOut, pspec.valueType)", swift)
        self.assertIn("GValues.filled(&valueOut, as: V.self)", swift)

    def test_a_signal_still_gives_the_propertys_name(self):
        body = klass("Holder", signal("child-notify", [
            param("pspec", "GObject.ParamSpec", "GParamSpec*")]))
        swift = self.fixture(body).swift("Test.Holder")
        self.assertIn("public var childNotify: Signal<String, Never>", swift)


class KeptCallbackTests(Case):
    # A detacher: called with the widget and the menu, no user data.
    TYPES = ('<callback name="DetachFunc" c:type="TestDetachFunc"><return-value '
             'transfer-ownership="none"><type name="none" c:type="void"/></return-value>'
             '<parameters>' + param("attach_widget", "Widget", "TestWidget*")
             + param("menu", "Menu", "TestMenu*") + '</parameters></callback>')
    METHOD = ('<method name="attach" c:identifier="test_menu_attach"><return-value '
              'transfer-ownership="none"><type name="none" c:type="void"/></return-value>'
              '<parameters><instance-parameter name="menu"><type name="Menu" c:type="TestMenu*"/>'
              '</instance-parameter><parameter name="detacher" scope="async"><type '
              'name="DetachFunc" c:type="TestDetachFunc"/></parameter></parameters></method>')

    def generated(self, configuration):
        made = self.fixture(self.TYPES + klass("Menu", self.METHOD), configuration)
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Menu"])
        return swift, built.trampolines.get("GtkReactiveBindings", {}), generator.stats

    def test_without_configuration_the_callback_has_no_user_data(self):
        _, _, stats = self.generated("")
        self.assertEqual(stats.left_out, [
            ("method", "Menu.test_menu_attach", "callback Test.DetachFunc (no user data)")])

    def test_the_closure_is_kept_on_the_instance_and_found_through_its_argument(self):
        swift, trampolines, stats = self.generated(
            '[callback-owners]\n"test_menu_attach.detacher" = "menu"\n')
        self.assertEqual(stats.left_out, [])
        self.assertIn("public func attach(_ detacher: @escaping (Widget, Menu) -> Void) {", swift)
        self.assertIn('Callbacks.keep(detacherData, on: UnsafeMutableRawPointer(opaque), '
                      'key: "test_menu_attach.detacher")', swift)
        self.assertNotIn("Callbacks.release", swift, "the menu releases it")
        self.assertIn("test_menu_attach(opaque, CallbackTrampolines.testDetachFuncKept)", swift)
        self.assertIn('Callbacks.callKept(on: UnsafeMutableRawPointer(a1), '
                      'key: "test_menu_attach.detacher", once: true) '
                      '{ Callbacks.call($0, a0, a1) }', trampolines["testDetachFuncKept"])


class TypeChoosingCallbackTests(Case):
    def test_a_callbacks_gtype_result_is_a_wrappers_metatype(self):
        from test_generator import callback_method
        types = callback_type("TypeFunc", [param("path", "utf8", "const gchar*")],
                              returns=("GType", "GType"))
        made = self.fixture(types + klass("Box", callback_method(
            "set_type_func", "test_box_set_type_func", "TypeFunc", "notified")))
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Box"])
        self.assertEqual(generator.stats.left_out, [])
        self.assertIn("public func setTypeFunc(_ `func`: @escaping (String) -> Object.Type) {",
                      swift)
        self.assertIn("-> GType = { a0 in `func`(CStrings.borrowStringOrEmpty(a0)).gType }", swift)


    def test_a_value_the_callback_fills_is_the_closures_result(self):
        from test_generator import callback_method
        value = ('<parameter name="value" direction="out" caller-allocates="1" '
                 'transfer-ownership="none"><type name="GObject.Value" c:type="GValue*"/>'
                 '</parameter>')
        types = callback_type("ModifyFunc", [value, param("column", "gint", "gint")])
        made = self.fixture(types + klass("Box", callback_method(
            "set_modify", "test_box_set_modify", "ModifyFunc", "notified")))
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Box"])
        self.assertEqual(generator.stats.left_out, [])
        self.assertIn("public func setModify(_ `func`: @escaping (Int) -> "
                      "(any GValueConvertible)?) {", swift)
        self.assertIn("GValues.fill(a0, with: `func`(swiftInt(a1)))", swift)


class ThrowingCallbackTests(Case):
    BYTES = ('<parameter name="buf"><array length="1" zero-terminated="0" c:type="const gchar*">'
             '<type name="guint8"/></array></parameter>' + param("count", "gsize", "gsize"))

    def generated(self, types):
        from test_generator import callback_method
        made = self.fixture(types + klass("Box", callback_method(
            "save", "test_box_save", "SaveFunc", "call", destroy=False)))
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Box"])
        return swift, built.trampolines.get("GtkReactiveBindings", {}), generator.stats

    def test_an_error_argument_makes_the_closure_throw_and_bytes_are_an_array(self):
        error = ('<parameter name="error" direction="out" transfer-ownership="full">'
                 '<type name="GLib.Error" c:type="GError**"/></parameter>')
        types = callback_type("SaveFunc", [self.BYTES, error], returns=("gboolean", "gboolean"))
        swift, _, stats = self.generated(types)
        self.assertEqual(stats.left_out, [])
        self.assertIn("public func save(_ `func`: @escaping ([UInt8]) throws -> Void) {", swift)
        self.assertIn("Callbacks.reporting(into: a2) { try `func`(CBytes.borrow(a0, count: a1)) }",
                      swift)

    def test_a_callback_gir_marks_throwing_gets_its_error_after_the_user_data(self):
        types = callback_type("SaveFunc", [self.BYTES], returns=("gboolean", "gboolean")).replace(
            '<callback name="SaveFunc" c:type="TestSaveFunc">',
            '<callback name="SaveFunc" c:type="TestSaveFunc" throws="1">')
        swift, trampolines, stats = self.generated(types)
        self.assertEqual(stats.left_out, [])
        self.assertIn("{ a0, a1, data, a2 in Callbacks.call(data, a0, a1, a2) }",
                      trampolines["testSaveFunc"])
        self.assertIn("Callbacks.reporting(into: a2)", swift)

    def test_bytes_a_callback_returns_with_an_out_length_are_the_closures_array(self):
        from test_generator import callback_method
        length = ('<parameter name="length" direction="out" transfer-ownership="full">'
                  '<type name="gsize" c:type="gsize*"/></parameter>')
        types = ('<callback name="WriteFunc" c:type="TestWriteFunc"><return-value '
                 'transfer-ownership="none" nullable="1"><array length="1" '
                 'zero-terminated="0" c:type="guint8*"><type name="guint8" c:type="guint8"/>'
                 '</array></return-value><parameters>' + param("index", "gint", "gint")
                 + length + '<parameter name="user_data" closure="2"><type name="gpointer" '
                 'c:type="gpointer"/></parameter></parameters></callback>')
        made = self.fixture(types + klass("Box", callback_method(
            "write", "test_box_write", "WriteFunc", "call", destroy=False)))
        built = made.model()
        generator = __import__("generate").Generator(built)
        swift = generator.emit(built.emitted["Test.Box"])
        self.assertEqual(generator.stats.left_out, [])
        self.assertIn("public func write(_ `func`: @escaping (Int) -> [UInt8]?) {", swift)
        self.assertIn("CBytes.giving(`func`(swiftInt(a0)), count: a1)", swift)

if __name__ == "__main__":
    unittest.main()
