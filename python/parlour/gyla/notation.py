"""The Gyla position text (GPN): one reader and one writer, over :class:`Parts`.

One line, nine fields separated by single spaces, in the spirit of chess's FEN::

    <score1>-<score2> <round> <starter> <trump|-> <hand1>/<hand2>/<hand3>/<hand4>
        <tricks|-> <next|-> <ai> <seed>

scores are the game points of team 1 and team 2 (multiples of 6); round is ``0`` before the
start; starter is the seat (1-4) that assigns trump and leads trick 1 (``0`` before the start);
trump is ``C``, ``S``, ``H``, ``D`` or ``-``; hands are the four hands, seat 1 first, each the
concatenation of its cards in hand order (``-`` when empty); tricks are this round's plays in
play order, tricks separated by ``.`` (``-`` when none); next is ``T<p>`` (assign trump),
``P<p>`` (play a card) or ``-``; ai is four letters ``A`` (computer) / ``H`` (human); seed is
decimal. The reader checks the grammar; ``GylaState.from_parts`` checks that the parts are a
position the rules reach.

>>> parts = read("0-0 0 0 - -/-/-/- - - HAHA 42")
>>> parts.round, parts.ai, write(parts)
(0, (False, True, False, True), '0-0 0 0 - -/-/-/- - - HAHA 42')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from parlour import _core
from parlour.cards import SUITS
from parlour.errors import NotationError

__all__ = ["Parts", "read", "write"]

# the 36 cards (ranks 6 to ace of each suit lane) as bit indices and in Gyla's spelling
_INDEX: Final = {
    _core.format_card(lane * 16 + rank, "gyla"): lane * 16 + rank
    for lane in range(4)
    for rank in range(4, 13)
}
_TEXT: Final = {i: t for t, i in _INDEX.items()}
_NEXT: Final[dict[str, Literal["assign_trump", "play_card"]]] = {
    "T": "assign_trump",
    "P": "play_card",
}
_LETTER: Final = {name: letter for letter, name in _NEXT.items()}


@dataclass(frozen=True, slots=True)
class Parts:
    """A Gyla position's parts, as ``GylaState.parts()`` gives them and ``from_parts`` takes.

    Cards are bit indices ``suit * 16 + rank``, as in :mod:`parlour.cards`; seats are 1-4.
    """

    scores: tuple[int, int]
    """Game points of team 1 and team 2."""
    round: int
    """The round number, 0 before the game is started."""
    starter: int
    """The seat that assigns trump and leads trick 1 this round, 0 before the start."""
    trump: int | None
    """The trump suit's lane (0 spades … 3 clubs), None while not assigned."""
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Each seat's cards in hand order, seat 1 first."""
    plays: tuple[int, ...]
    """This round's plays in play order (four a trick)."""
    next_action: tuple[Literal["assign_trump", "play_card"], int] | None
    """The action expected next and the seat that must send it, None when none is."""
    ai: tuple[bool, bool, bool, bool]
    """The seats the engine plays itself."""
    seed: int
    """The game's seed, from which the rounds are dealt."""


def _bad(message: str) -> NotationError:
    return NotationError("INVALID_NOTATION", message)


def _number(field: str, what: str, top: int) -> int:
    if not field or len(field) > 20 or not all("0" <= ch <= "9" for ch in field):
        raise _bad(f"{what} must be a decimal number, not {field[:24]!r}")
    value = int(field)
    if value > top:
        raise _bad(f"{what} must be at most {top}")
    return value


def _cards(field: str, what: str) -> tuple[int, ...]:
    if field == "-":
        return ()
    if not field or len(field) % 2:
        raise _bad(f"{what} must be two-character cards or '-', not {field[:24]!r}")
    out = []
    for i in range(0, len(field), 2):
        text = field[i : i + 2]
        if text not in _INDEX:
            raise _bad(f"{what}: {text!r} is not a card of the 36-card deck")
        out.append(_INDEX[text])
    return tuple(out)


def read(text: str) -> Parts:
    """The parts a position text writes, not yet checked as a position.

    ``GylaState.from_parts`` checks them.

    Raises:
        NotationError: ``INVALID_NOTATION`` if the text is malformed or not a string.
    """
    if not isinstance(text, str):
        raise _bad(f"notation must be a string, not {type(text).__name__}")
    if not text.isascii():
        raise _bad("Gyla's notation is ASCII text")
    fields = text.split(" ")
    if len(fields) != 9:
        raise _bad(f"expected 9 space-separated fields, found {len(fields)}")
    scores_s, round_s, starter_s, trump_s, hands_s, tricks_s, next_s, ai_s, seed_s = fields
    s1, dash, s2 = scores_s.partition("-")
    if not dash:
        raise _bad("scores must be written <team1>-<team2>")
    scores = (_number(s1, "team 1's score", 84), _number(s2, "team 2's score", 84))
    rnd = _number(round_s, "the round", 19)
    starter = _number(starter_s, "the starter", 4)
    if trump_s != "-" and trump_s not in SUITS:
        raise _bad("trump must be C, S, H, D or '-'")
    trump = None if trump_s == "-" else SUITS.index(trump_s)
    hand_fields = hands_s.split("/")
    if len(hand_fields) != 4:
        raise _bad("hands must be four groups separated by '/'")
    h1, h2, h3, h4 = (_cards(h, f"hand {i + 1}") for i, h in enumerate(hand_fields))
    plays: list[int] = []
    if tricks_s != "-":
        groups = tricks_s.split(".")
        if len(groups) > 9:
            raise _bad("a round has at most 9 tricks")
        for k, group in enumerate(groups):
            cards = _cards(group, f"trick {k + 1}")
            if not cards or len(cards) > 4 or (k + 1 < len(groups) and len(cards) != 4):
                raise _bad(f"trick {k + 1} must hold 4 cards (only the last may hold 1 to 3)")
            plays.extend(cards)
    if next_s == "-":
        next_action = None
    elif len(next_s) == 2 and next_s[0] in _NEXT and next_s[1] in "1234":
        next_action = (_NEXT[next_s[0]], int(next_s[1]))
    else:
        raise _bad(f"the next action must be T<seat>, P<seat> or '-', not {next_s[:24]!r}")
    if len(ai_s) != 4 or any(ch not in "AH" for ch in ai_s):
        raise _bad("ai must be four letters A (computer) or H (human)")
    ai = (ai_s[0] == "A", ai_s[1] == "A", ai_s[2] == "A", ai_s[3] == "A")
    seed = _number(seed_s, "the seed", 2**64 - 1)
    return Parts(scores, rnd, starter, trump, (h1, h2, h3, h4), tuple(plays), next_action, ai, seed)


def _group(cards: tuple[int, ...]) -> str:
    return "".join(_TEXT[c] for c in cards) or "-"


def write(parts: Parts) -> str:
    """The position text of ``parts``.

    Raises:
        TypeError: If ``parts`` is not a :class:`Parts`.
    """
    if not isinstance(parts, Parts):
        raise TypeError(f"write takes a Gyla Parts, not {type(parts).__name__}")
    hands = "/".join(_group(h) for h in parts.hands)
    plays = parts.plays
    tricks = ".".join(_group(plays[i : i + 4]) for i in range(0, len(plays), 4)) or "-"
    nxt = parts.next_action
    next_s = "-" if nxt is None else f"{_LETTER[nxt[0]]}{nxt[1]}"
    trump = "-" if parts.trump is None else SUITS[parts.trump]
    ai = "".join("A" if a else "H" for a in parts.ai)
    s1, s2 = parts.scores
    return (
        f"{s1}-{s2} {parts.round} {parts.starter} {trump} {hands} {tricks} {next_s} {ai} "
        f"{parts.seed}"
    )
