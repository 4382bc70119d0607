"""Stubs of ``parlour._core.bridge``."""

from typing import final

from parlour._core import _Notation
from parlour.bridge._cards import Seat
from parlour.bridge.dd import DoubleDummy
from parlour.bridge.notation import Parts
from parlour.bridge.records import Contract
from parlour.bridge.views import View

__all__ = ["BridgePlayState", "dd_solve", "dd_table", "validate", "validate_many"]

@final
class BridgePlayState(_Notation[str, View, Parts]):
    def __new__(
        cls, deal: object, contract: object, declarer: object = None
    ) -> BridgePlayState: ...
    @staticmethod
    def random(
        seed: int, strain: str | None = None, declarer: str | None = None
    ) -> BridgePlayState: ...
    @staticmethod
    def from_parts(parts: Parts) -> BridgePlayState: ...
    @staticmethod
    def from_notation(text: str) -> BridgePlayState: ...
    @property
    def seat_to_move(self) -> Seat | None: ...
    @property
    def contract(self) -> Contract: ...
    @property
    def hands(self) -> dict[Seat, list[str]]: ...
    @property
    def trick(self) -> list[str]: ...
    @property
    def trick_leader(self) -> Seat: ...
    @property
    def tricks_won(self) -> tuple[int, int]: ...
    @property
    def declarer_tricks(self) -> int: ...
    def is_legal(self, move: object) -> bool: ...
    def computer_move(self) -> str | None: ...
    def double_dummy(self, budget: int | None = None) -> DoubleDummy: ...
    def __setattr__(self, name: str, value: object, /) -> None: ...

_Play = tuple[list[int], int, list[int], int | None]
"""A play to replay: hands (masks N, E, S, W), the opening leader, card codes, trump suit."""

_Position = tuple[list[int], int | None, int, list[int]]
"""A position to solve: hands (masks N, E, S, W), trump suit, trick leader, trick cards."""

def validate(
    play: _Play, valid_ranks: int = 0x1FFF
) -> tuple[
    list[tuple[str, int, int, int, int, int]],
    list[int],
    list[int],
    list[int],
]: ...
def validate_many(plays: list[_Play]) -> list[tuple[int, list[int]]]: ...
def dd_solve(
    position: _Position, budget: int, with_cards: bool
) -> tuple[int, list[tuple[str, int]]]: ...
def dd_table(hands: list[int], budget: int) -> list[list[int]]: ...
