"""Cards, decks, scoring and constants of dal-mara-engine 0.2.0, in snake_case."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour import _core
from parlour._js import js_display
from parlour.dalmara._dmn import CARD_INDEX
from parlour.dalmara._state import Player
from parlour.errors import ConfigError, IllegalMoveError

__all__ = [
    "ENGINE_ERROR_CODES",
    "RANKS",
    "RANK_VALUE",
    "SUITS",
    "SUIT_ABBREVIATION",
    "ParsedCard",
    "ScoreState",
    "Winner2P",
    "Winner4P",
    "compare_card_ranks",
    "count_tens_in_cards",
    "create_card",
    "create_deck",
    "create_initial_score_state",
    "evaluate_game_winner_2p",
    "evaluate_game_winner_4p",
    "get_card_rank",
    "get_card_suit",
    "parse_card",
    "shuffle_deck",
    "update_score_on_trick_won",
]

SUITS: Final = ("spades", "hearts", "diamonds", "clubs")
"""The suits, in ``create_deck`` order."""

RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The ranks, low to high."""

RANK_VALUE: Final[Mapping[str, int]] = {r: i + 2 for i, r in enumerate(RANKS)}
"""Rank to its value 2..14."""

SUIT_ABBREVIATION: Final[Mapping[str, str]] = {
    "spades": "s",
    "hearts": "h",
    "diamonds": "d",
    "clubs": "c",
}
"""Long suit name to its DMN letter."""

_ABBR_SUIT: Final = {v: k for k, v in SUIT_ABBREVIATION.items()}

ENGINE_ERROR_CODES: Final[Mapping[str, str]] = {
    c: c
    for c in (
        "INVALID_MODE",
        "INVALID_PLAYERS",
        "INVALID_PLAYER_COUNT",
        "INVALID_CONFIGURATION",
        "INVALID_DEALER",
        "INVALID_ACTION",
        "INVALID_DECK",
        "NOT_PLAYER_TURN",
        "CARD_NOT_OWNED",
        "MUST_FOLLOW_SUIT",
        "GAME_ALREADY_FINISHED",
        "INVALID_TURUP_DECLARATION",
        "INVALID_GHOPTE_SUBMISSION",
        "STACK_NOT_FOUND",
        "INVALID_DMN",
        "INVALID_SERIALIZATION",
        "INVALID_GAME_ID",
        "INVALID_PHASE",
        "GAME_FULL",
        "GAME_ALREADY_STARTED",
        "PLAYER_NOT_FOUND",
        "INVALID_CARD",
        "TURUP_PICKUP_REQUIRED",
    )
}
"""Every error code (the engine's, plus parlour's rulebook ``TURUP_PICKUP_REQUIRED``)."""


@dataclass(frozen=True, slots=True)
class ParsedCard:
    """A card split into suit and rank.

    Attributes:
        suit: Long suit name.
        rank: Rank string (``"10"``, ``"K"``).
    """

    suit: str
    rank: str


@dataclass(frozen=True, slots=True)
class ScoreState:
    """Tens and tricks taken by one seat.

    Attributes:
        tens: Tens captured.
        tricks: Tricks won.
    """

    tens: int = 0
    tricks: int = 0


def create_deck() -> list[str]:
    """``createDeck``: spades 2..A, hearts, diamonds, clubs.

    Returns:
        The 52 card strings.

    >>> create_deck()[:3], len(create_deck())
    (['2s', '3s', '4s'], 52)
    """
    return [r + SUIT_ABBREVIATION[s] for s in SUITS for r in RANKS]


def shuffle_deck(deck: Sequence[str], seed: int | None = None) -> list[str]:
    """``shuffleDeck``: a shuffled copy (Fisher-Yates).

    With a seed the shuffle is parlour's seeded one (xoshiro256**, ``parlour._core``), the same
    on every platform and release; without one it draws from the operating system.

    Args:
        deck: The cards.
        seed: Seed for a repeatable shuffle (None: fresh randomness).

    Returns:
        A new list.
    """
    out = list(deck)
    if seed is None:
        random.SystemRandom().shuffle(out)
        return out
    return [out[i] for i in _core.shuffled_indices(len(out), seed & 0xFFFFFFFFFFFFFFFF)]


def _shown(value: object) -> str:
    """A value as the engine's ``${value}`` shows it (None, a value left out, is ``undefined``)."""
    return "undefined" if value is None else js_display(value)


def parse_card(card: str) -> ParsedCard:
    """``parseCard``.

    Args:
        card: A card string (``"10s"``).

    Returns:
        Its suit and rank.

    Raises:
        IllegalMoveError: ``INVALID_ACTION`` "Invalid card: <c>" for anything else (the engine's
            code).
    """
    if not isinstance(card, str) or card not in CARD_INDEX:
        raise IllegalMoveError("INVALID_ACTION", f"Invalid card: {_shown(card)}")
    return ParsedCard(_ABBR_SUIT[card[-1]], card[:-1])


def create_card(suit: str, rank: str) -> str:
    """``createCard``.

    Args:
        suit: Long suit name.
        rank: Rank string.

    Returns:
        The card string.

    Raises:
        IllegalMoveError: ``INVALID_ACTION`` for an unknown suit or rank.
    """
    if suit not in SUIT_ABBREVIATION or rank not in RANK_VALUE:
        raise IllegalMoveError("INVALID_ACTION", f"Invalid card: {_shown(rank)}{_shown(suit)}")
    return rank + SUIT_ABBREVIATION[suit]


def get_card_suit(card: str) -> str:
    """``getCardSuit``.

    Args:
        card: A card string.

    Returns:
        Its long suit name.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return parse_card(card).suit


def get_card_rank(card: str) -> str:
    """``getCardRank``.

    Args:
        card: A card string.

    Returns:
        Its rank string.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return parse_card(card).rank


def compare_card_ranks(a: str, b: str) -> int:
    """``compareCardRanks``: rank value of ``a`` minus that of ``b``.

    Args:
        a: A card.
        b: A card.

    Returns:
        Positive when ``a`` ranks higher.

    Raises:
        IllegalMoveError: For a malformed card.
    """
    return RANK_VALUE[get_card_rank(a)] - RANK_VALUE[get_card_rank(b)]


def create_initial_score_state() -> ScoreState:
    """``createInitialScoreState``.

    Returns:
        Zero tens, zero tricks.
    """
    return ScoreState()


def _card_of(entry: Any) -> str:
    if isinstance(entry, str):
        return entry.split(":", 1)[-1]
    if isinstance(entry, Mapping):
        return str(entry.get("card"))
    card = getattr(entry, "card", None)
    return str(card)


def count_tens_in_cards(cards: Iterable[Any]) -> int:
    """``countTensInCards``.

    Args:
        cards: Card strings (``"seat:card"`` strings, played-card dicts and values also work).

    Returns:
        How many are tens.

    Raises:
        TypeError: When ``cards`` is not iterable.
    """
    return sum(1 for c in cards if _card_of(c).startswith("10"))


def update_score_on_trick_won(
    current_score: ScoreState | Mapping[str, int], trick: Any
) -> ScoreState:
    """``updateScoreOnTrickWon({currentScore, trick})``: add the trick's tens and one trick.

    Args:
        current_score: The winner's score so far.
        trick: The trick (an object with ``cards``, a dict with ``"cards"``, or a card list).

    Returns:
        The new score.

    Raises:
        ConfigError: For a score or trick of the wrong shape.
    """
    try:
        return _update(current_score, trick)
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("score or trick", e) from e


def _update(current_score: ScoreState | Mapping[str, int], trick: Any) -> ScoreState:
    if isinstance(current_score, Mapping):
        current_score = ScoreState(
            int(current_score.get("tens", 0)), int(current_score.get("tricks", 0))
        )
    if isinstance(trick, Mapping):
        cards = trick.get("cards", [])
    else:
        cards = getattr(trick, "cards", trick)
    return ScoreState(current_score.tens + count_tens_in_cards(cards), current_score.tricks + 1)


def _score(scores: Mapping[Any, Any], seat: int) -> ScoreState:
    s = scores.get(seat, scores.get(str(seat)))
    if s is None:
        return ScoreState()
    if isinstance(s, Mapping):
        return ScoreState(int(s.get("tens", 0)), int(s.get("tricks", 0)))
    return ScoreState(int(s.tens), int(s.tricks))


def _players(players: Sequence[Any]) -> list[Player]:
    out = []
    for p in players:
        if isinstance(p, Player):
            out.append(p)
        elif isinstance(p, Mapping):
            out.append(Player(int(p["seat"]), p.get("team")))
        else:
            out.append(Player(int(p.seat), p.team))
    return out


@dataclass(frozen=True, slots=True)
class Winner4P:
    """The result of ``evaluate_game_winner_4p``.

    Attributes:
        winner_team: The winning team's name.
        reason: The engine's reason string.
    """

    winner_team: Any
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The engine's object ``{winnerTeam, reason}``.

        Returns:
            A new dict.
        """
        return {"winnerTeam": self.winner_team, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Winner2P:
    """The result of ``evaluate_game_winner_2p``.

    Attributes:
        winner_seat: The winning seat, or None for a draw.
        winner_position: Always equal to ``winner_seat``.
        reason: The engine's reason string.
    """

    winner_seat: int | None
    winner_position: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """The engine's object ``{winnerSeat, winnerPosition, reason}``.

        Returns:
            A new dict.
        """
        return {
            "winnerSeat": self.winner_seat,
            "winnerPosition": self.winner_position,
            "reason": self.reason,
        }


def _guard(what: str, exc: Exception) -> ConfigError:
    return ConfigError(
        "INVALID_PLAYERS" if what == "players" else "INVALID_SCORE", f"invalid {what}: {exc!r}"
    )


def evaluate_game_winner_4p(scores: Mapping[Any, Any], players: Sequence[Any]) -> Winner4P:
    """``evaluateGameWinner4P``: more tens wins; at equal tens more tricks (seat 0's team on a tie).

    Args:
        scores: Score per seat (``ScoreState`` or ``{"tens", "tricks"}``; int or str keys).
        players: The roster (``Player`` values or ``{"seat", "team"}`` dicts).

    Returns:
        The winning team and the engine's reason.

    Raises:
        ConfigError: For scores or players of the wrong shape.
    """
    try:
        return _winner_4p(scores, _players(players))
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("scores or players", e) from e


def _winner_4p(scores: Mapping[Any, Any], ps: list[Player]) -> Winner4P:
    team_of = {p.seat: p.team for p in ps}
    team1, team2 = team_of.get(0), team_of.get(1)
    t1 = t2 = k1 = k2 = 0
    for p in ps:
        s = _score(scores, p.seat)
        if p.team == team1:
            t1, k1 = t1 + s.tens, k1 + s.tricks
        else:
            t2, k2 = t2 + s.tens, k2 + s.tricks
    n1, n2 = _shown(team1), _shown(team2)
    if t1 > t2:
        return Winner4P(team1, f"Team {n1} wins with {t1} tens")
    if t2 > t1:
        return Winner4P(team2, f"Team {n2} wins with {t2} tens")
    if k1 >= k2:
        return Winner4P(team1, f"2-2 tie broken by tricks: Team {n1} ({k1}) vs Team {n2} ({k2})")
    return Winner4P(team2, f"2-2 tie broken by tricks: Team {n2} ({k2}) vs Team {n1} ({k1})")


def evaluate_game_winner_2p(scores: Mapping[Any, Any], players: Sequence[Any]) -> Winner2P:
    """``evaluateGameWinner2P``: more tens, then more tricks, else a draw.

    Args:
        scores: Score per seat.
        players: The roster.

    Returns:
        The winning seat (None on a draw) and the engine's reason.

    Raises:
        ConfigError: For scores or players of the wrong shape.
    """
    try:
        return _winner_2p(scores, sorted(_players(players), key=lambda p: p.seat))
    except (KeyError, ValueError, AttributeError, IndexError, OverflowError) as e:
        raise _guard("scores or players", e) from e


def _winner_2p(scores: Mapping[Any, Any], ps: list[Player]) -> Winner2P:
    a, b = ps[0].seat, ps[1].seat
    sa, sb = _score(scores, a), _score(scores, b)
    if sa.tens != sb.tens:
        w, s = (a, sa) if sa.tens > sb.tens else (b, sb)
        return Winner2P(w, w, f"Player at seat {w} wins with {s.tens} tens")
    if sa.tricks != sb.tricks:
        (w, sw), (lo, sl) = ((a, sa), (b, sb)) if sa.tricks > sb.tricks else ((b, sb), (a, sa))
        return Winner2P(
            w,
            w,
            f"2-2 tie broken by tricks: Player at seat {w} ({sw.tricks}) "
            f"vs Player at seat {lo} ({sl.tricks})",
        )
    return Winner2P(
        None, None, f"Game ended in a draw (equal tens: {sa.tens}, equal tricks: {sa.tricks})"
    )
