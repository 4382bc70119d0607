"""The bridge-play position text: one reader and one writer, over :class:`Parts`.

``<contract> <declarer>/<hands>/<trick leader>:<trick cards>/<NS>-<EW>``: the contract is level,
strain (``N`` = no-trump) and ``X``/``XX``; the hands are the cards still held, as a PBN deal
from North; the trick field is the seat that led the current trick and the cards played to it;
the last field counts the tricks taken by NS and EW. :func:`deal` reads the arguments of
``BridgePlayState(deal, contract, declarer)`` (a PBN deal string or a mapping of hands, and a
contract) into the parts of the position before the opening lead.

>>> parts = read("3N S/N:AK.QJ.T98.7654 QJ.AK.7654.T98 T98.7654.AK.QJ 7654.T98.QJ.AK/W:/0-0")
>>> parts.contract.text, parts.leader, write(parts)[:9]
('3NT', 3, '3N S/N:AK')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from parlour.bridge._cards import (
    RANKS,
    SEATS,
    STRAINS,
    card_code,
    code_card,
    hands_masks,
    seat_index,
)
from parlour.bridge.records import Contract, parse_contract
from parlour.errors import ConfigError, NotationError

__all__ = ["Parts", "deal", "read", "write"]


@dataclass(frozen=True, slots=True)
class Parts:
    """A play position's parts, as ``BridgePlayState.parts()`` gives them and ``from_parts`` takes.

    Seats are 0-3 (N, E, S, W), cards bit indices ``suit * 16 + rank`` and hands bit masks, as
    in :mod:`parlour.cards`; the core checks that the parts make a position.
    """

    level: int
    """The contract level, 1-7."""
    strain: int
    """The strain: 0-3 spades … clubs, 4 no-trump."""
    doubled: int
    """0 (undoubled), 1 (doubled) or 2 (redoubled)."""
    declarer: int
    """Declarer's seat."""
    hands: tuple[int, int, int, int]
    """The cards each seat still holds, as card masks."""
    leader: int
    """The seat that led the trick in progress (or leads the next)."""
    trick: tuple[int, ...]
    """The cards of the trick in progress, in play order."""
    won: tuple[int, int]
    """Tricks taken by NS and by EW."""

    def __post_init__(self) -> None:
        """Check that each number fits a byte and each seat is 0-3 (the core checks the rest).

        Raises:
            ConfigError: ``INVALID_SEAT`` for a declarer or leader that is not a seat,
                ``INVALID_CONTRACT`` for another number below 0 or above 255.
        """
        won = list(self.won) if isinstance(self.won, (tuple, list)) else []
        named = [("strain", self.strain), ("declarer", self.declarer), ("level", self.level)]
        named += [("doubled", self.doubled), ("leader", self.leader)]
        for what, value in named + [("tricks", n) for n in won]:
            seat = what in ("declarer", "leader")
            if isinstance(value, int) and not 0 <= value < (4 if seat else 256):
                if seat:
                    raise ConfigError("INVALID_SEAT", f"{what} must be a seat 0..3, not {value}")
                raise ConfigError("INVALID_CONTRACT", f"{what} out of range: {value}")

    @property
    def contract(self) -> Contract:
        """The contract (with its declarer) of these parts.

        Raises:
            ConfigError: ``INVALID_STRAIN`` or ``INVALID_SEAT`` for parts out of range.
        """
        if not 0 <= self.strain < 5:
            raise ConfigError("INVALID_STRAIN", f"strain must be 0..4, not {self.strain}")
        if not 0 <= self.declarer < 4:
            raise ConfigError("INVALID_SEAT", f"declarer must be 0..3, not {self.declarer}")
        return Contract(
            level=self.level,
            strain=STRAINS[self.strain],  # type: ignore[arg-type]
            doubled=self.doubled,
            declarer=SEATS[self.declarer],
        )


_NOTATION = re.compile(
    r"^([1-7])([SHDCN])(XX|X)? ([NESW])/N:(\S*) (\S*) (\S*) (\S*)"
    r"/([NESW]):([A-Z0-9 ]*)/(\d+)-(\d+)$"
)


def _hand_masks(texts: Sequence[str]) -> list[int]:
    """The card masks of PBN hands (``AK.QJ.T98.7654``)."""
    masks: list[int] = []
    for part in texts:
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


def read(text: str) -> Parts:
    """The parts a position text writes, not yet checked as a position.

    ``BridgePlayState.from_parts`` checks them.

    Raises:
        NotationError: ``INVALID_NOTATION`` (or ``INVALID_CARD``) if the text is malformed or
            not a string.
    """
    m = _NOTATION.match(text) if isinstance(text, str) else None
    if not m:
        raise NotationError("INVALID_NOTATION", f"not a bridge-play position: {text!r}")
    n, e, s, w = _hand_masks([m.group(k) for k in range(5, 9)])
    trick = tuple(card_code(c) for c in m.group(10).split())
    ns, ew = int(m.group(11)), int(m.group(12))
    if ns > 13 or ew > 13:
        raise NotationError("INVALID_NOTATION", "trick counts are at most 13")
    return Parts(
        level=int(m.group(1)),
        strain=STRAINS.index(m.group(2)),
        doubled={None: 0, "X": 1, "XX": 2}[m.group(3)],
        declarer=SEATS.index(m.group(4)),
        hands=(n, e, s, w),
        leader=SEATS.index(m.group(9)),
        trick=trick,
        won=(ns, ew),
    )


def _pbn_hand(mask: int) -> str:
    """A hand as PBN writes it: four suits S, H, D, C separated by dots, ranks from the ace."""
    return ".".join(
        "".join(RANKS[r] for r in range(12, -1, -1) if mask >> (s * 16 + r) & 1) for s in range(4)
    )


def write(parts: Parts) -> str:
    """The position text of ``parts``.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a bridge Parts, not {type(parts).__name__}")
    contract = f"{parts.level}{STRAINS[parts.strain]}{('', 'X', 'XX')[parts.doubled]}"
    hands = " ".join(_pbn_hand(h) for h in parts.hands)
    trick = " ".join(code_card(c) for c in parts.trick)
    ns, ew = parts.won
    return f"{contract} {SEATS[parts.declarer]}/N:{hands}/{SEATS[parts.leader]}:{trick}/{ns}-{ew}"


def _deal_masks(deal: str) -> list[int]:
    """The four hands N, E, S, W of a PBN deal string (``"N:AKQ.… … … …"``)."""
    v = deal.strip()
    if len(v) < 2 or v[0] not in SEATS or v[1] != ":":
        raise NotationError("INVALID_DEAL", f"a PBN deal starts with a seat and ':': {deal!r}")
    texts = v[2:].split()
    if len(texts) != 4:
        raise NotationError("INVALID_DEAL", f"a deal has four hands: {deal!r}")
    masks = _hand_masks(texts)
    start = SEATS.index(v[0])
    out = [0, 0, 0, 0]
    for k, mask in enumerate(masks):
        out[(start + k) % 4] = mask
    return out


def deal(deal: object, contract: object, declarer: object = None) -> Parts:
    """The parts before the opening lead of ``BridgePlayState(deal, contract, declarer)``.

    Args:
        deal: The four hands: a mapping seat to 13 cards, or a PBN deal string.
        contract: ``"4S"``, ``"3NX"``… or a :class:`~parlour.bridge.records.Contract`.
        declarer: Declarer's seat (taken from ``contract`` when it is a ``Contract``).

    Raises:
        NotationError: A malformed deal or contract.
        ConfigError: A bad seat.
    """
    if isinstance(contract, Contract):
        c = contract if declarer is None else parse_contract(contract.text, declarer)  # type: ignore[arg-type]
    else:
        if declarer is None:
            raise ConfigError("INVALID_SEAT", "declarer is required with a contract string")
        c = parse_contract(contract, declarer)  # type: ignore[arg-type]
    n, e, s, w = _deal_masks(deal) if isinstance(deal, str) else hands_masks(deal)  # type: ignore[arg-type]
    d = seat_index(c.declarer)
    return Parts(
        level=c.level,
        strain=STRAINS.index(c.strain),
        doubled=c.doubled,
        declarer=d,
        hands=(n, e, s, w),
        leader=(d + 1) % 4,
        trick=(),
        won=(0, 0),
    )
