"""A signal's new order of a node's children (`GtkTreeModel::rows-reordered`), typed
`gpointer` in GIR, as `[Int]`: C passes a `gint` array as long as the node's child count
and nothing else says how long it is, so the member counts the children of the node
argument (`gtk_tree_model_iter_n_children`), and that node (NULL for the top level,
which GIR does not mark) is optional.

    [reordered-arrays]
    "Gtk.TreeModel::rows-reordered.new_order" = "iter"
"""

import config
import mappings


class ReorderedArrayMapping(mappings.Mapping):
    swift = "[Int]"
    word_sized = False  # read from the GValues, where the instance (the model) is too
    value_convertible = False

    def __init__(self, node_index):
        super().__init__(False)
        self.node_index = node_index

    def from_gvalue(self, index):
        return (f"TreeOrders.newOrder(arguments.pointer({index}), model: arguments.value(0), "
                f"node: arguments.pointer({self.node_index + 1}))")


def mapping(model, qualified, signal, param):
    """The mapping of `param` of `signal` when config names it or its node, or None."""
    table = config.CURRENT.by_section["reordered-arrays"]
    for array in signal.params:
        entry = table.get(f"{qualified}::{signal.name}.{array.name}")
        if entry is None:
            continue
        names = [p.name for p in signal.params]
        if entry.value not in names:
            entry.fail(f"the signal has no argument {entry.value}")
        if param is array:
            return ReorderedArrayMapping(names.index(entry.value))
        if param.name == entry.value:
            return model.mapping(param.type, True)  # NULL for the top level
    return None
