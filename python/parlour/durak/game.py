"""The Durak game: :class:`DurakGame`, its moves, and the engine-mirror functions.

:class:`DurakGame` is immutable and follows parlour's uniform state protocol; ``new_game``,
``legal``, ``apply``, ``view`` and ``replay`` mirror the reference engine.

Seats are numbered from 1. A move is ``{"kind": "attack"|"beat"|"take"|"done"|"swap"|"resign",
"card": id?}`` (perevodnoy adds ``"transfer"``). ``apply`` returns the new game and the events
the referee wrote, in the reference's shapes; a refused move raises :class:`DurakMoveError`
and changes nothing.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from parlour._core import durak as _d
from parlour._native import fold_into_base
from parlour.durak.errors import DurakConfigError, call
from parlour.durak.rules import Bout, deal_number, seed_bytes

__all__ = [
    "ACTION_SPACE",
    "MOVE_KINDS",
    "DurakGame",
    "Move",
    "apply",
    "bot_move",
    "greedy_move",
    "is_move",
    "legal",
    "moves_of",
    "new_game",
    "replay",
    "view",
]

MOVE_KINDS: tuple[str, ...] = ("attack", "beat", "take", "done", "swap", "resign", "transfer")
"""Every move kind (``transfer`` only in the perevodnoy variant)."""

ACTION_SPACE = 111
"""Size of the fixed action space of :meth:`DurakGame.legal_mask`: attack 0..35, beat 36..71,
transfer 72..107 (card id - 1 within each block), take 108, done 109, swap 110."""

_CARD_BLOCK = {"attack": 0, "beat": 36, "transfer": 72}
_PLAIN_ACTION = {"take": 108, "done": 109, "swap": 110}


@dataclass(frozen=True, slots=True)
class Move:
    """A move: a kind and, for attack/beat/transfer, a card id.

    Attributes:
        kind: The move kind.
        card: The card id, or None.
    """

    kind: str
    card: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The move as the reference's action object.

        Returns:
            ``{"kind": …}`` plus ``"card"`` when the kind carries one.
        """
        return {"kind": self.kind} if self.card is None else {"kind": self.kind, "card": self.card}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """A move from an action object (extra keys such as ``seat`` are ignored).

        Args:
            data: ``{"kind": …, "card": …}``.

        Returns:
            The move.

        Raises:
            TypeError: If ``data`` is not a mapping.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"a move is a mapping, not {type(data).__name__}")
        card = data.get("card")
        return cls(str(data.get("kind")), card if isinstance(card, int) else None)

    @property
    def action(self) -> int:
        """The move's index in the fixed action space (-1 for resign or an unknown kind)."""
        if self.kind in _CARD_BLOCK and self.card is not None and 1 <= self.card <= 36:
            return _CARD_BLOCK[self.kind] + self.card - 1
        return _PLAIN_ACTION.get(self.kind, -1)

    def __str__(self) -> str:
        from parlour.durak.cards import name_of

        return self.kind if self.card is None else f"{self.kind} {name_of(self.card)}"


_MOVES: tuple[Move, ...] = (
    *(Move("attack", c) for c in range(1, 37)),
    *(Move("beat", c) for c in range(1, 37)),
    *(Move("transfer", c) for c in range(1, 37)),
    Move("take"),
    Move("done"),
    Move("swap"),
)
"""The interned move of each action (the move table of ``legal_moves``)."""
_d.DurakGame._set_moves(_MOVES)


def _game(game: object) -> DurakGame:
    if not isinstance(game, DurakGame):
        raise TypeError(f"expected a DurakGame, not {type(game).__name__}")
    return game


def _norm_seat(seat: object) -> int:
    if isinstance(seat, int) and not isinstance(seat, bool) and -(2**62) < seat < 2**62:
        return seat
    return 0


def _norm_card(card: object) -> int | None:
    if isinstance(card, bool):
        return None
    if isinstance(card, int):
        return card if 1 <= card <= 36 else 0
    if isinstance(card, str) and card.isascii() and card.isdigit() and card[0] != "0":
        n = int(card)
        return n if 1 <= n <= 36 else 0
    return None


def _norm_move(move: object) -> tuple[str | None, int | None]:
    if isinstance(move, Move):
        return move.kind, _norm_card(move.card)
    if isinstance(move, Mapping):
        kind = move.get("kind")
        return (kind if isinstance(kind, str) else None), _norm_card(move.get("card"))
    return None, None


def _seat_map(m: dict[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in m.items()}


def _event_keys(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Seat-keyed maps of the core's JSON (``drawn``, ``places``) get int keys."""
    for e in events:
        if "drawn" in e:
            e["drawn"] = _seat_map(e["drawn"])
        if "places" in e:
            e["places"] = _seat_map(e["places"])
    return events


def _snapshot_keys(snap: dict[str, Any]) -> dict[str, Any]:
    for key in ("hands", "can_swap", "known"):
        snap[key] = _seat_map(snap[key])
    if snap["result"] is not None:
        snap["result"]["places"] = _seat_map(snap["result"]["places"])
    return snap


@fold_into_base
class DurakGame(_d.DurakGame):
    """A Durak position (immutable, hashable, picklable).

    Build one with :func:`new_game` or :meth:`from_notation`; ``DurakGame(state, seed=None,
    number=None, history=())`` wraps a ``parlour._core.durak.DurakState`` (its move log
    dropped). ``history`` holds the events written since the game was dealt (or parsed) in this
    process; it is not part of the position's identity or notation.

    The class is the Rust class ``parlour._core.durak.DurakGame``, which runs the hot path of
    Python loops (``is_terminal``, ``to_move``, ``zobrist``, ``legal_moves()``,
    ``apply_index()``, ``apply()``); the members below are written in Python and installed on it
    (``fold_into_base``).
    """

    # The Rust class holds the core state ``_s`` (with the moves logged since ``_meta``'s
    # history: ``apply`` and ``apply_index`` write no JSON until ``history`` is read),
    # ``_meta`` = ``(seed, number, history)`` and the snapshot once read (``_snap``).
    __slots__ = ()

    if TYPE_CHECKING:

        def __init__(
            self,
            state: _d.DurakState,
            seed: bytes | None = None,
            number: str | None = None,
            history: tuple[dict[str, Any], ...] = (),
        ) -> None:
            """A game at ``state`` (its move log dropped).

            Raises:
                TypeError: ``state`` is not a ``parlour._core.durak.DurakState``.
            """

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DurakGame is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("DurakGame is immutable")

    # ----- snapshot-backed attributes -----------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole position as plain data (the vectors' snapshot keys, seats as int keys).

        Returns:
            A fresh dict: ``phase turn over hands talon talon_left discard trump_card
            turn_up_left six_owner can_swap bout result`` plus ``seats variant trump ply heap
            known out``.
        """
        return copy.deepcopy(self._snapshot())

    def _snapshot(self) -> dict[str, Any]:
        snap: dict[str, Any] | None = self._snap
        if snap is None:
            snap = self._keep_snap(_snapshot_keys(json.loads(self._s.snapshot())))
        return snap

    def _get(self, key: str) -> Any:
        return self._snapshot()[key]

    @property
    def seed(self) -> bytes | None:
        """The 32-byte seed (None for a parsed position)."""
        return self._meta[0]

    @property
    def number(self) -> str | None:
        """The deal number (None for a parsed position)."""
        return self._meta[1]

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self._s.seats

    @property
    def variant(self) -> str:
        """``podkidnoy`` or ``perevodnoy``."""
        return self._s.variant

    @property
    def trump(self) -> str:
        """The trump suit letter."""
        return cast(str, self._get("trump"))

    @property
    def trump_card(self) -> int:
        """The current turn-up id (the six after an exchange), kept after it is drawn."""
        return cast(int, self._get("trump_card"))

    @property
    def hands(self) -> dict[int, list[int]]:
        """Seat to sorted card ids."""
        return {s: list(h) for s, h in self._get("hands").items()}

    @property
    def talon(self) -> list[int]:
        """The talon in draw order, turn-up last."""
        return list(self._get("talon"))

    @property
    def discard(self) -> int:
        """Number of discarded cards."""
        return cast(int, self._get("discard"))

    @property
    def bout(self) -> Bout | None:
        """The open bout, or None."""
        b = self._get("bout")
        if b is None:
            return None
        return Bout(
            b["attacker"],
            b["defender"],
            b["cap"],
            tuple(b["attacks"]),
            tuple(b["beats"]),
            bool(b["taken"]),
        )

    @property
    def six_owner(self) -> int | None:
        """The seat with the exchange right, or None."""
        return cast("int | None", self._get("six_owner"))

    @property
    def over(self) -> bool:
        """True once the game is over."""
        return bool(self._get("over"))

    @property
    def result(self) -> dict[str, Any] | None:
        """``{"outcome", "fool", "places"}`` once over, else None."""
        r = self._get("result")
        return None if r is None else cast(dict[str, Any], copy.deepcopy(r))

    @property
    def history(self) -> tuple[dict[str, Any], ...]:
        """The events written so far in this process."""
        taken, pending = self._history_parts()
        if taken is not None:
            return taken
        history: tuple[dict[str, Any], ...] = self._meta[2]
        if pending is None:
            return history
        # Take the log into the tuple once: later reads return the same tuple.
        return self._take_history(history + tuple(_event_keys(json.loads(pending))))

    @property
    def phase(self) -> Literal["attack", "defend", "pile_on", "over"]:
        """The phase, derived from the position."""
        return cast(Literal["attack", "defend", "pile_on", "over"], self._get("phase"))

    @property
    def turn(self) -> int | None:
        """The seat on turn, or None when over."""
        return self.to_move

    @property
    def ply(self) -> int:
        """Number of events written since the deal."""
        return cast(int, self._get("ply"))

    @property
    def talon_left(self) -> int:
        """Cards left in the talon."""
        return cast(int, self._get("talon_left"))

    @property
    def six_of_trumps(self) -> int:
        """The id of the trump six."""
        return 9 * "SHDC".index(self.trump) + 9

    @property
    def turn_up_left(self) -> bool:
        """True while the current turn-up is in the talon."""
        return bool(self._get("turn_up_left"))

    def hand_of(self, seat: int) -> list[int]:
        """The sorted hand of ``seat`` (empty for a seat that does not exist).

        Args:
            seat: A seat.

        Returns:
            Card ids.
        """
        return list(self._get("hands").get(seat, []))

    def count_of(self, seat: int) -> int:
        """Number of cards ``seat`` holds.

        Args:
            seat: A seat.

        Returns:
            The count.
        """
        return len(self.hand_of(seat))

    def can_swap(self, seat: int) -> bool:
        """Whether ``seat`` may exchange the trump six (ignoring the turn).

        Args:
            seat: A seat.

        Returns:
            The answer.
        """
        return bool(self._get("can_swap").get(seat, 0))

    # ----- the uniform protocol ------------------------------------------------------------

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The legal moves of ``seat`` in the reference's order (``[]`` off turn).

        Args:
            seat: A seat.

        Returns:
            Action objects.
        """
        return [
            {"kind": k} if c is None else {"kind": k, "card": c}
            for k, c in self._s.legal(_norm_seat(seat))
        ]

    def play(
        self, seat: int, move: Move | Mapping[str, Any]
    ) -> tuple[DurakGame, list[dict[str, Any]]]:
        """Apply ``move`` for ``seat`` (see :func:`apply`).

        Args:
            seat: The moving seat.
            move: A :class:`Move` or an action object.

        Returns:
            The new game and the events.

        Raises:
            DurakMoveError: The refusal, with the reference's code upper-cased.
        """
        kind, card = _norm_move(move)
        s = _norm_seat(seat)
        state, events_json = call(lambda: self._s.play(s, kind, card))
        events = _event_keys(json.loads(events_json))
        seed, number, _ = self._meta
        return DurakGame(state, seed, number, self.history + tuple(events)), events

    def returns(self) -> tuple[float, ...]:
        """1.0 for every seat but the fool, 0.0 for the fool, 0.5 each in a draw; 0 while live.

        Returns:
            Per-seat returns.
        """
        return tuple(self._s.returns())

    def to_notation(self) -> str:
        """The whole position in Durak notation (see ``docs/durak.md``).

        Returns:
            One line.
        """
        return self._s.to_notation()

    @classmethod
    def from_notation(cls, text: str) -> DurakGame:
        """Parse a position written by :meth:`to_notation`.

        Args:
            text: The notation.

        Returns:
            The game (no forced-position resolution is run: the position is as written).

        Raises:
            NotationError: ``BAD_NOTATION`` for malformed text.
            InvalidStateError: ``IMPOSSIBLE_POSITION`` for an impossible position.
        """
        if not isinstance(text, str):
            from parlour.errors import NotationError

            raise NotationError("BAD_NOTATION", "a durak position is a string")
        if not text.isascii():
            from parlour.errors import NotationError

            raise NotationError("BAD_NOTATION", "a durak position is ASCII text")
        return cls(_d.DurakState.from_notation(text))

    def __hash__(self) -> int:
        return self.zobrist

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DurakGame) and self._s == other._s

    def __repr__(self) -> str:
        return f"DurakGame.from_notation({self.to_notation()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        history = self.history
        return (_restore, (self.to_notation(), *self._meta[:2], history))

    def __copy__(self) -> DurakGame:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> DurakGame:
        history = self.history
        return _restore(self.to_notation(), *self._meta[:2], history)


def _restore(
    text: str, seed: bytes | None, number: str | None, history: tuple[dict[str, Any], ...]
) -> DurakGame:
    return DurakGame(_d.DurakState.from_notation(text), seed, number, tuple(history))


def new_game(
    seed: bytes | str, number: int | str = 1, seats: int = 2, variant: str = "podkidnoy"
) -> DurakGame:
    """Deal a game with the first bout open.

    Args:
        seed: Exactly 32 bytes (a ``str`` is UTF-8 encoded).
        number: The deal number, from 1.
        seats: 2 (the reference) to 6.
        variant: ``podkidnoy`` (the reference) or ``perevodnoy``.

    Returns:
        The game.

    Raises:
        DurakConfigError: ``NO_SEED``, ``BAD_DEAL``, ``BAD_SEATS`` (in that order) or
            ``BAD_VARIANT``.
    """
    s = seed_bytes(seed)
    n = deal_number(number)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 6:
        raise DurakConfigError("BAD_SEATS", "durak deals two to six seats")
    if variant not in ("podkidnoy", "perevodnoy"):
        raise DurakConfigError("BAD_VARIANT", "variant must be podkidnoy or perevodnoy")
    # The arguments are checked: the core raises Durak errors itself and the game has no log.
    return DurakGame._deal(s, n, seats, variant)


def legal(game: DurakGame, seat: int) -> list[dict[str, Any]]:
    """The legal moves of ``seat`` in the reference's order (``[]`` off turn or when over).

    Args:
        game: The game.
        seat: A seat.

    Returns:
        Action objects: attacks/beats (and transfers) in id order, then take/done, then swap.
    """
    return _game(game).legal(seat)


def apply(
    game: DurakGame, seat: int, move: Move | Mapping[str, Any]
) -> tuple[DurakGame, list[dict[str, Any]]]:
    """Apply ``move`` for ``seat``: the new game and the events the referee wrote.

    Refusals are checked in the reference's order: ``GAME_OVER``, ``NOT_YOUR_TURN`` (no such
    seat), ``NOT_LEGAL`` (unknown kind), resign, ``NOT_YOUR_TURN``, ``WRONG_PHASE``, then
    ``CARD_NOT_HELD`` → ``BOUT_FULL`` → ``RANK_NOT_IN_BOUT``, ``BEATS_NOTHING``,
    ``MUST_ATTACK``, ``NOT_THE_SIX`` → ``TALON_SHUT``.

    Args:
        game: The game (unchanged).
        seat: The moving seat.
        move: ``{"kind": …, "card": id?}`` or a :class:`Move`.

    Returns:
        ``(new_game, events)``.

    Raises:
        DurakMoveError: The refusal.
    """
    return _game(game).play(seat, move)


def view(game: DurakGame, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: never the other hands, the talon order or another seat's swap right.

    Args:
        game: The game.
        seat: A seat.

    Returns:
        ``{seat, ply, phase, turn, trump, trump_card, talon, discard, hand, counts, swap, legal,
        over, result, bout}``; ``trump_card`` is None once drawn, ``talon`` is a count and
        ``bout`` is None or ``{attacker, defender, cap, size, taken, unbeaten, pairs}``.

    Raises:
        DurakConfigError: ``BAD_SEAT`` for a seat that is not in the game.
    """
    _game(game)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= game.seats:
        raise DurakConfigError("BAD_SEAT", "a view is for a seat")
    snap = game.snapshot()
    b = snap["bout"]
    bout = None
    if b is not None:
        unbeaten = next(
            (a for a, d in zip(b["attacks"], b["beats"], strict=True) if d is None), None
        )
        bout = {
            "attacker": b["attacker"],
            "defender": b["defender"],
            "cap": b["cap"],
            "size": len(b["attacks"]),
            "taken": b["taken"],
            "unbeaten": unbeaten,
            "pairs": [
                {"attack": a, "beat": d} for a, d in zip(b["attacks"], b["beats"], strict=True)
            ],
        }
    return {
        "seat": seat,
        "ply": snap["ply"],
        "phase": snap["phase"],
        "turn": snap["turn"],
        "trump": snap["trump"],
        "trump_card": snap["trump_card"] if snap["turn_up_left"] else None,
        "talon": snap["talon_left"],
        "discard": snap["discard"],
        "hand": snap["hands"][seat],
        "counts": {s: len(h) for s, h in snap["hands"].items()},
        "swap": snap["can_swap"][seat],
        "legal": game.legal(seat),
        "over": snap["over"],
        "result": snap["result"],
        "bout": bout,
    }


def is_move(kind: object) -> bool:
    """True for the move kinds (attack, beat, take, done, swap, resign; and transfer).

    Args:
        kind: A kind.

    Returns:
        The answer.
    """
    return isinstance(kind, str) and kind in MOVE_KINDS


def moves_of(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The events that are moves (a move kind and a seat), in order.

    Args:
        events: Events.

    Returns:
        The move events.
    """
    return [
        dict(e)
        for e in events
        if isinstance(e, Mapping) and is_move(e.get("kind")) and e.get("seat") is not None
    ]


def replay(
    seed: bytes | str,
    moves: Sequence[Mapping[str, Any]] = (),
    number: int | str = 1,
    seats: int = 2,
    variant: str = "podkidnoy",
) -> tuple[DurakGame, list[dict[str, Any]]]:
    """Deal ``(seed, number)`` and apply ``moves`` (each with its ``seat``).

    Args:
        seed: Exactly 32 bytes.
        moves: Move events ``{"kind", "seat", "card"?}``, as :func:`moves_of` returns.
        number: The deal number.
        seats: Seats.
        variant: The variant.

    Returns:
        The final game and every event.

    Raises:
        DurakError: The first refusal (from the deal or from a move).
    """
    game = new_game(seed, number, seats, variant)
    events: list[dict[str, Any]] = []
    for m in moves:
        if not isinstance(m, Mapping):
            raise TypeError("each move is a mapping with kind, seat and card")
        game, ev = game.play(m.get("seat", 0), m)
        events.extend(ev)
    return game, events


def _move_dict(m: tuple[str, int | None] | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {"kind": m[0]} if m[1] is None else {"kind": m[0], "card": m[1]}


def bot_move(game: DurakGame, seat: int, level: int = 2, seed: int = 0) -> dict[str, Any] | None:
    """The searching bot's move for ``seat`` (None when the seat has no legal move).

    The bot sees only the seat's view and the public record (the discarded cards and the cards a
    seat picked up); it samples the unseen cards and scores each legal move by greedy playouts
    of every sample, in Rust with the GIL released.

    Args:
        game: The game.
        seat: The seat.
        level: 1 (24 samples), 2 (64) or 3 (160).
        seed: Seed of the sampling.

    Returns:
        An action object, or None.

    Raises:
        DurakConfigError: ``BAD_LEVEL`` for a level outside 1..3, ``BAD_SEED`` for a bad seed.
    """
    _game(game)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 3:
        raise DurakConfigError("BAD_LEVEL", "a bot level is 1, 2 or 3")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise DurakConfigError("BAD_SEED", "a bot seed is an int from 0 to 2**64-1")
    return _move_dict(game._s.bot_move(_norm_seat(seat), level, seed))


def greedy_move(game: DurakGame, seat: int) -> dict[str, Any] | None:
    """The greedy player's move: the cheapest legal card, else take/done.

    Cheapest means plain before trump, then low before high.

    Args:
        game: The game.
        seat: The seat.

    Returns:
        An action object, or None off turn.
    """
    return _move_dict(_game(game)._s.greedy_move(_norm_seat(seat)))
