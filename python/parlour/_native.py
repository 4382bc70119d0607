"""Python members on Rust classes: :func:`fold_into_base`.

A game's state class is written in Python as a subclass of a Rust base class that holds the
position and runs the hot path (``legal_moves()``, ``apply_index()`` …). Every move of a Python
loop makes a new state, and Rust makes an instance of its own class about twice as fast as an
instance of a Python subclass (which must go through the base's ``__new__``). So the subclass is
folded into its base: its members are installed on the Rust class, which then *is* the public
class. The Python class body stays the readable, type-checked definition of those members.
"""

from __future__ import annotations

from typing import Final, TypeVar, cast

__all__ = ["fold_into_base"]

T = TypeVar("T", bound=type)

_NOT_MEMBERS: Final = frozenset(
    {
        "__module__",
        "__qualname__",
        "__dict__",
        "__weakref__",
        "__slots__",
        "__annotations__",
        "__orig_bases__",
        "__parameters__",
        "__firstlineno__",
        "__static_attributes__",
    }
)


def fold_into_base(cls: T) -> T:
    """Install the members ``cls`` defines on its one base class and return that base.

    Used as a class decorator on ``class State(RustBase): ...``: afterwards the module's name
    ``State`` is the Rust class, with the methods, properties and docstring written in the
    Python body. Rules for the body: no ``__new__``/``__init__`` (the Rust base constructs), no
    instance attributes (``__slots__ = ()``), no zero-argument ``super()`` (its class cell is the
    folded class, which instances are not).

    Args:
        cls: A class with exactly one base, a Rust class that accepts new attributes.

    Returns:
        The base class, now carrying ``cls``'s members.

    Raises:
        TypeError: When ``cls`` breaks one of the rules above.
    """
    bases = cls.__bases__
    if len(bases) != 1:
        raise TypeError(f"{cls.__name__} must have exactly one (Rust) base class")
    base = bases[0]
    members = vars(cls)
    for name in ("__new__", "__init__"):
        if name in members:
            raise TypeError(f"{cls.__name__}.{name}: the Rust base class constructs instances")
    if members.get("__slots__", None) != ():
        raise TypeError(f"{cls.__name__} must declare __slots__ = ()")
    for name, value in members.items():
        if name in _NOT_MEMBERS:
            continue
        if "__class__" in _code_freevars(value):
            raise TypeError(f"{cls.__name__}.{name} uses super() or __class__")
        if name == "__doc__":
            if value:
                base.__doc__ = value
            continue
        setattr(base, name, value)
    return cast("T", base)


def _code_freevars(member: object) -> tuple[str, ...]:
    """The free variables of a member's function(s) (``__class__`` marks ``super()``)."""
    funcs = [member, getattr(member, "__func__", None)]
    if isinstance(member, property):
        funcs += [member.fget, member.fset, member.fdel]
    out: list[str] = []
    for f in funcs:
        code = getattr(f, "__code__", None)
        if code is not None:
            out.extend(code.co_freevars)
    return tuple(out)
