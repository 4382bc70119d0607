"""The source engine's card-play surface: trick helpers, the replay validator and builders.

Plain functions and small classes over plain dictionaries (typed with ``TypedDict``), as in the
source engine; every trick winner is the core's one (``parlour._core.trick_winner``) and the
replay runs in Rust (``parlour._core.bridge.validate``).

* a ``PlayEntry`` is ``{"player": "N", "card": "SA"}``;
* a ``Trick`` is ``{"lead": seat, "cards": [PlayEntry, ...], "winner": seat or None}``;
* a ``Play`` is ``{"first": seat, "moves": [{"card": "D7", "comment"?: "..."}, ...]}`` in play
  order, ``first`` being the opening leader; trick T+1 is led by the winner of trick T.
* ``BridgeEngine(...).play.validate_tricks(moves, first, cards, trump)`` replays a flat play
  against the original hands and collects every error (``CARD_NOT_OWNED``, ``REVOKE``,
  ``INVALID_CARD_RANK``), each with its trick (0-based), position in the trick (0 = lead), index
  in the play, seat and card. A partial last trick is fine when everything so far is
  consistent. The engine is configured with the mode's ``valid_ranks`` and
  ``valid_denominations``: a played rank outside ``valid_ranks`` is reported, and when no
  denomination is a playable suit (NT-only modes) the trump argument is neutralised.
* Compact notation ``"<leader> / <card> <card> ..."`` (``TrickBuilder``, ``PlayBuilder``), e.g.
  ``"N / SA SK H2 S3"`` for one trick (the seats follow clockwise from the leader) or
  ``"W / D7 DA DK DT SA SJ S7 S3"`` for a play (the winner of each trick leads the next). A
  comment may follow a card of a play in braces: ``"W / D7 {top of nothing} DA"``.

>>> determine_trick_winner([{"player": "N", "card": "SA"}, {"player": "E", "card": "H2"}], "H", "S")
{'player': 'E', 'card': 'H2'}
>>> PlayBuilder().from_compact("W / D7 DA").build()
{'first': 'W', 'moves': [{'card': 'D7'}, {'card': 'DA'}]}
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NotRequired, Self, TypeAlias, TypedDict, cast

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
    is_card,
    next_seat,
    seat_at,
    seat_index,
    trick_winner,
)
from parlour.errors import ConfigError, NotationError

__all__ = [
    "BridgeEngine",
    "CardInput",
    "CardParts",
    "HandData",
    "HandsData",
    "Play",
    "PlayBuilder",
    "PlayEngine",
    "PlayEntry",
    "PlayError",
    "PlayErrorType",
    "PlayMove",
    "Trick",
    "TrickBuilder",
    "ValidationResult",
    "build_tricks",
    "build_tricks_from_deal",
    "deep_copy_hands",
    "determine_trick_winner",
    "extract_lead_from_tricks",
    "get_legal_cards",
    "has_played_suit",
    "parse_compact",
    "remove_card_from_hand",
    "to_compact",
    "validate_card_follows_rules",
]


class CardParts(TypedDict):
    """A card given by parts: ``{"suit": "D", "rank": "T"}``."""

    suit: str
    rank: str


CardInput: TypeAlias = str | CardParts
"""A card as text (``"DT"``) or as parts."""
HandData: TypeAlias = Sequence[str]
"""The cards of one hand."""
HandsData: TypeAlias = Mapping[str, Sequence[str]] | Mapping[Seat, Sequence[str]]
"""The four hands by seat letter."""


class PlayEntry(TypedDict):
    """One card played to a trick, with the seat that played it."""

    player: Seat
    card: str


class Trick(TypedDict):
    """One trick: who led, the cards in play order, and the winner (None while partial)."""

    lead: Seat
    cards: list[PlayEntry]
    winner: Seat | None


class PlayMove(TypedDict):
    """One move of a stored play: a card and an optional comment."""

    card: str
    comment: NotRequired[str]


class Play(TypedDict):
    """A stored play: the opening leader and the moves in play order."""

    first: Seat
    moves: list[PlayMove]


def card_text(card: object) -> str:
    """The text form of a ``CardInput``; raises ``NotationError`` (``INVALID_CARD``)."""
    if isinstance(card, Mapping):
        text = f"{card.get('suit', '')}{card.get('rank', '')}"
    else:
        text = card if isinstance(card, str) else ""
    if not is_card(text):
        raise NotationError("INVALID_CARD", f"not a card: {card!r}")
    return text


def determine_trick_winner(
    entries: Sequence[PlayEntry], trump: Suit | None, lead_suit: Suit | None
) -> PlayEntry | None:
    """The winning entry: the highest trump, else the highest card of the lead suit.

    Args:
        entries: The cards of the trick in play order, each with its player.
        trump: The trump suit, or None for no-trump.
        lead_suit: The suit led (None: taken from the first entry).

    Returns:
        The winning entry, or None for an empty trick.

    Raises:
        TypeError: ``entries`` is not a list of mappings.
        ConfigError: A suit argument is not a suit.
        NotationError: An entry's card is not a card.
    """
    check_suit(trump)
    check_suit(lead_suit)
    check_sequence(entries, "entries")
    if not entries:
        return None
    for e in entries:
        card_text(check_mapping(e, "a trick entry").get("card"))
    cards = [e["card"] for e in entries]
    # The core resolver takes the first card as the lead; a lead suit given apart from the
    # cards is led by its first card here (no card of it and no trump: the first card stands).
    lead = lead_suit if lead_suit is not None else cards[0][0]
    order = list(range(len(cards)))
    first = next((i for i, c in enumerate(cards) if c[0] == lead), None)
    if first is not None:
        order.insert(0, order.pop(first))
    won = trick_winner([cards[i] for i in order], trump)
    return entries[order[won or 0]]


def validate_card_follows_rules(
    card: CardInput, player: str, lead_suit: Suit | None, hands: HandsData
) -> bool:
    """Whether ``player`` may play ``card``: when leading, following suit, or void in the lead.

    Args:
        card: The card, as text (``"DT"``) or parts (``{"suit": "D", "rank": "T"}``).
        player: The seat playing it.
        lead_suit: The suit led to the trick, None when leading.
        hands: The current hands by seat.

    Returns:
        True when the play follows the rules.

    Raises:
        TypeError: ``hands`` is not a mapping of seats to lists of cards.
        ConfigError: A bad seat or suit.
        NotationError: A bad card.
    """
    text = card_text(card)
    seat_index(player)
    check_suit(lead_suit)
    hand = check_card_list(check_mapping(hands, "hands").get(player, ()), f"hand {player}")
    if lead_suit is None or text[0] == lead_suit:
        return True
    return not any(c[:1] == lead_suit for c in hand)


def get_legal_cards(hand: HandData, lead_suit: Suit | None) -> list[str]:
    """The cards of ``hand`` that may be played; a single result means the play is forced.

    Args:
        hand: The cards held, in any order (the result keeps that order).
        lead_suit: The suit led, None when leading.

    Returns:
        The legal cards.

    Raises:
        TypeError: ``hand`` is not a list of strings.
        ConfigError: ``lead_suit`` is not a suit.
    """
    check_suit(lead_suit)
    cards = check_card_list(hand, "hand")
    if lead_suit is None:
        return cards
    follow = [c for c in cards if c[:1] == lead_suit]
    return follow if follow else cards


def build_tricks(play: Mapping[str, object], trump: Suit | None) -> list[Trick]:
    """Chunk a flat play by four, deriving seats from the leader and each trick's winner.

    Args:
        play: ``{"first": seat, "moves": [{"card": ...}, ...]}`` in play order.
        trump: The trump suit, or None for no-trump.

    Returns:
        The tricks; a partial last trick has winner None.

    Raises:
        TypeError: ``play`` is not a mapping.
        ConfigError: A bad seat, suit or play shape.
        NotationError: A bad card.
    """
    check_suit(trump)
    first = check_mapping(play, "play").get("first")
    seat_index(first)
    moves = play.get("moves")
    if not isinstance(moves, Sequence) or isinstance(moves, str):
        raise ConfigError("INVALID_PLAY", "play['moves'] must be a list of {'card': ...}")
    cards = [card_text(m.get("card") if isinstance(m, Mapping) else m) for m in moves]
    leader: Seat = first  # type: ignore[assignment]
    tricks: list[Trick] = []
    for start in range(0, len(cards), 4):
        chunk = cards[start : start + 4]
        entries: list[PlayEntry] = [
            {"player": next_seat(leader, k), "card": c} for k, c in enumerate(chunk)
        ]
        winner: Seat | None = None
        if len(chunk) == 4:
            best = determine_trick_winner(entries, trump, entries[0]["card"][0])  # type: ignore[arg-type]
            winner = best["player"] if best else None
        tricks.append({"lead": leader, "cards": entries, "winner": winner})
        if winner is not None:
            leader = winner
    return tricks


def build_tricks_from_deal(deal: object) -> list[Trick]:
    """``build_tricks`` on ``deal["play"]`` with the trump of ``deal["contract"]``.

    Args:
        deal: A mapping with ``play`` and optionally ``contract`` (``{"trump": suit or None}``
            or ``{"strain": "S"|…|"N"}``), or a :class:`~parlour.bridge.records.Board`.

    Returns:
        The tricks of the deal's play (empty when it has none).

    Raises:
        ConfigError: A bad play or contract shape.
        NotationError: A bad card.
    """
    to_play = getattr(deal, "to_play", None)
    if callable(to_play):
        contract_obj = getattr(deal, "contract", None)
        return build_tricks(to_play(), getattr(contract_obj, "trump", None))
    if not isinstance(deal, Mapping):
        raise ConfigError("INVALID_DEAL", "a deal is a mapping with 'play' or a Board")
    play = deal.get("play")
    if play is None:
        return []
    if not isinstance(play, Mapping):
        raise ConfigError("INVALID_PLAY", "deal['play'] must be a play mapping")
    contract = deal.get("contract")
    trump: Suit | None = None
    if isinstance(contract, Mapping):
        t = contract.get("trump", contract.get("strain"))
        trump = t if t in SUITS else None
    return build_tricks(play, trump)


def _check_tricks(tricks: object) -> Sequence[Trick]:
    """``tricks`` itself when it is a list of tricks; raises otherwise.

    Raises:
        TypeError: Not a list of mappings whose ``cards`` are lists of mappings of strings.
        ConfigError: ``INVALID_TRICK`` for a trick without ``cards`` or an entry without
            ``player`` or ``card``.
    """
    for t in check_sequence(tricks, "tricks"):
        trick = check_mapping(t, "a trick")
        if "cards" not in trick:
            raise ConfigError("INVALID_TRICK", f"a trick has no 'cards': {trick!r}")
        for e in check_sequence(trick["cards"], "a trick's cards"):
            entry = check_mapping(e, "a trick entry")
            for key in ("player", "card"):
                if key not in entry:
                    raise ConfigError("INVALID_TRICK", f"a trick entry has no {key!r}: {entry!r}")
                if not isinstance(entry[key], str):
                    raise TypeError(f"a trick entry's {key!r} must be a string")
    return cast("Sequence[Trick]", tricks)


def extract_lead_from_tricks(tricks: Sequence[Trick]) -> str | None:
    """The opening lead (first card of the first trick), or None when nothing was played.

    Raises:
        TypeError: ``tricks`` is not a list of tricks (mappings with a ``cards`` list of
            ``{"player": ..., "card": ...}`` entries).
        ConfigError: ``INVALID_TRICK`` for a trick or entry missing a key.
    """
    _check_tricks(tricks)
    if not tricks or not tricks[0]["cards"]:
        return None
    return tricks[0]["cards"][0]["card"]


def has_played_suit(tricks: Sequence[Trick], player: str, suit: Suit) -> bool:
    """Whether ``player`` has played a card of ``suit`` in ``tricks``.

    Raises:
        TypeError: ``tricks`` is not a list of tricks.
        ConfigError: A bad seat or suit, or ``INVALID_TRICK`` for a trick or entry missing a key.
    """
    seat_index(player)
    check_suit(suit)
    _check_tricks(tricks)
    return any(e["player"] == player and e["card"][:1] == suit for t in tricks for e in t["cards"])


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
        self._init(errors, cards, (leaders, winners, won))

    @classmethod
    def _of(
        cls, errors: tuple[PlayError, ...], cards: list[str], tricks: tuple[list[int], ...]
    ) -> Self:
        """A result from the replay's own, already consistent, values (no checks).

        ``tricks`` is the leaders, winners and tricks won that ``_core.bridge.validate`` gives.
        """
        obj = cls.__new__(cls)
        obj._init(errors, cards, tricks)
        return obj

    def _init(
        self, errors: tuple[PlayError, ...], cards: list[str], tricks: tuple[list[int], ...]
    ) -> None:
        leaders, winners, won = tricks
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
        play = (masks, lead, codes, trump_i)
        errors, leaders, winners, won = _native.validate(play, self._rank_mask)
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
        return ValidationResult._of(out_errors, texts, (leaders, winners, won))


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


_TOKEN = re.compile(r"\{([^}]*)\}|(\S+)")


def parse_compact(text: str) -> tuple[Seat, list[PlayMove]]:
    """Parse ``"<leader> / <cards>"`` into the leader and the moves (comments kept).

    Raises:
        NotationError: ``INVALID_COMPACT`` for a malformed string, ``INVALID_CARD`` for a bad card.
    """
    if not isinstance(text, str) or "/" not in text:
        raise NotationError("INVALID_COMPACT", f"expected '<seat> / <cards>', got {text!r}")
    head, _, body = text.partition("/")
    leader = head.strip()
    if leader not in ("N", "E", "S", "W"):
        raise NotationError("INVALID_COMPACT", f"not a seat before '/': {leader!r}")
    moves: list[PlayMove] = []
    for m in _TOKEN.finditer(body):
        comment, token = m.group(1), m.group(2)
        if comment is not None:
            if not moves:
                raise NotationError("INVALID_COMPACT", "a comment must follow a card")
            prev = moves[-1]
            prev["comment"] = (prev["comment"] + " " if "comment" in prev else "") + comment.strip()
            continue
        if "{" in token or "}" in token:
            raise NotationError("INVALID_COMPACT", f"unbalanced comment brace in {token!r}")
        moves.append({"card": card_text(token)})
    return leader, moves  # type: ignore[return-value]


def to_compact(first: str, moves: list[PlayMove] | list[str]) -> str:
    """Format a leader and moves (or plain cards) in compact notation.

    Raises:
        TypeError: ``moves`` is not a list of cards or move mappings, or a comment is not text.
        ConfigError: ``first`` is not a seat.
        NotationError: A bad card.
    """
    seat_index(first)
    parts: list[str] = []
    for m in check_sequence(moves, "moves"):
        if isinstance(m, str):
            parts.append(card_text(m))
            continue
        move = check_mapping(m, "a move")
        parts.append(card_text(move.get("card")))
        comment = move.get("comment")
        if comment and not isinstance(comment, str):
            raise TypeError(f"a comment must be a string, not {type(comment).__name__}")
        if isinstance(comment, str) and comment:
            parts.append("{" + comment.replace("}", ")") + "}")
    return f"{first} / {' '.join(parts)}".rstrip()


class _Builder:
    """What both builders share: the seat that leads first (North unless set)."""

    _first: Seat = "N"

    def _lead_by(self, seat: Seat) -> Self:
        """Set the leader (of the trick, or the opening leader of the play).

        Raises:
            ConfigError: Not a seat.
        """
        seat_index(seat)
        self._first = seat
        return self


class TrickBuilder(_Builder):
    """Builds one ``Trick`` from compact notation (``"N / SA SK H2 S3"``).

    The winner of a complete trick is computed with the builder's trump (default no-trump).
    """

    lead = _Builder._lead_by

    def __init__(self, trump: Suit | None = None) -> None:
        self._trump = check_suit(trump)
        self._cards: list[str] = []

    def from_compact(self, text: str) -> Self:
        """Read the trick from compact notation (at most four cards).

        Raises:
            NotationError: A malformed string, a bad card or more than four cards.
        """
        lead, moves = parse_compact(text)
        if len(moves) > 4:
            raise NotationError("INVALID_COMPACT", f"a trick has at most 4 cards, not {len(moves)}")
        self._first = lead
        self._cards = [m["card"] for m in moves]
        return self

    def card(self, card: str) -> Self:
        """Add the next card.

        Raises:
            NotationError: A bad card or a fifth card.
        """
        if len(self._cards) >= 4:
            raise NotationError("INVALID_COMPACT", "a trick has at most 4 cards")
        self._cards.append(card_text(card))
        return self

    def trump(self, trump: Suit | None) -> Self:
        """Set the trump suit used for the winner (None: no-trump).

        Raises:
            ConfigError: Not a suit.
        """
        self._trump = check_suit(trump)
        return self

    def build(self) -> Trick:
        """The trick: leader, entries with seats, and the winner of a complete trick."""
        entries: list[PlayEntry] = [
            {"player": next_seat(self._first, k), "card": c} for k, c in enumerate(self._cards)
        ]
        winner: Seat | None = None
        if len(entries) == 4:
            best = determine_trick_winner(entries, self._trump, None)
            winner = best["player"] if best else None
        return {"lead": self._first, "cards": entries, "winner": winner}

    @staticmethod
    def to_compact(trick: Trick) -> str:
        """The compact notation of a trick, raising as :func:`to_compact` does.

        ``trick`` is a mapping with a list of entries (a ``TypeError`` otherwise).
        """
        t = check_mapping(trick, "trick")
        entries = check_sequence(t.get("cards", ()), "a trick's cards")
        cards = [check_mapping(e, "a trick entry").get("card") for e in entries]
        return to_compact(t.get("lead"), cards)  # type: ignore[arg-type]


class PlayBuilder(_Builder):
    """Builds a ``Play`` from compact notation (``"W / D7 DA DK DT SA SJ S7 S3"``)."""

    first = _Builder._lead_by

    def __init__(self) -> None:
        self._moves: list[PlayMove] = []

    def from_compact(self, text: str) -> Self:
        """Read the play from compact notation.

        Raises:
            NotationError: A malformed string or a bad card.
        """
        self._first, self._moves = parse_compact(text)
        return self

    def card(self, card: str, comment: str | None = None) -> Self:
        """Add the next card, with an optional comment.

        Raises:
            NotationError: A bad card.
        """
        move: PlayMove = {"card": card_text(card)}
        if comment:
            move["comment"] = comment
        self._moves.append(move)
        return self

    def build(self) -> Play:
        """The play (a fresh dictionary each time)."""
        return {"first": self._first, "moves": [dict(m) for m in self._moves]}  # type: ignore[misc]

    @staticmethod
    def to_compact(play: Play) -> str:
        """The compact notation of a play (comments in braces), raising as :func:`to_compact`."""
        p = check_mapping(play, "play")
        return to_compact(p.get("first"), p.get("moves", ()))  # type: ignore[arg-type]
