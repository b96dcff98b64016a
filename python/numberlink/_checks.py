"""Argument checks shared by the package's functions: a wrong type raises TypeError in our words
(naming the function, the argument and the type expected), before anything reaches the compiled
module, whose own messages list C++ signatures."""
from __future__ import annotations

from typing import Any, Optional, Tuple, Type, Union

TypeSpec = Union[Type[Any], Tuple[Type[Any], ...]]


def type_name(value: Any) -> str:
    """The name of a value's type as a message shows it: 'str', 'numberlink.Puzzle', 'None'."""
    if value is None:
        return "None"
    kind = type(value)
    module = kind.__module__
    if module == "builtins":
        return kind.__qualname__
    return f"{module.split('.')[0]}.{kind.__qualname__}"


def expected_name(types: TypeSpec) -> str:
    kinds = types if isinstance(types, tuple) else (types,)
    names = []
    for kind in kinds:
        if kind is type(None):
            names.append("None")
        elif kind.__module__ == "builtins":
            names.append(kind.__qualname__)
        else:
            names.append(f"{kind.__module__.split('.')[0]}.{kind.__qualname__}")
    return " or ".join(names)


def require(function: str, argument: str, value: Any, types: TypeSpec) -> None:
    """TypeError unless `value` is one of `types`. bool is not accepted where int is asked for
    alone (True as a timeout is a mistake, not 1)."""
    kinds = types if isinstance(types, tuple) else (types,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        raise TypeError(f"{function}(): {argument} must be {expected_name(types)}, not {type_name(value)}")


def require_number(function: str, argument: str, value: Any) -> float:
    """A number of seconds (int or float, not bool) as float."""
    require(function, argument, value, (int, float))
    return float(value)


def require_optional_text(function: str, argument: str, value: Any) -> Optional[str]:
    require(function, argument, value, (str, type(None)))
    return None if value is None else str(value)
