"""The one place where the server meets the games: registry ids to states, seats and views.

Everything the server does with a game goes through :class:`GameAdapter`, written against the
public names of each game package only (``State.new``, ``view(seat)``, ``legal_moves()``,
``apply_index(i)``, ``returns()``, ``to_notation()``), so that a rename in a game touches this
file alone. Seats are numbered from 0 as views number them; a move is the index of an entry of
the actor's ``legal_moves`` in its view, and its text is that entry.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.batch import GAMES
from parlour.errors import ConfigError, IllegalMoveError, ParlourError

__all__ = ["ADAPTERS", "GameAdapter", "option_text"]

_MAX_SEED = 2**64 - 1


def option_text(value: object) -> str:
    """An option value as the registry spells it (a JSON bool is ``"true"``/``"false"``).

    Raises:
        ConfigError: ``INVALID_OPTION`` for a value that is not a string, a number or a bool.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    raise ConfigError(
        "INVALID_OPTION", f"an option value is a string, number or bool, not {type(value).__name__}"
    )


def _choice(options: Mapping[str, str], name: str, allowed: Sequence[str]) -> str:
    value = options[name]
    if value not in allowed:
        raise ConfigError(
            "INVALID_OPTION", f"option {name} must be one of {', '.join(allowed)}, not {value!r}"
        )
    return value


def _int_option(options: Mapping[str, str], name: str, lo: int, hi: int) -> int:
    text = options[name]
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise ConfigError(
            "INVALID_OPTION", f"option {name} must be an integer from {lo} to {hi}, not {text!r}"
        )
    return int(text)


# ----------------------------------------------------------------------------- construction


def _whist(options: Mapping[str, str], seed: int) -> Any:
    from parlour import whist

    no_trump = _choice(options, "no_trump", ("true", "false")) == "true"
    return whist.State.new(seed=seed, no_trump=no_trump)


def _dalmara(mode: str) -> Callable[[Mapping[str, str], int], Any]:
    def new(options: Mapping[str, str], seed: int) -> Any:
        from parlour import dalmara

        rules = _choice(options, "rules", ("rulebook", "dal-mara-engine"))
        return dalmara.GameState.random(seed, mode, rules)  # type: ignore[arg-type]

    return new


def _mexican_train(options: Mapping[str, str], seed: int) -> Any:
    from parlour import mexican_train

    players = _int_option(options, "players", 2, 8)
    tiles = int(_choice(options, "set", ("9", "12", "15")))
    rule = {
        "length": _choice(options, "length", ("full", "short")),
        "doubles": _choice(options, "doubles", ("one", "chain")),
        "mexican": _choice(options, "mexican", ("any", "ownFirst")),
    }
    names = [f"Seat {i}" for i in range(players)]
    game = mexican_train.start_train(tiles, names, seed % 2**32, rule)
    if game is None:
        raise ConfigError("INVALID_OPTION", "the engine refuses these options")
    return game


def _gyla(options: Mapping[str, str], seed: int) -> Any:
    from parlour import gyla

    names = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    return gyla.new_game(names, ["Team 1", "Team 2"], [False] * 4, seed=seed).apply("start")


def _durak(options: Mapping[str, str], seed: int) -> Any:
    from parlour import durak

    seats = _int_option(options, "seats", 2, 6)
    variant = _choice(options, "variant", ("podkidnoy", "perevodnoy"))
    key = hashlib.sha256(b"parlour-serve:" + seed.to_bytes(8, "big")).digest()
    return durak.new_game(key, 1, seats, variant)


def _bridge(options: Mapping[str, str], seed: int) -> Any:
    from parlour.bridge import BridgePlayState

    strain = _choice(options, "strain", ("random", "S", "H", "D", "C", "N"))
    declarer = _choice(options, "declarer", ("random", "N", "E", "S", "W"))
    return BridgePlayState.random(
        seed, None if strain == "random" else strain, None if declarer == "random" else declarer
    )


# ----------------------------------------------------------------------------- computer players


def _gyla_computer(state: Any) -> Any:
    from parlour import gyla

    return gyla.ai_trump(state) if state.phase == "assign_trump" else gyla.ai_card(state)


def _durak_computer(state: Any) -> Any:
    from parlour import durak

    return durak.greedy_move(state, state.to_move)


def _mexican_computer(state: Any) -> Any:
    from parlour import mexican_train

    return mexican_train.computer_move(state)


def _bridge_computer(state: Any) -> Any:
    return state.computer_move()


def _whist_move(text: object) -> object:
    from parlour.cards import parse_card

    return parse_card(text, "bridge") if isinstance(text, str) else text


def _same(a: Any, b: Any) -> bool:
    to_dict = getattr(b, "to_dict", None)
    return bool(a == b or (to_dict is not None and a == to_dict()))


@dataclass(frozen=True)
class GameAdapter:
    """A registry game as the server plays it.

    Attributes:
        id: The registry id (``"whist"``, ``"mexican-train"``, ...).
        title: The registry's title.
        options: Each option name to ``(default, description)``, as the registry gives them.
        new_state: Builds the dealt state from checked options and a seed.
        computer: The game's computer player (returns one of ``legal_moves()``), or None.
        seats_option: The option that sets the number of seats, if any.
        fixed_seats: The number of seats when no option sets it.
        first_seat: The number of the first seat in the state's ``to_move`` (1 in Gyla and
            Durak, whose engines number players from 1; 0 elsewhere).
        parse_move: Turns a move as a client sends it into what the state's ``apply`` takes
            (so that a refused move gets the game's own code), or None to pass it as it is.
    """

    id: str
    title: str
    options: Mapping[str, tuple[str, str]]
    new_state: Callable[[Mapping[str, str], int], Any]
    computer: Callable[[Any], Any] | None = None
    seats_option: str | None = None
    fixed_seats: int = 4
    parse_move: Callable[[object], object] | None = None
    first_seat: int = 0
    _chooser: bool = field(default=False, repr=False)

    @property
    def bots(self) -> tuple[str, ...]:
        """The names of the bots that can take a seat (``"random"``, ``"first"``, ...)."""
        return ("random", "first", "computer") if self.computer else ("random", "first")

    def check_options(self, options: object) -> dict[str, str]:
        """The options with defaults filled in, each value as registry text.

        Raises:
            ConfigError: ``INVALID_OPTIONS`` when ``options`` is not an object,
                ``UNKNOWN_OPTION`` for a name the game does not have.
        """
        if options is None:
            options = {}
        if not isinstance(options, Mapping):
            raise ConfigError("INVALID_OPTIONS", "options must be a JSON object")
        out = {name: default for name, (default, _) in self.options.items()}
        for name, value in options.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ConfigError(
                    "UNKNOWN_OPTION", f"{self.id} has no option {name!r} (options: {known})"
                )
            out[name] = option_text(value)
        return out

    def seats(self, options: Mapping[str, str]) -> int:
        """The number of seats with these (checked) options.

        Raises:
            ConfigError: ``INVALID_OPTION`` for a bad seat-count option.
        """
        if self.seats_option is None:
            return self.fixed_seats
        return _int_option(options, self.seats_option, 2, 8)

    def new(self, options: Mapping[str, str], seed: int) -> Any:
        """The dealt state.

        Raises:
            ConfigError: ``INVALID_SEED`` or ``INVALID_OPTION``.
        """
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
            raise ConfigError("INVALID_SEED", "seed must be an integer from 0 to 2**64 - 1")
        return self.new_state(options, seed)

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may know: the game's ``view(seat)``."""
        view: dict[str, Any] = state.view(seat)
        return view

    def actor(self, state: Any) -> int | None:
        """The seat that chooses the next move (bridge's declarer for dummy), or None."""
        if state.is_terminal:
            return None
        if self._chooser:
            view = state.view(0)
            chooser = view.get("chooser")
            return int(view["to_move"] if chooser is None else chooser)
        to_move = state.to_move
        return None if to_move is None else int(to_move) - self.first_seat

    def legal(self, state: Any, seat: int, view: Mapping[str, Any] | None = None) -> list[str]:
        """The moves ``seat`` may choose now, as text (empty unless it is the actor)."""
        if view is None:
            view = state.view(seat)
        if self._chooser and view.get("chooser") is not None:
            return list(view["choices"]) if view["chooser"] == seat else []
        return list(view["legal_moves"])

    def apply_index(self, state: Any, index: int) -> Any:
        """The state after the ``index``-th legal move."""
        return state.apply_index(index)

    def index_of(self, state: Any, seat: int, move: object) -> int:
        """The index of ``move`` (an entry of ``legal``) among the legal moves.

        Raises:
            IllegalMoveError: With the game's own code when the game refuses the move,
                ``ILLEGAL_MOVE`` otherwise.
        """
        legal = self.legal(state, seat)
        if isinstance(move, str) and move in legal:
            return legal.index(move)
        try:
            after = state.apply(self.parse_move(move) if self.parse_move else move)
        except ParlourError as exc:
            raise IllegalMoveError(exc.code, exc.message) from None
        except Exception:
            raise IllegalMoveError("ILLEGAL_MOVE", f"{move!r} is not a legal move here") from None
        for i in range(len(legal)):
            if state.apply_index(i) == after:
                return i
        raise IllegalMoveError("ILLEGAL_MOVE", f"{move!r} is not a legal move here")

    def bot_index(self, state: Any, bot: str, seed: int) -> int:
        """The index of the move bot ``bot`` makes (``seed`` drives the random bot)."""
        count = len(state.legal_moves())
        if bot == "first" or count == 1:
            return 0
        if bot == "computer" and self.computer is not None:
            choice = self.computer(state)
            for i, move in enumerate(state.legal_moves()):
                if _same(choice, move):
                    return i
            legal = self.legal(state, self.actor(state) or 0)
            if isinstance(choice, str) and choice in legal:
                return legal.index(choice)
        return random.Random(seed).randrange(count)

    def returns(self, state: Any) -> list[float]:
        """Each seat's return."""
        return [float(x) for x in state.returns()]

    def notation(self, state: Any) -> str:
        """The whole position in the game's notation."""
        text: str = state.to_notation()
        return text


def _spec(game: str) -> tuple[str, Mapping[str, tuple[str, str]], int]:
    spec = GAMES[game]
    return spec.title, spec.options, spec.seats


def _adapters() -> dict[str, GameAdapter]:
    table: list[tuple[str, Callable[[Mapping[str, str], int], Any], Any, str | None, bool]] = [
        ("whist", _whist, None, None, False),
        ("dalmara-4p", _dalmara("4p"), None, None, False),
        ("dalmara-2p", _dalmara("2p"), None, None, False),
        ("mexican-train", _mexican_train, _mexican_computer, "players", False),
        ("gyla", _gyla, _gyla_computer, None, False),
        ("durak", _durak, _durak_computer, "seats", False),
        ("bridge-play", _bridge, _bridge_computer, None, True),
    ]
    out: dict[str, GameAdapter] = {}
    for game, new, computer, seats_option, chooser in table:
        if game not in GAMES:
            continue
        title, options, seats = _spec(game)
        out[game] = GameAdapter(
            id=game,
            title=title,
            options=options,
            new_state=new,
            computer=computer,
            seats_option=seats_option,
            fixed_seats=seats,
            parse_move=_whist_move if game == "whist" else None,
            first_seat=1 if game in ("gyla", "durak") else 0,
            _chooser=chooser,
        )
    return out


ADAPTERS: Mapping[str, GameAdapter] = _adapters()
"""Every registry game the server can hold a table of, by id."""
