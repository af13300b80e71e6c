"""Boxed records generated as Swift classes that own their C value (`[boxed-classes]`)."""

import unittest

from fixture import Fixture, callable_, param
import emit_boxed
import emit_members
import generate

PAPER = (
    '<record name="Paper" c:type="TestPaper" glib:type-name="TestPaper" '
    'glib:get-type="test_paper_get_type">'
    '<constructor name="new" c:identifier="test_paper_new">'
    '<return-value transfer-ownership="full"><type name="Paper" c:type="TestPaper*"/>'
    '</return-value><parameters>' + param("name", "utf8", "const gchar*") + '</parameters>'
    '</constructor>'
    + callable_("method", "get_name", "test_paper_get_name", returns=("utf8", "const gchar*"),
                instance="Paper")
    + callable_("method", "copy", "test_paper_copy", returns=("Paper", "TestPaper*"),
                instance="Paper").replace('transfer-ownership="none"><type name="Paper"',
                                          'transfer-ownership="full"><type name="Paper"')
    + callable_("method", "free", "test_paper_free", instance="Paper")
    + '</record>')

PRINTER = (
    '<class name="Printer" c:type="TestPrinter" parent="Widget" glib:type-name="TestPrinter" '
    'glib:get-type="test_printer_get_type">'
    + callable_("method", "get_paper", "test_printer_get_paper",
                returns=("Paper", "TestPaper*"), instance="Printer")
    + callable_("method", "set_paper", "test_printer_set_paper",
                [param("paper", "Paper", "TestPaper*")], instance="Printer")
    + '<method name="list_papers" c:identifier="test_printer_list_papers">'
      '<return-value transfer-ownership="full"><type name="GLib.List" c:type="GList*">'
      '<type name="Paper"/></type></return-value><parameters><instance-parameter name="self">'
      '<type name="Printer" c:type="TestPrinter*"/></instance-parameter></parameters></method>'
    + '</class>')

CONFIG = '[boxed-classes]\n"Test.Paper" = "Paper"\n'


class BoxedClassTests(unittest.TestCase):
    def setUp(self):
        self.made = Fixture(PAPER + PRINTER, CONFIG)
        self.addCleanup(self.made.close)

    def boxed(self):
        built = self.made.model()
        stats = emit_members.Stats()
        sources = {name: source for _, name, source in emit_boxed.boxed_sources(
            built, lambda module: stats, generate.HEADER)}
        return sources["Test/Paper.swift"], stats

    def test_the_class_owns_its_value_and_frees_it_through_the_boxed_type(self):
        swift, _ = self.boxed()
        self.assertIn("nonisolated public final class Paper {", swift)
        self.assertIn("package init(takingOwnership pointer: OpaquePointer) { opaque = pointer }",
                      swift)
        self.assertIn("g_boxed_copy(test_paper_get_type(), UnsafeRawPointer(pointer))", swift)
        self.assertIn("deinit { g_boxed_free(test_paper_get_type(), "
                      "UnsafeMutableRawPointer(opaque)) }", swift)
        self.assertIn("extension Paper: GValueConvertible {", swift)

    def test_constructors_adopt_and_methods_read_through_the_owned_pointer(self):
        swift, stats = self.boxed()
        self.assertIn("public convenience init(name: String) {", swift)
        self.assertIn("self.init(takingOwnership: instance!)", swift)
        self.assertNotIn("newInstanceOf", swift)  # a final class: no subclass's GType
        self.assertIn("public var name: String { CStrings.borrowStringOrEmpty("
                      "test_paper_get_name(opaque)) }", swift)
        self.assertIn("return Paper(takingOwnership: result!)", swift)  # copy: a new owner

    def test_its_free_function_is_left_out_with_the_reason(self):
        swift, stats = self.boxed()
        self.assertNotIn("test_paper_free", swift)
        self.assertIn(("method", "Paper.test_paper_free",
                       "memory: the Swift object frees its C value"), stats.left_out)

    def test_other_types_copy_what_they_are_lent_and_pass_the_owned_pointer(self):
        swift = self.made.swift("Test.Printer")
        self.assertIn("Paper(copying: test_printer_get_paper(", swift)
        self.assertIn("test_printer_set_paper(", swift)
        self.assertIn(", newValue.opaque)", swift)

    def test_a_list_of_them_frees_each_element_C_gave(self):
        swift = self.made.swift("Test.Printer")
        self.assertIn("let result = test_printer_list_papers(opaque)", swift)
        self.assertIn("GLists.valuesList(result, transfer: .full", swift)
        self.assertIn("free: { g_boxed_free(test_paper_get_type(), $0) }", swift)
        self.assertIn("Paper(copying: OpaquePointer($0)!)", swift)


if __name__ == "__main__":
    unittest.main()
