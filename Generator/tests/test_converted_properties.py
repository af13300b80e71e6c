"""Properties read through a runtime value the member converts: byte arrays, bytes,
pointer arrays of a configured element type, GTypes (converted_properties.py)."""

import unittest

from fixture import Fixture

HOLDER = (
    '<class name="Holder" c:type="TestHolder" parent="Widget" glib:type-name="TestHolder" '
    'glib:get-type="test_holder_get_type">'
    '<property name="der" writable="1" construct-only="1" transfer-ownership="none">'
    '<array name="GLib.ByteArray"><type name="guint8" c:type="guint8"/></array></property>'
    '<property name="pixels" transfer-ownership="none"><type name="GLib.Bytes"/></property>'
    '<property name="item-type" writable="1" construct-only="1" transfer-ownership="none">'
    '<type name="GType" c:type="GType"/></property>'
    '<property name="names" transfer-ownership="none"><array name="GLib.PtrArray">'
    '<type name="gpointer" c:type="gpointer"/></array></property>'
    '<property name="seed" readable="0" writable="1" construct-only="1" '
    'transfer-ownership="none"><array name="GLib.ByteArray"><type name="guint8" '
    'c:type="guint8"/></array></property>'
    '</class>')

CONFIG = '[property-element-types]\n"Test.Holder:names" = "GLib.Bytes"\n'


class ConvertedPropertiesTests(unittest.TestCase):
    def setUp(self):
        made = Fixture(HOLDER, CONFIG)
        self.addCleanup(made.close)
        self.swift = made.swift("Test.Holder")

    def test_a_byte_array_is_read_as_bytes(self):
        self.assertIn("public var der: [UInt8] { self[HolderKeys.shared.der]?.bytes ?? [] }",
                      self.swift)
        self.assertIn('PropertyKey<ByteArrayValue?>("der"', self.swift)
        self.assertIn("public var der: Signal<[UInt8], Never> { observe(HolderKeys.shared.der)"
                      ".map { $0?.bytes ?? [] } }", self.swift)

    def test_bytes_and_a_gtype_are_read_through_their_values(self):
        self.assertIn("public var pixels: [UInt8]? { self[HolderKeys.shared.pixels]?.bytes }",
                      self.swift)
        self.assertIn("public var itemType: GType { self[HolderKeys.shared.itemType]?.type ?? "
                      "cgtk_type_none() }", self.swift)

    def test_a_pointer_array_of_the_configured_element_is_converted_while_referenced(self):
        self.assertIn("public var names: [[UInt8]] { self[HolderKeys.shared.names]?.values { "
                      "CBytes.borrowBytes(OpaquePointer($0)) ?? [] } ?? [] }", self.swift)

    def test_a_property_given_at_construction_only_has_no_member(self):
        self.assertNotIn("seed", self.swift)


if __name__ == "__main__":
    unittest.main()
