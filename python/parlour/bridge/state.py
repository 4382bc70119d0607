"""``BridgePlayState``: the card play from the opening lead to the last trick as a parlour game.

Moves are cards (``"SA"``); seats are 0-3 = N, E, S, W; returns are the tricks of each seat's
side. The action space of ``legal_mask()`` is 52 cards, index ``suit * 13 + rank`` (suits S, H,
D, C; ranks two 0 … ace 12). The rules run in Rust (``parlour._core.bridge.PlayState``).

Notation: ``<contract> <declarer>/<hands>/<trick leader>:<trick cards>/<NS>-<EW>``, where the
contract is level, strain (``N`` = no-trump) and ``X``/``XX``; the hands are the cards still
held, as a PBN deal from North; the trick field is the seat that led the current trick and the
cards played to it; the last field counts the tricks taken by NS and EW. Example::

    3N S/N:AK.QJ.T98.7654 .../W:D7 DA/2-1
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from parlour._core import bridge as _native
from parlour._native import fold_into_base
from parlour.bridge._cards import (
    RANKS,
    SEATS,
    STRAINS,
    Seat,
    card_code,
    code_card,
    hands_masks,
    seat_index,
)
from parlour.bridge.dd import DoubleDummy
from parlour.bridge.dd import solve as dd_solve
from parlour.bridge.play import HandsData
from parlour.bridge.records import Contract, parse_contract
from parlour.errors import ConfigError, NotationError

__all__ = ["BridgePlayState"]

_NOTATION = re.compile(
    r"^([1-7])([SHDCN])(XX|X)? ([NESW])/N:(\S*) (\S*) (\S*) (\S*)"
    r"/([NESW]):([A-Z0-9 ]*)/(\d+)-(\d+)$"
)


def _parse_pbn_hands(parts: Sequence[str]) -> list[int]:
    masks: list[int] = []
    for part in parts:
        suits = part.split(".")
        if len(suits) != 4:
            raise NotationError(
                "INVALID_NOTATION", f"a hand is four suits separated by dots: {part!r}"
            )
        m = 0
        for s, ranks in enumerate(suits):
            for r in ranks:
                k = RANKS.find(r)
                if k < 0:
                    raise NotationError("INVALID_NOTATION", f"not a rank: {r!r} in {part!r}")
                bit = 1 << (s * 16 + k)
                if m & bit:
                    raise NotationError("INVALID_NOTATION", f"a card repeats in {part!r}")
                m |= bit
        masks.append(m)
    return masks


def _construct(
    deal: HandsData | str,
    contract: str | Contract,
    declarer: str | None = None,
) -> _native.PlayState:
    """The core position of ``BridgePlayState(deal, contract, declarer)``.

    Installed as the Rust class's constructor; the arguments are the class's.

    Raises:
        NotationError: A malformed deal or contract.
        ConfigError: A bad seat.
        InvalidStateError: A deal that is not four disjoint 13-card hands.
    """
    if isinstance(contract, Contract):
        c = contract if declarer is None else parse_contract(contract.text, declarer)
    else:
        if declarer is None:
            raise ConfigError("INVALID_SEAT", "declarer is required with a contract string")
        c = parse_contract(contract, declarer)
    if isinstance(deal, str):
        masks = _deal_masks(deal)
    else:
        masks = hands_masks(deal)
    return _native.PlayState(
        masks, STRAINS.index(c.strain), seat_index(c.declarer), c.level, c.doubled
    )


_native._install_constructor(_construct)


@fold_into_base
class BridgePlayState(_native.BridgePlayState):
    """A position of the card play (immutable).

    Args:
        deal: The four hands: a mapping seat to 13 cards, or a PBN deal string
            (``"N:AKQ.… … … …"``).
        contract: ``"4S"``, ``"3NX"``… or a :class:`~parlour.bridge.records.Contract`.
        declarer: Declarer's seat (taken from ``contract`` when it is a ``Contract``).

    Raises:
        NotationError: A malformed deal or contract.
        ConfigError: A bad seat.
        InvalidStateError: A deal that is not four disjoint 13-card hands.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # the Rust class constructs (with ``_construct``); its typed signature:

        def __new__(
            cls, deal: HandsData | str, contract: str | Contract, declarer: str | None = None
        ) -> Self:
            """The position before the opening lead (see the class)."""

    @classmethod
    def _wrap(cls, s: _native.PlayState) -> Self:
        return cls._at(s)

    @classmethod
    def random(cls, seed: int, strain: str | None = None, declarer: str | None = None) -> Self:
        """A random deal from ``seed``, as the ``bridge-play`` simulator deals it.

        Raises:
            ConfigError: A bad strain or seat.
        """
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ConfigError(
                "INVALID_SEED", f"seed must be an integer 0 <= seed < 2**64: {seed!r}"
            )
        st = None
        if strain is not None:
            if not isinstance(strain, str) or len(strain) != 1 or strain not in STRAINS:
                raise ConfigError("INVALID_STRAIN", f"not a strain (S, H, D, C, N): {strain!r}")
            st = STRAINS.index(strain)
        d = None if declarer is None else seat_index(declarer)
        return cls._wrap(_native.PlayState.random(seed, st, d))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("BridgePlayState is immutable")

    @property
    def seat_to_move(self) -> Seat | None:
        """The seat letter to move, or None when the play is over."""
        t = self.to_move
        return None if t is None else SEATS[t]

    @property
    def contract(self) -> Contract:
        """The contract being played."""
        s = self._s
        return Contract(
            level=s.level,
            strain=STRAINS[s.strain],  # type: ignore[arg-type]
            doubled=s.doubled,
            declarer=SEATS[s.declarer],
        )

    @property
    def hands(self) -> dict[Seat, list[str]]:
        """The cards still held, by seat (spades first, ace down)."""
        from parlour.bridge._cards import cards_of_mask

        return {SEATS[i]: cards_of_mask(m) for i, m in enumerate(self._s.hands())}

    @property
    def trick(self) -> list[str]:
        """The cards of the current trick in play order."""
        return [code_card(c) for c in self._s.trick()]

    @property
    def trick_leader(self) -> Seat:
        """The seat that led (or leads) the current trick."""
        return SEATS[self._s.leader]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by NS and EW."""
        return self._s.tricks_won()

    @property
    def declarer_tricks(self) -> int:
        """Tricks taken by declarer's side."""
        s = self._s
        return s.tricks_won()[s.declarer % 2]

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is a legal card here (never raises)."""
        return isinstance(move, str) and move in self.legal_moves()

    def computer_move(self) -> str | None:
        """The card the built-in heuristic player chooses here (None when the play is over).

        Leading: the top card of the longest side suit; following: the lowest card when partner
        is winning the trick, else the cheapest winning card, else the lowest card.
        """
        c = self._s.computer_move()
        return None if c is None else code_card(c)

    def double_dummy(self, budget: int = 10_000_000) -> DoubleDummy:
        """The double-dummy value of this position (see :mod:`parlour.bridge.dd`).

        Raises:
            ConfigError: ``DD_BUDGET_EXCEEDED`` when the position is too large for ``budget``.
        """
        trump = None if self._s.strain == 4 else STRAINS[self._s.strain]
        return dd_solve(
            self.hands,
            trump,  # type: ignore[arg-type]
            self.trick_leader,
            self.trick,
            budget=budget,
        )

    def returns(self) -> tuple[float, ...]:
        """Tricks of each seat's side, per seat N, E, S, W."""
        return tuple(self._s.returns())

    def to_notation(self) -> str:
        """The position in bridge-play notation (see the module docs)."""
        return self._s.to_notation()

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """Parse a position written by :meth:`to_notation`.

        Raises:
            NotationError: Malformed text.
            InvalidStateError: Hands, trick and trick counts that do not fit together.
        """
        m = _NOTATION.match(text) if isinstance(text, str) else None
        if not m:
            raise NotationError("INVALID_NOTATION", f"not a bridge-play position: {text!r}")
        masks = _parse_pbn_hands([m.group(k) for k in range(5, 9)])
        trick_cards = m.group(10).split()
        codes = [card_code(c) for c in trick_cards]
        ns, ew = int(m.group(11)), int(m.group(12))
        if ns > 13 or ew > 13:
            raise NotationError("INVALID_NOTATION", "trick counts are at most 13")
        dbl = {None: 0, "X": 1, "XX": 2}[m.group(3)]
        return cls._wrap(
            _native.PlayState.from_position(
                masks,
                STRAINS.index(m.group(2)),
                SEATS.index(m.group(4)),
                int(m.group(1)),
                dbl,
                SEATS.index(m.group(9)),
                codes,
                (ns, ew),
            )
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BridgePlayState) and self._s == other._s

    def __hash__(self) -> int:
        return self.zobrist

    def __repr__(self) -> str:
        return f"BridgePlayState.from_notation({self.to_notation()!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (type(self).from_notation, (self.to_notation(),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


def _deal_masks(deal: str) -> list[int]:
    v = deal.strip()
    if len(v) < 2 or v[0] not in SEATS or v[1] != ":":
        raise NotationError("INVALID_DEAL", f"a PBN deal starts with a seat and ':': {deal!r}")
    parts = v[2:].split()
    if len(parts) != 4:
        raise NotationError("INVALID_DEAL", f"a deal has four hands: {deal!r}")
    masks = _parse_pbn_hands(parts)
    start = SEATS.index(v[0])
    out = [0, 0, 0, 0]
    for k, m in enumerate(masks):
        out[(start + k) % 4] = m
    return out
