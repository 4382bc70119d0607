"""Stubs of ``parlour._core.whist``."""

from typing import final

from parlour._core import _Notation
from parlour.cards import Card
from parlour.whist.notation import Parts
from parlour.whist.views import View

@final
class State(_Notation[Card, View, Parts]):
    @staticmethod
    def new(*, seed: int, no_trump: bool = False) -> State: ...
    @staticmethod
    def from_deck(deck: list[int], no_trump: bool = False) -> State: ...
    @staticmethod
    def from_parts(parts: Parts) -> State: ...
    @staticmethod
    def from_notation(text: str) -> State: ...
