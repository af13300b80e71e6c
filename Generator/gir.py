"""Reads GObject Introspection (GIR) files into plain Python objects.

Only what the Swift emitter needs: classes, interfaces, enumerations and bitfields with
their constructors, methods, properties and signals, and the types of their parameters.
"""

import os
import xml.etree.ElementTree as ET

CORE = "{http://www.gtk.org/introspection/core/1.0}"
C = "{http://www.gtk.org/introspection/c/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"


class TypeRef:
    """A parameter's, property's or return value's type: a GIR name (qualified with its
    namespace), its C type, and whether it is an array, varargs or a callback."""

    def __init__(self, name, ctype, is_array=False, is_varargs=False):
        self.name = name
        self.ctype = ctype or ""
        self.is_array = is_array
        self.is_varargs = is_varargs
        # Arrays: the element type, the index of the parameter holding the length (or
        # None), whether a NULL ends it, and a fixed size (or None).
        self.element = None
        self.length = None
        self.zero_terminated = False
        self.fixed_size = None

    def __repr__(self):
        return f"TypeRef({self.name!r}, {self.ctype!r})"


class Param:
    def __init__(self, name, type_ref, nullable, direction, transfer, caller_allocates,
                 closure=None):
        self.name = name
        self.type = type_ref
        self.nullable = nullable
        self.direction = direction
        self.transfer = transfer
        self.caller_allocates = caller_allocates
        # A callback's user-data argument (its index among the parameters), or None.
        self.closure = closure
        self.optional = False  # an out argument the caller may pass NULL for
        # A callback's lifetime ("call", "notified", "async", "forever") and the index of
        # the argument that takes its destroy notifier, or None.
        self.scope = None
        self.destroy = None
        self.doc = ""


class Callable:
    """A constructor, method or function."""

    def __init__(self, name, c_identifier, params, returns, throws, deprecated,
                 introspectable, shadows, doc):
        self.name = name
        self.c_identifier = c_identifier
        self.params = params
        self.returns = returns
        self.throws = throws
        self.deprecated = deprecated
        self.introspectable = introspectable
        self.shadows = shadows
        self.doc = doc


class Property:
    def __init__(self, name, type_ref, readable, writable, construct_only, deprecated, doc):
        self.name = name
        self.type = type_ref
        self.readable = readable
        self.writable = writable
        self.construct_only = construct_only
        self.deprecated = deprecated
        self.doc = doc


class SignalDef:
    def __init__(self, name, params, returns, deprecated, doc, detailed):
        self.name = name
        self.params = params
        self.returns = returns
        self.deprecated = deprecated
        self.doc = doc
        self.detailed = detailed


class TypeDef:
    """A class, interface, enumeration, bitfield or record."""

    def __init__(self, kind, namespace, name, ctype, get_type, doc, deprecated):
        self.kind = kind
        self.namespace = namespace
        self.name = name
        self.ctype = ctype
        self.get_type = get_type
        self.doc = doc
        self.deprecated = deprecated
        self.parent = None
        self.abstract = False
        self.has_fields = False
        self.implements = []
        self.prerequisites = []
        self.constructors = []
        self.methods = []
        self.functions = []  # class-level functions (`gtk_icon_theme_get_default`)
        self.properties = []
        self.signals = []
        self.structural_child = None  # for a deprecated class kept as an ancestor
        self.members = []  # (name, value, doc) of enumerations and bitfields

    @property
    def qualified(self):
        return f"{self.namespace}.{self.name}"


def _doc(element):
    doc = element.find(CORE + "doc")
    return doc.text if doc is not None and doc.text else ""


def _qualify(name, namespace):
    if name is None:
        return None
    if "." in name or name in FUNDAMENTALS:
        return name
    return f"{namespace}.{name}"


FUNDAMENTALS = {
    "none", "gboolean", "gint", "guint", "gint8", "guint8", "gint16", "guint16", "gint32",
    "guint32", "gint64", "guint64", "glong", "gulong", "gshort", "gushort", "gchar", "guchar",
    "gsize", "gssize", "gdouble", "gfloat", "utf8", "filename", "gpointer", "gconstpointer",
    "GType", "gunichar", "va_list", "gintptr", "guintptr", "goffset",
}


def _type(element, namespace):
    """The type below a parameter, property or return value."""
    found = element.find(CORE + "type")
    if found is not None:
        result = TypeRef(_qualify(found.get("name"), namespace), found.get(C + "type"))
        inner = found.find(CORE + "type")  # a GList's or GSList's element type
        if inner is not None:
            result.element = TypeRef(_qualify(inner.get("name"), namespace), inner.get(C + "type"))
        # A GHashTable's key and value types.
        result.elements = [TypeRef(_qualify(t.get("name"), namespace), t.get(C + "type"))
                           for t in found.findall(CORE + "type")]
        return result
    array = element.find(CORE + "array")
    if array is not None:
        result = TypeRef(array.get("name") or "array", array.get(C + "type"), is_array=True)
        inner = array.find(CORE + "type")
        if inner is not None:
            result.element = TypeRef(_qualify(inner.get("name"), namespace), inner.get(C + "type"))
        length = array.get("length")
        result.length = int(length) if length is not None else None
        result.zero_terminated = array.get("zero-terminated") == "1" or (
            length is None and array.get("fixed-size") is None
            and array.get("zero-terminated") != "0")
        fixed = array.get("fixed-size")
        result.fixed_size = int(fixed) if fixed is not None else None
        return result
    if element.find(CORE + "varargs") is not None:
        return TypeRef("varargs", "", is_varargs=True)
    return TypeRef("unknown", "")


def _params(element, namespace):
    params = []
    holder = element.find(CORE + "parameters")
    if holder is None:
        return params
    for parameter in holder:
        if parameter.tag == CORE + "instance-parameter":
            continue
        nullable = parameter.get("nullable") == "1" or parameter.get("allow-none") == "1"
        closure = parameter.get("closure")
        param = Param(
            parameter.get("name"), _type(parameter, namespace), nullable,
            parameter.get("direction", "in"), parameter.get("transfer-ownership", "none"),
            parameter.get("caller-allocates") == "1",
            int(closure) if closure is not None else None)
        param.doc = _doc(parameter)
        param.scope = parameter.get("scope")
        param.optional = parameter.get("optional") == "1"  # an out argument C may be given NULL for
        destroy = parameter.get("destroy")
        param.destroy = int(destroy) if destroy is not None else None
        params.append(param)
    return params


def _returns(element, namespace):
    returned = element.find(CORE + "return-value")
    if returned is None:
        return Param("return", TypeRef("none", "void"), False, "out", "none", False)
    nullable = returned.get("nullable") == "1" or returned.get("allow-none") == "1"
    return Param("return", _type(returned, namespace), nullable, "out",
                 returned.get("transfer-ownership", "none"), False)


def _callable(element, namespace):
    instance = element.find(CORE + "parameters/" + CORE + "instance-parameter")
    result = _make_callable(element, namespace)
    result.instance_ctype = "" if instance is None else _type(instance, namespace).ctype
    return result


def _make_callable(element, namespace):
    return Callable(
        element.get("name"), element.get(C + "identifier"), _params(element, namespace),
        _returns(element, namespace), element.get("throws") == "1",
        element.get("deprecated") == "1", element.get("introspectable") != "0",
        element.get("shadows"), _doc(element))


class Repository(dict):
    """Every type read, by qualified name, and `functions`: the namespace-level functions
    (attached to no type), by C identifier."""

    def __init__(self):
        super().__init__()
        self.functions = {}
        self.callbacks = {}  # callback types (`Gtk.ListBoxFilterFunc`) by qualified name


def read_namespace(path):
    """All types of one GIR file, by unqualified name, the namespace's name, and its
    namespace-level functions by C identifier."""
    root = ET.parse(path).getroot()
    namespace_element = root.find(CORE + "namespace")
    namespace = namespace_element.get("name")
    types, functions, callbacks = {}, {}, {}
    for element in namespace_element:
        tag = element.tag.replace(CORE, "").replace(GLIB, "glib:")
        if tag == "function":
            function = _callable(element, namespace)
            functions[function.c_identifier] = function
            continue
        if tag == "callback":
            callback = _make_callable(element, namespace)
            callback.ctype = element.get(C + "type")
            callback.qualified = f"{namespace}.{callback.name}"
            callbacks[f"{namespace}.{callback.name}"] = callback
            continue
        if tag not in ("class", "interface", "enumeration", "bitfield", "record", "union", "alias"):
            continue
        kind = "enum" if tag == "enumeration" else tag
        # GTK 3 marks some deprecated classes (GtkAction, GtkUIManager…) only by the
        # folder their source lives in.
        doc = element.find(CORE + "doc")
        in_deprecated_folder = doc is not None and "/deprecated/" in (doc.get("filename") or "")
        definition = TypeDef(
            kind, namespace, element.get("name"), element.get(C + "type"),
            element.get(GLIB + "get-type"), _doc(element),
            element.get("deprecated") == "1" or in_deprecated_folder)
        definition.parent = _qualify(element.get("parent"), namespace)
        definition.abstract = element.get("abstract") == "1"
        definition.has_fields = (
            element.find(CORE + "field") is not None and element.get("disguised") != "1")
        definition.implements = [
            _qualify(item.get("name"), namespace) for item in element.findall(CORE + "implements")]
        definition.prerequisites = [
            _qualify(item.get("name"), namespace)
            for item in element.findall(CORE + "prerequisite")]
        definition.constructors = [
            _callable(item, namespace) for item in element.findall(CORE + "constructor")]
        definition.methods = [
            _callable(item, namespace) for item in element.findall(CORE + "method")]
        definition.functions = [
            _callable(item, namespace) for item in element.findall(CORE + "function")]
        for item in element.findall(CORE + "property"):
            definition.properties.append(Property(
                item.get("name"), _type(item, namespace), item.get("readable") != "0",
                item.get("writable") == "1", item.get("construct-only") == "1",
                item.get("deprecated") == "1", _doc(item)))
        for item in element.findall(GLIB + "signal"):
            definition.signals.append(SignalDef(
                item.get("name"), _params(item, namespace), _returns(item, namespace),
                item.get("deprecated") == "1", _doc(item), item.get("detailed") == "1"))
        for item in element.findall(CORE + "member"):
            definition.members.append((item.get("name"), int(item.get("value")), _doc(item)))
        types[definition.name] = definition
    return namespace, types, functions, callbacks


def read_all(directory, files):
    """Every type of `files` (GIR file names in `directory`), by qualified name, with the
    namespace-level functions (`Repository`)."""
    everything = Repository()
    for name in files:
        namespace, types, functions, callbacks = read_namespace(os.path.join(directory, name))
        for definition in types.values():
            everything[definition.qualified] = definition
        everything.functions.update(functions)
        everything.callbacks.update(callbacks)
    return everything
