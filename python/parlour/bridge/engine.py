"""The engine side of card play: ``BridgeEngine(...).play`` with the replay validator.

``engine.play.validate_tricks(moves, first, cards, trump)`` replays a flat play against the
original hands in Rust and collects every error (``CARD_NOT_OWNED``, ``REVOKE``,
``INVALID_CARD_RANK``), each with its trick (0-based), position in the trick (0 = lead), index in
the play, seat and card. A partial last trick is fine when everything so far is consistent.
The engine is configured with the mode's ``valid_ranks`` and ``valid_denominations``: a played
rank outside ``valid_ranks`` is reported, and when no denomination is a playable suit (NT-only
modes) the trump argument is neutralised.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Self, cast

from parlour._core import bridge as _native
from parlour.bridge._cards import (
    RANKS,
    SEATS,
    SUITS,
    Seat,
    Suit,
    check_card_list,
    check_mapping,
    check_sequence,
    check_suit,
    check_type,
    hands_masks,
    seat_at,
    seat_index,
)
from parlour.bridge.play import (
    HandsData,
    PlayEntry,
    Trick,
    determine_trick_winner,
    extract_lead_from_tricks,
    has_played_suit,
    validate_card_follows_rules,
)
from parlour.errors import ConfigError, NotationError

__all__ = [
    "BridgeEngine",
    "PlayEngine",
    "PlayError",
    "PlayErrorType",
    "ValidationResult",
    "deep_copy_hands",
    "remove_card_from_hand",
]

PlayErrorType = Literal["CARD_NOT_OWNED", "REVOKE", "INVALID_CARD_RANK"]
"""The codes of replay errors."""

_DENOMINATIONS = ("S", "H", "D", "C", "NT", "N")


@dataclass(frozen=True, slots=True)
class PlayError:
    """One replay error.

    Attributes:
        type: ``CARD_NOT_OWNED``, ``REVOKE`` or ``INVALID_CARD_RANK``.
        trick: Trick number, 0-based.
        position: Position in the trick, 0 = the lead.
        index: Index of the card in the play, 0-based.
        player: The seat that played the card.
        card: The card as given.
        message: A human sentence.
    """

    type: PlayErrorType
    trick: int
    position: int
    index: int
    player: Seat
    card: str
    message: str

    @property
    def seat(self) -> Seat:
        """The seat that played the card (same as ``player``)."""
        return self.player


class ValidationResult:
    """The result of ``validate_tricks`` (immutable; the tricks are built on first access).

    Args:
        errors: Every error, in play order.
        cards: The cards of the play, in order.
        leaders: The seat number (0-3 = N, E, S, W) leading each trick, one per trick
            begun (``ceil(len(cards) / 4)``).
        winners: The seat number winning each trick, ``-1`` for a partial last trick.
        won: Completed tricks won by each seat N, E, S, W.

    Raises:
        TypeError: An argument of the wrong type (``errors`` must be a tuple of
            :class:`PlayError`).
        ConfigError: ``INVALID_ARGUMENT`` for seat numbers, trick counts or lengths out of
            range, or counts in ``won`` that do not add up to the tricks with a winner.

    Attributes:
        is_valid: True when no error was found.
        errors: Every error, in play order.
        parsed_tricks: The tricks as replayed (the last possibly partial, winner None).
        tricks_won: Completed tricks won by each seat.
    """

    __slots__ = ("_cards", "_leaders", "_tricks", "_winners", "errors", "is_valid", "tricks_won")

    is_valid: bool
    errors: tuple[PlayError, ...]
    tricks_won: Mapping[Seat, int]
    _cards: list[str]
    _leaders: list[int]
    _winners: list[int]
    _tricks: list[Trick] | None

    def __init__(
        self,
        errors: tuple[PlayError, ...],
        cards: list[str],
        leaders: list[int],
        winners: list[int],
        won: list[int],
    ) -> None:
        check_type(errors, tuple, "errors")
        for e in errors:
            check_type(e, PlayError, "an error")
        cards = check_card_list(check_sequence(cards, "cards"), "cards")
        leaders = _int_list(leaders, "leaders", 0, 3)
        winners = _int_list(winners, "winners", -1, 3)
        won = _int_list(won, "won", 0, len(leaders))
        if len(won) != 4:
            raise ConfigError("INVALID_ARGUMENT", f"won has one count per seat, not {len(won)}")
        if len(leaders) != len(winners) or len(leaders) != (len(cards) + 3) // 4:
            raise ConfigError(
                "INVALID_ARGUMENT", "leaders and winners need one seat per trick of cards"
            )
        if sum(won) != sum(w >= 0 for w in winners):
            raise ConfigError("INVALID_ARGUMENT", "won must count the tricks that have a winner")
        self._init(errors, cards, leaders, winners, won)

    @classmethod
    def _of(
        cls,
        errors: tuple[PlayError, ...],
        cards: list[str],
        leaders: list[int],
        winners: list[int],
        won: list[int],
    ) -> Self:
        """A result from the replay's own, already consistent, values (no checks)."""
        obj = cls.__new__(cls)
        obj._init(errors, cards, leaders, winners, won)
        return obj

    def _init(
        self,
        errors: tuple[PlayError, ...],
        cards: list[str],
        leaders: list[int],
        winners: list[int],
        won: list[int],
    ) -> None:
        s = object.__setattr__
        s(self, "is_valid", not errors)
        s(self, "errors", errors)
        s(self, "tricks_won", dict(zip(SEATS, won, strict=True)))
        s(self, "_cards", cards)
        s(self, "_leaders", leaders)
        s(self, "_winners", winners)
        s(self, "_tricks", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("ValidationResult is immutable")

    @property
    def parsed_tricks(self) -> list[Trick]:
        """The tricks as replayed (a fresh list each time)."""
        out: list[Trick] | None = self._tricks
        if out is None:
            out = []
            cards = self._cards
            for t, (leader, winner) in enumerate(zip(self._leaders, self._winners, strict=True)):
                chunk = cards[4 * t : 4 * t + 4]
                entries: list[PlayEntry] = [
                    {"player": SEATS[(leader + j) % 4], "card": c} for j, c in enumerate(chunk)
                ]
                out.append(
                    {
                        "lead": SEATS[leader],
                        "cards": entries,
                        "winner": None if winner < 0 else SEATS[winner],
                    }
                )
            object.__setattr__(self, "_tricks", out)
        return copy.deepcopy(out)

    def __repr__(self) -> str:
        return f"ValidationResult(is_valid={self.is_valid}, errors={self.errors!r})"


def _int_list(value: object, what: str, low: int, high: int) -> list[int]:
    """A new list of the integers ``low..high`` of a sequence; raises otherwise.

    Raises:
        TypeError: Not a sequence of integers.
        ConfigError: ``INVALID_ARGUMENT`` for an integer out of range.
    """
    out = list(check_sequence(value, what))
    for v in out:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"{what} must hold integers, not {type(v).__name__}")
        if not low <= v <= high:
            raise ConfigError("INVALID_ARGUMENT", f"{what} holds {v}, not in {low}..{high}")
    return out  # type: ignore[return-value]


_MESSAGES = {
    "CARD_NOT_OWNED": "{seat} does not hold {card} at this point of the play",
    "REVOKE": "{seat} played {card} while still holding the led suit",
    "INVALID_CARD_RANK": "the rank of {card} is not valid in this mode",
}


_CODES = {s + r: i * 16 + k for i, s in enumerate(SUITS) for k, r in enumerate(RANKS)}


def _raw_code(card: object) -> tuple[str, int]:
    text = card.get("card") if isinstance(card, Mapping) else card
    if isinstance(text, str):
        code = _CODES.get(text)
        if code is not None:
            return text, code
    if not isinstance(text, str) or len(text) < 2 or text[0] not in SUITS:
        raise NotationError("INVALID_CARD", f"not a card: {card!r}")
    s = SUITS.index(text[0])
    r = RANKS.find(text[1:]) if len(text) == 2 else -1
    return text, s * 16 + (r if r >= 0 else 15)


def deep_copy_hands(hands: HandsData) -> dict[str, list[str]]:
    """An independent copy of the hands (seat to list of cards).

    Raises:
        TypeError: ``hands`` is not a mapping of lists of cards (strings).
    """
    checked = cast("Mapping[str, object]", check_mapping(hands, "hands"))
    return {seat: check_card_list(cards, f"hand {seat!r}") for seat, cards in checked.items()}


def remove_card_from_hand(hand: Sequence[str], card: str) -> list[str]:
    """A new hand without ``card`` (the input is unchanged; a card not held changes nothing).

    Raises:
        TypeError: ``hand`` is not a list of strings or ``card`` is not a string.
    """
    out = check_card_list(hand, "hand")
    check_type(card, str, "card")
    if card in out:
        out.remove(card)
    return out


class PlayEngine:
    """The play helpers of one engine, configured with the mode's ranks and denominations."""

    def __init__(self, valid_ranks: Iterable[str], valid_denominations: Iterable[str]) -> None:
        ranks = list(valid_ranks)
        denoms = list(valid_denominations)
        for r in ranks:
            if not isinstance(r, str) or r not in RANKS or len(r) != 1:
                raise ConfigError("INVALID_RANK", f"not a rank: {r!r}")
        for d in denoms:
            if d not in _DENOMINATIONS:
                raise ConfigError("INVALID_DENOMINATION", f"not a denomination: {d!r}")
        self.valid_ranks: tuple[str, ...] = tuple(ranks)
        self.valid_denominations: tuple[str, ...] = tuple(denoms)
        self._rank_mask = sum(1 << RANKS.index(r) for r in ranks)
        self._has_suit = any(d in SUITS for d in denoms)

    determine_trick_winner = staticmethod(determine_trick_winner)
    validate_card_follows_rules = staticmethod(validate_card_follows_rules)
    extract_lead_from_tricks = staticmethod(extract_lead_from_tricks)
    has_played_suit = staticmethod(has_played_suit)
    deep_copy_hands = staticmethod(deep_copy_hands)
    remove_card_from_hand = staticmethod(remove_card_from_hand)

    @staticmethod
    def _slow_codes(moves: Sequence[Mapping[str, object] | str]) -> tuple[list[str], list[int]]:
        texts: list[str] = []
        codes: list[int] = []
        for m in moves:
            t, c = _raw_code(m)
            texts.append(t)
            codes.append(c)
        return texts, codes

    def validate_tricks(
        self,
        moves: Sequence[Mapping[str, object] | str],
        first: str,
        cards: HandsData,
        trump: Suit | None,
    ) -> ValidationResult:
        """Replay ``moves`` from the original hands ``cards`` with ``first`` on lead.

        Args:
            moves: The play in order, as ``{"card": ...}`` moves or plain card strings.
            first: The opening leader.
            cards: The original hands by seat.
            trump: The trump suit, None for no-trump (neutralised in NT-only modes).

        Returns:
            Validity, every error and the parsed tricks.

        Raises:
            ConfigError: A bad seat, suit or hands mapping.
            NotationError: A move that is not a card at all (not even a suit letter).
        """
        check_suit(trump)
        lead = seat_index(first)
        if not self._has_suit:
            trump = None
        try:  # fast path: well-formed moves
            texts: list[str] = [m["card"] if type(m) is dict else m for m in moves]  # type: ignore[misc]
            codes = list(map(_CODES.__getitem__, texts))
        except (KeyError, TypeError):
            texts, codes = self._slow_codes(moves)
        masks = hands_masks(cards)
        trump_i = None if trump is None else SUITS.index(trump)
        errors, leaders, winners, won = _native.validate(
            masks, lead, codes, trump_i, self._rank_mask
        )
        out_errors = tuple(
            PlayError(
                type=code,  # type: ignore[arg-type]
                trick=trick,
                position=pos,
                index=index,
                player=seat_at(seat),
                card=texts[index],
                message=_MESSAGES[code].format(seat=seat_at(seat), card=texts[index]),
            )
            for code, index, trick, pos, seat, _card in errors
        )
        return ValidationResult._of(out_errors, texts, leaders, winners, won)


class BridgeEngine:
    """A bridge engine for one mode; ``engine.play`` holds the card-play helpers.

    Args:
        valid_ranks: The ranks of the mode's deck (default all thirteen).
        valid_denominations: The mode's denominations (default ``S H D C NT``).

    Raises:
        ConfigError: An unknown rank or denomination.
    """

    def __init__(
        self,
        valid_ranks: Iterable[str] | None = None,
        valid_denominations: Iterable[str] | None = None,
    ) -> None:
        self.play = PlayEngine(
            valid_ranks if valid_ranks is not None else RANKS,
            valid_denominations if valid_denominations is not None else ("S", "H", "D", "C", "NT"),
        )
