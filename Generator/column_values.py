"""A tree model store's columns and values given as two C arrays that share one length
(`gtk_list_store_set_valuesv(store, iter, columns, values, n_values)`): one Swift
dictionary from column number to value (`[Int: any GValueConvertible]`), which cannot
give the two arrays different lengths. The member makes both C arrays from it, in
column order: the column numbers, and a GValue of each value's own type (GTK transforms
it to the column's type, or says it cannot), unset after the call."""

import mappings


class ColumnValuesMapping(mappings.Mapping):
    """The values argument: makes both arrays; the columns argument and the length are
    hidden arguments naming what it makes."""

    swift = "[Int: any GValueConvertible]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        local = name.strip("`")
        return ([f"var {local}Columns = {name}.keys.sorted().map(cInt32)",
                 f"var {local}C = {local}Columns.map {{ GValues.holding({name}[Int($0)]!) }}",
                 f"defer {{ for index in {local}C.indices {{ g_value_unset(&{local}C[index]) }} }}"],
                f"&{local}C")


def column_values(callable_, lengths, hidden, local):
    """Hides the columns array and the length of `callable_`'s column/value arrays (in
    `hidden`, by index: the C argument each is; out of `lengths`) and records the values
    argument's mapping as `hidden[("mapping", index)]`. `local(name)` is a parameter's
    Swift name. Does nothing for other callables."""
    params = callable_.params
    for index, param in enumerate(params):
        kind = param.type
        if not (param.direction == "in" and kind.is_array and kind.element is not None
                and kind.element.name == "GObject.Value" and kind.length is not None
                and kind.length < len(params)):
            continue
        columns = next((i for i, p in enumerate(params)
                        if p is not param and p.type.is_array and p.direction == "in"
                        and p.type.length == kind.length and p.type.element is not None
                        and p.type.element.name == "gint"), None)
        length = params[kind.length]
        if columns is None or length.type.name != "gint" or length.direction != "in":
            continue
        values = local(param.name).strip("`")
        lengths.pop(kind.length, None)
        hidden[columns] = f"&{values}Columns"
        hidden[kind.length] = f"Int32({values}.count)"
        hidden[("mapping", index)] = ColumnValuesMapping(False)
