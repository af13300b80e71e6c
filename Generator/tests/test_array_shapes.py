"""Arrays GIR gives without a length argument (ended by a zero, or sized by config), string
tables, out string arrays, and config's corrections of an array's shape (array_shapes.py)."""

import unittest

from fixture import Fixture, callable_, param


def terminated_return(name, c_identifier, element, ctype, transfer="full"):
    return (f'<method name="{name}" c:identifier="{c_identifier}"><return-value '
            f'transfer-ownership="{transfer}"><array c:type="{ctype}"><type name="{element}"/>'
            '</array></return-value><parameters><instance-parameter name="self"><type '
            'name="Store" c:type="TestStore*"/></instance-parameter></parameters></method>')


STORE = (
    '<class name="Store" c:type="TestStore" parent="Widget" glib:type-name="TestStore" '
    'glib:get-type="test_store_get_type">'
    + terminated_return("get_sizes", "test_store_get_sizes", "gint", "gint*")
    + terminated_return("get_fields", "test_store_get_fields", "guint8", "guchar*", "none")
    + callable_("method", "reorder", "test_store_reorder",
                ['<parameter name="order" transfer-ownership="none"><array c:type="gint*">'
                 '<type name="gint" c:type="gint"/></array></parameter>'], instance="Store")
    + '<method name="get_options" c:identifier="test_store_get_options"><return-value '
      'transfer-ownership="container"><type name="GLib.HashTable" c:type="GHashTable*">'
      '<type name="utf8"/><type name="utf8"/></type></return-value><parameters>'
      '<instance-parameter name="self"><type name="Store" c:type="TestStore*"/>'
      '</instance-parameter></parameters></method>'
    + '<method name="peek" c:identifier="test_store_peek"><return-value transfer-ownership='
      '"none"><type name="gsize" c:type="gsize"/></return-value><parameters>'
      '<instance-parameter name="self"><type name="Store" c:type="TestStore*"/>'
      '</instance-parameter><parameter name="buffer" transfer-ownership="none"><array '
      'length="1" zero-terminated="0" c:type="void*"><type name="guint8"/></array></parameter>'
      + param("count", "gsize", "gsize") + '</parameters></method>'
    + '<method name="read_line" c:identifier="test_store_read_line"><return-value '
      'transfer-ownership="full" nullable="1"><array c:type="char*"><type name="guint8"/>'
      '</array></return-value><parameters><instance-parameter name="self"><type name="Store" '
      'c:type="TestStore*"/></instance-parameter><parameter name="length" direction="out" '
      'caller-allocates="0" transfer-ownership="full"><type name="gsize" c:type="gsize*"/>'
      '</parameter></parameters></method>'
    + '<method name="list_names" c:identifier="test_store_list_names"><return-value '
      'transfer-ownership="none"><type name="none" c:type="void"/></return-value><parameters>'
      '<instance-parameter name="self"><type name="Store" c:type="TestStore*"/>'
      '</instance-parameter><parameter name="names" direction="out" caller-allocates="0" '
      'transfer-ownership="full"><array c:type="gchar***"><type name="utf8"/></array>'
      '</parameter></parameters></method>'
    + callable_("method", "find", "test_store_find",
                ['<parameter name="issuer" transfer-ownership="none"><array name="GLib.ByteArray" '
                 'c:type="GByteArray*"><type name="guint8" c:type="guint8"/></array></parameter>'],
                returns=("gboolean", "gboolean"), instance="Store")
    + callable_("method", "get_binding", "test_store_get_binding",
                ['<parameter name="data" direction="out" caller-allocates="0" '
                 'transfer-ownership="none"><array name="GLib.ByteArray" c:type="GByteArray*">'
                 '<type name="guint8" c:type="guint8"/></array></parameter>'],
                returns=("gboolean", "gboolean"), instance="Store")
    + callable_("method", "changed", "test_store_changed",
                [param("key", "utf8", "const gchar*"), param("origin_tag", "gpointer", "gpointer")],
                instance="Store")
    + callable_("method", "read_pixels", "test_store_read_pixels",
                returns=("guint8", "const guint8*"), instance="Store")
    + '</class>')

CONFIG = (
    '[sized-arrays]\n"test_store_reorder.order" = { check = "count == 3", '
    'message = "three rows", zero-terminated = true }\n'
    '[array-transfers]\n"test_store_get_fields" = "full"\n'
    '[filled-arguments]\n"test_store_peek.buffer" = "C copies into it"\n'
    '"test_store_get_binding.data" = "C fills the array"\n'
    '[sized-returns]\n"test_store_read_pixels" = "byteLength"\n'
    '[given-arguments]\n"test_store_changed.origin_tag" = { value = "nil", why = "none" }\n'
    '[array-lengths]\n"test_store_read_line" = "length"\n')


class ArrayShapesTests(unittest.TestCase):
    def setUp(self):
        made = Fixture(STORE, CONFIG)
        self.addCleanup(made.close)
        self.swift = made.swift("Test.Store")

    def test_integers_ended_by_a_zero_are_read_up_to_it(self):
        self.assertIn("public var sizes: [Int] { CArrays.untilZero(test_store_get_sizes(opaque), "
                      "transfer: .full) { Int($0) } }", self.swift)

    def test_a_corrected_transfer_frees_what_gir_calls_lent(self):
        self.assertIn("public var fields: [UInt8] { CArrays.untilZero(test_store_get_fields("
                      "opaque), transfer: .full) { $0 } }", self.swift)

    def test_a_sized_array_is_checked_then_copied_with_its_zero(self):
        self.assertIn("public func reorder(_ order: [Int]) {", self.swift)
        self.assertIn('precondition(order.count == 3, "three rows")', self.swift)
        self.assertIn("var orderC = order.map { Int32(clamping: $0) } + [Int32(0)]", self.swift)
        self.assertIn("test_store_reorder(opaque, &orderC)", self.swift)

    def test_a_string_table_is_a_dictionary(self):
        self.assertIn("public var options: [String: String] { GHashTables.strings("
                      "test_store_get_options(opaque), transfer: .container) }", self.swift)

    def test_a_buffer_gir_marks_in_is_filled_by_c_when_config_says_so(self):
        self.assertIn("public func peek(_ count: Int) -> [UInt8] {", self.swift)
        self.assertIn("let bufferOut = CByteBuffer(count: count)", self.swift)
        self.assertIn("return bufferOut.prefix(result)", self.swift)

    def test_a_returned_arrays_length_named_by_config_and_null_is_nil(self):
        self.assertIn("-> [UInt8]? {", self.swift)
        self.assertIn("var lengthOut = gsize()", self.swift)
        self.assertIn("return result.map { CBytes.take($0, count: lengthOut) }", self.swift)

    def test_an_out_string_array_is_copied_and_freed(self):
        self.assertIn("var namesOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?(nil)",
                      self.swift)
        self.assertIn("namesOut.map { CStrings.takeArray($0) }", self.swift)

    def test_a_byte_array_argument_is_a_copy_for_the_call(self):
        self.assertIn("public func find(_ issuer: [UInt8]) -> Bool {", self.swift)
        self.assertIn("let issuerC = CBytes.makeByteArray(issuer)", self.swift)
        self.assertIn("defer { g_byte_array_unref(issuerC) }", self.swift)

    def test_a_byte_array_c_fills_is_made_for_the_call_and_read_after_it(self):
        self.assertIn("let dataOut = g_byte_array_new()!; defer { g_byte_array_unref(dataOut) }",
                      self.swift)
        self.assertIn("test_store_get_binding(opaque, dataOut)", self.swift)
        self.assertIn("CBytes.borrowByteArray(dataOut)", self.swift)

    def test_bytes_lent_through_a_bare_pointer_are_as_many_as_config_says(self):
        self.assertIn("CBytes.borrow(UnsafeRawPointer(result), count: byteLength)", self.swift)

    def test_an_argument_config_gives_is_passed_and_not_asked_for(self):
        self.assertIn("public func changed(_ key: String) {", self.swift)
        self.assertIn("test_store_changed(opaque, keyC, nil)", self.swift)


if __name__ == "__main__":
    unittest.main()
