"""Pure trick helpers: trick winner, follow-suit rules, legal cards and trick building.

The shapes are plain dictionaries (typed with ``TypedDict``), as in the source engine:

* a ``PlayEntry`` is ``{"player": "N", "card": "SA"}``;
* a ``Trick`` is ``{"lead": seat, "cards": [PlayEntry, ...], "winner": seat or None}``;
* a ``Play`` is ``{"first": seat, "moves": [{"card": "D7", "comment"?: "..."}, ...]}`` in play
  order, ``first`` being the opening leader; trick T+1 is led by the winner of trick T.

>>> determine_trick_winner([{"player": "N", "card": "SA"}, {"player": "E", "card": "H2"}], "H", "S")
{'player': 'E', 'card': 'H2'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NotRequired, TypeAlias, TypedDict, cast

from parlour.bridge._cards import (
    SUITS,
    Seat,
    Suit,
    check_card_list,
    check_mapping,
    check_sequence,
    check_suit,
    is_card,
    next_seat,
    seat_index,
    trick_winner,
)
from parlour.errors import ConfigError, NotationError

__all__ = [
    "CardInput",
    "CardParts",
    "HandData",
    "HandsData",
    "Play",
    "PlayEntry",
    "PlayMove",
    "Trick",
    "build_tricks",
    "build_tricks_from_deal",
    "determine_trick_winner",
    "extract_lead_from_tricks",
    "get_legal_cards",
    "has_played_suit",
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
