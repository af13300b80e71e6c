"""A small GIR namespace and configuration per test: what one mapping rule reads."""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import config  # noqa: E402
import generate  # noqa: E402
import model  # noqa: E402

GIR = """<?xml version="1.0"?>
<repository version="1.2" xmlns="http://www.gtk.org/introspection/core/1.0"
    xmlns:c="http://www.gtk.org/introspection/c/1.0"
    xmlns:glib="http://www.gtk.org/introspection/glib/1.0">
  <namespace name="Test" version="1.0" c:identifier-prefixes="Test" c:symbol-prefixes="test">
{body}
  </namespace>
</repository>
"""

# The class every fixture's widgets derive from.
WIDGET = """
    <class name="Widget" c:type="TestWidget" parent="GObject.InitiallyUnowned"
        glib:type-name="TestWidget" glib:get-type="test_widget_get_type"/>
"""

NAMESPACE = """
[namespace]
swift-enum = "Test"
order = 0
"""


def param(name, type_name, ctype, nullable=False, direction="in", doc=""):
    attributes = ' nullable="1"' if nullable else ""
    if direction != "in":
        attributes += f' direction="{direction}" caller-allocates="0" transfer-ownership="full"'
    return (f'<parameter name="{name}"{attributes}><doc xml:space="preserve">{doc}</doc>'
            f'<type name="{type_name}" c:type="{ctype}"/></parameter>')


def callable_(tag, name, c_identifier, params=(), returns=("none", "void"), instance=None,
              doc=""):
    instance_xml = (f'<instance-parameter name="self"><type name="{instance}" '
                    f'c:type="Test{instance}*"/></instance-parameter>') if instance else ""
    returned = (f'<return-value transfer-ownership="none"><type name="{returns[0]}" '
                f'c:type="{returns[1]}"/></return-value>')
    return (f'<{tag} name="{name}" c:identifier="{c_identifier}">'
            f'<doc xml:space="preserve">{doc}</doc>{returned}'
            f'<parameters>{instance_xml}{"".join(params)}</parameters></{tag}>')


class Fixture:
    """A temporary folder with `Test-1.0.gir` and the configuration files given."""

    def __init__(self, body, configuration, extra_files=None):
        self.folder = tempfile.TemporaryDirectory()
        self.gir = os.path.join(self.folder.name, "gir")
        self.config = os.path.join(self.folder.name, "config")
        os.makedirs(self.gir)
        os.makedirs(self.config)
        with open(os.path.join(self.gir, "Test-1.0.gir"), "w") as handle:
            handle.write(GIR.format(body=WIDGET + body))
        files = {"Test-1.0.toml": NAMESPACE + configuration}
        files.update(extra_files or {})
        for name, text in files.items():
            with open(os.path.join(self.config, name), "w") as handle:
                handle.write(text)

    def path(self, name):
        return os.path.join(self.config, name)

    def model(self):
        return model.load(self.gir, config.Config(self.config))

    def swift(self, qualified):
        """The generated Swift of one type."""
        built = self.model()
        definition = built.emitted[qualified]
        if definition.kind in ("enum", "bitfield"):
            return generate.emit_enum(built, definition)
        generator = generate.Generator(built)
        return generator.emit(definition)

    def stats(self, qualified):
        built = self.model()
        generator = generate.Generator(built)
        generator.emit(built.emitted[qualified])
        return generator.stats

    def close(self):
        self.folder.cleanup()
