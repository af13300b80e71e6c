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


def summary(doc, fallback):
    """The first sentence of a GIR doc, as one line of a `///` comment."""
    text = " ".join((doc or "").split())
    # GIR links relative to gtk-doc's pages and images, which are not here: keep the text.
    text = re.sub(r"!?\[([^\]]*)\]\((?![a-z][a-z0-9+.-]*:)[^)\s]*\)", r"\1", text)
    text = re.sub(r"#(\w+)", r"`\1`", text)
    text = re.sub(r"%(\w+)", r"`\1`", text)
    text = re.sub(r"(\w+)\(\)", r"`\1()`", text)
    text = text.replace("``", "`")
    match = re.match(r"(.+?\.)(\s|$)", text)
    sentence = match.group(1) if match else text
    if not sentence:
        return fallback
    if len(sentence) > 300:
        sentence = sentence[:297].rsplit(" ", 1)[0] + "…"
    return sentence
