"""GIO's asynchronous operations: which C functions start one (they take a
`GAsyncReadyCallback`) and which function finishes it (takes the `GAsyncResult`).

Each pair becomes two Swift members that share one description of the call (see
`emit_async.py`): an `async throws(GLibError)` function and a cold `Signal` on `.rx`. The
policy is data: Generator/config says where GIO's naming is irregular, and why.
"""

import config

CALLBACK = "Gio.AsyncReadyCallback"
RESULT = "Gio.AsyncResult"
CANCELLABLE = "Gio.Cancellable"

# Where GIO's naming is irregular (a shared finish function, a second finish of one start,
# functions attached to no type, progress callbacks) is policy: Generator/config's
# `[async-…]` sections, read through config.py.


def is_start(callable_):
    """Whether `callable_` starts an asynchronous operation."""
    return any(param.type.name == CALLBACK for param in callable_.params)


def is_finish(callable_):
    """Whether `callable_` finishes one (its `GAsyncResult` argument)."""
    return any(param.type.name == RESULT and param.direction == "in"
               for param in callable_.params)


def finish_for(start, candidates):
    """The finish function of `start` among `candidates` (callables by C identifier), or
    None."""
    name = config.CURRENT.table("async-finish").get(start.c_identifier)
    if name:
        return candidates.get(name)
    base = start.c_identifier
    if base.endswith("_async"):
        base = base[:-len("_async")]
    return candidates.get(base + "_finish")


def pairs(definition):
    """(start, finish, Swift name or None) for each asynchronous operation of a type: its
    constructors, methods and functions (with the namespace functions attached to it),
    then the operations of config's `[async-alternate-finish]`."""
    callables = definition.constructors + definition.methods + definition.functions
    by_identifier = {c.c_identifier: c for c in callables}
    result = []
    for start in callables:
        if not is_start(start) or is_finish(start):
            continue
        finish = finish_for(start, by_identifier)
        if finish is not None:
            result.append((start, finish, None))
    for finish_name, alternate in config.CURRENT.table("async-alternate-finish").items():
        start_name, swift_name = alternate["start"], alternate["swift"]
        if start_name in by_identifier and finish_name in by_identifier:
            result.append((by_identifier[start_name], by_identifier[finish_name], swift_name))
    return result
