"""Swift names for GIR names: lowerCamelCase members, escaped keywords, short docs."""

import re

KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "open", "operator", "private", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
    "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
    "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any", "catch",
    "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
    "Type", "Protocol", "some", "any",
}


def camel(name, upper=False):
    """`pack_start` / `show-close-button` as `packStart` / `showCloseButton`."""
    parts = [part for part in re.split(r"[-_]", name) if part]
    if not parts:
        return name
    head = parts[0] if not upper else parts[0][:1].upper() + parts[0][1:]
    return head + "".join(part[:1].upper() + part[1:] for part in parts[1:])


def escaped(name):
    """A Swift identifier: keywords in backticks, a leading digit prefixed."""
    if name[:1].isdigit():
        name = "_" + name
    return f"`{name}`" if name in KEYWORDS else name


def boolean_name(name):
    """A Boolean property or getter: single adjectives read as assertions (`isActive`,
    `isVisible`); names of several words stay (`useUnderline`, `hasFocus`)."""
    parts = [part for part in re.split(r"[-_]", name) if part]
    if len(parts) == 1 and parts[0] not in ("is", "has", "can"):
        return "is" + parts[0][:1].upper() + parts[0][1:]
    return camel(name)


def member_name(name):
    """An enumeration member (`GTK_ORIENTATION_HORIZONTAL` → `horizontal`), given the
    part after the common prefix."""
    return escaped(camel(name.lower()))


# What doc comments link to, set by the generator before it emits: C type -> the Swift
# symbol path of its emitted or hand-written type and the module that declares it
# (`GtkWidget` -> (`Widget`, `GtkReactiveBindings`), `GdkWindow` -> (`Gdk/Window`, `GtkReactiveBindings`)).
TYPE_LINKS = {}

# The module whose file is being emitted: a DocC reference is built per module and cannot
# link into another, so a type of another module is named in code voice, with its module
# (`GtkReactiveBindings.TextBuffer`).
CURRENT_MODULE = lambda: "GtkReactiveBindings"

# The module of the runtime and of GTK's generated layer, below GtkReactive's hand-designed one.
BINDINGS = "GtkReactiveBindings"

# C functions named in docs (`gtk_widget_show()`), resolved once every member is emitted:
# C identifier -> the Swift member (`Widget.show()`).
FUNCTION_NAMES = {}

CONSTANTS = {"TRUE": "true", "FALSE": "false", "NULL": "nil"}


def convert(text):
    """gtk-doc references as Swift: `%TRUE` as `true`, `@param` as the Swift parameter
    name, `#GtkWidget` as a DocC link to ``Widget`` (code voice when no symbol of this
    package stands for it), `gtk_widget_show()` as the Swift member (resolved later,
    `resolve_functions`)."""
    text = re.sub(r"%(\w+)", lambda m: f"`{CONSTANTS.get(m.group(1), m.group(1))}`", text)
    text = re.sub(r"(?<![\w@])@(\w+)", lambda m: f"`{escaped(camel(m.group(1))).strip('`')}`",
                  text)

    def type_reference(match):
        ctype, member = match.group(1), match.group(2) or ""
        link, module = TYPE_LINKS.get(ctype, (None, None))
        if member:
            swift = link.replace("/", ".") if link else ctype
            return f"`{swift}{member}`"
        if link and module != CURRENT_MODULE():
            # The bindings are documented in the reference of GtkReactive, which re-exports
            # them: a reader looks the type up there.
            shown = "GtkReactive" if module == BINDINGS else module
            return f"`{shown}.{link.replace('/', '.')}`"
        return f"``{link}``" if link else f"`{ctype}`"

    text = re.sub(r"#(\w+)((?:::?[a-z][\w-]*)?)", type_reference, text)
    text = re.sub(r"\b([a-z][a-z0-9]*_\w+)\(\)", r"@@function:\1@@", text)
    text = re.sub(r"(?<![\w`])(\w+)\(\)", r"`\1()`", text)
    return text


def resolve_functions(text):
    """The `@@function:…@@` marks `convert` left, as the Swift member or the C name."""
    def name(match):
        c_identifier = match.group(1)
        return f"`{FUNCTION_NAMES.get(c_identifier, c_identifier + '()')}`"
    return re.sub(r"`?@@function:(\w+)@@`?", name, text)


def summary(doc, fallback):
    """The first sentence of a GIR doc, as one line of a `///` comment."""
    text = " ".join((doc or "").split())
    # GIR links relative to gtk-doc's pages and images, which are not here: keep the text.
    text = re.sub(r"!?\[([^\]]*)\]\((?![a-z][a-z0-9+.-]*:)[^)\s]*\)", r"\1", text)
    text = convert(text)
    text = text.replace("```", "`")
    match = re.match(r"(.+?\.)(\s|$)", text)
    sentence = match.group(1) if match else text
    if not sentence:
        return fallback
    if len(sentence) > 300:
        sentence = sentence[:297].rsplit(" ", 1)[0] + "…"
        if sentence.count("`") % 2:
            sentence = sentence.rsplit("`", 1)[0].rstrip() + "…"
    return sentence
