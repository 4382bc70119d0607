"""The stateless engine functions: ``POST /v1/{engine}/{function}``, function for function.

Each engine is a source engine's API by its own names (camelCase for the TypeScript engines),
its positional arguments as JSON and its return value as JSON in the source's own shape, on top
of the mirror API of a parlour game package (snake_case). This module is the one place that
maps the two: a game state crosses as the source's JSON object (Dal Mara's ``GameState`` as
``serializeState`` writes it, or a DMN string; Mexican Train's ``TrainGame``), and comes back
the same way.

``call(engine, function, args, options)`` answers the result as JSON data or raises
:class:`EngineCallError` (an unknown function, bad arguments, or what the source engine throws).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.errors import ParlourError

__all__ = ["ENGINES", "Engine", "EngineCallError", "call", "client_js"]


class EngineCallError(ParlourError):
    """A call the server refuses or the engine throws on.

    Args:
        status: The HTTP status (404 for an unknown engine or function, else 422).
        code: The stable error code.
        message: A human sentence.
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(code, message)
        self.status = status

    def __reduce__(self) -> Any:
        return (type(self), (self.status, self.code, self.message))


_CAMEL = re.compile(r"_([a-z0-9])")


def camel(name: str) -> str:
    """``snake_case`` to ``camelCase`` (``stack_position`` -> ``stackPosition``)."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), name)


def to_json(value: Any, convert: Callable[[Any], Any] | None = None) -> Any:
    """A return value as JSON data with camelCase keys (``convert`` handles game objects first).

    Named tuples and dataclasses become objects, tuples lists, mappings objects with string keys.
    """
    if convert is not None:
        done = convert(value)
        if done is not _NOT_MINE:
            return done
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {camel(k): to_json(getattr(value, k), convert) for k in value._fields}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            camel(f.name): to_json(getattr(value, f.name), convert)
            for f in dataclasses.fields(value)
        }
    if isinstance(value, Mapping):
        return {str(k): to_json(v, convert) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(v, convert) for v in value]
    raise EngineCallError(500, "INTERNAL_ERROR", "a result could not be written as JSON")


_NOT_MINE: Final = object()


@dataclass(frozen=True)
class Engine:
    """One source engine's functions.

    Attributes:
        name: The engine's path segment (``"dalmara"``).
        source: The source engine it mirrors.
        functions: Each function's name to its implementation ``(args, options) -> result``.
        options: The parlour options the engine takes, each with its allowed values.
    """

    name: str
    source: str
    functions: Mapping[str, Callable[[list[Any], Mapping[str, Any]], Any]]
    options: Mapping[str, tuple[str, ...]]


def _check_options(engine: Engine, options: object) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise EngineCallError(422, "INVALID_OPTIONS", "options must be a JSON object")
    for name, value in options.items():
        if name not in engine.options:
            raise EngineCallError(422, "UNKNOWN_OPTION", f"{engine.name} has no option {name!r}")
        if value not in engine.options[name]:
            allowed = ", ".join(engine.options[name])
            raise EngineCallError(
                422, "INVALID_OPTION", f"option {name} must be one of {allowed}, not {value!r}"
            )
    return dict(options)


def _arity(args: list[Any], lo: int, hi: int, name: str) -> None:
    if not lo <= len(args) <= hi:
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        raise EngineCallError(
            422, "INVALID_ARGUMENTS", f"{name} takes {want} arguments, not {len(args)}"
        )


# ============================================================================= Dal Mara


def _dalmara() -> Engine:
    from parlour import dalmara as dm

    def state_json(state: Any) -> Any:
        """The ``state`` object of ``serializeState``'s document, built without the text."""
        tr = state.trick
        md = state.move_detail
        body: dict[str, Any] = {
            "game": {"mode": state.mode, "dealerSeat": state.dealer_seat, "turup": state.turup},
            "players": [{"seat": p.seat, "team": p.team} for p in state.players],
            "hands": {str(k): list(v) for k, v in state.hands.items()},
            "ghoptes": [
                {"seat": g.seat, "card": g.card, "order": g.order, "resolved": g.resolved}
                for g in state.ghoptes
            ],
            "stacks": {
                str(k): [
                    {
                        "position": st.position,
                        "hiddenCards": list(st.hidden_cards),
                        "faceUpCard": st.face_up_card,
                    }
                    for st in v
                ]
                for k, v in state.stacks.items()
            },
            "moveNumber": state.move_number,
            "trick": {
                "number": tr.number,
                "playNumber": tr.play_number,
                "leadSuit": tr.lead_suit,
                "isGhopte": tr.is_ghopte,
                "cards": [
                    {"seat": c.seat, "card": c.card, "playOrder": c.play_order} for c in tr.cards
                ],
            },
            "moveDetail": {"seat": md.seat, "card": md.card, "makesTurup": md.makes_turup},
            "nextMoveSeat": state.next_move_seat,
            "rules": state.rules,
        }
        if state.mode == "4p" and state.rules == "rulebook":
            body["turupTrick"] = state.turup_trick
        return body

    def convert(value: Any) -> Any:
        if isinstance(value, dm.GameState):
            return state_json(value)
        if isinstance(value, dm.ActionResult):
            if value.success:
                return {"success": True, "dmn": value.dmn, "state": state_json(value.state)}
            assert value.error is not None
            return {"success": False, "error": value.error.to_dict()}
        if isinstance(value, dm.LegalMove):
            out: dict[str, Any] = {"card": value.card}
            if value.stack_position is not None:
                out["stackPosition"] = value.stack_position
            return out
        if isinstance(value, dm.Player):
            return {"seat": value.seat, "team": value.team}
        return _NOT_MINE

    def state_arg(value: Any, options: Mapping[str, Any]) -> Any:
        """A ``dmnOrState`` argument: DMN text as it is, an object as ``serializeState``'s."""
        if isinstance(value, Mapping):
            doc = {"version": "1.0", "engineVersion": "0.1.0", "state": value}
            return dm.deserialize_state(json.dumps(doc), rules=options.get("rules"))
        return value

    def on_state(
        fn: Callable[..., Any], lo: int, hi: int, name: str, rules: bool = True
    ) -> Callable[[list[Any], Mapping[str, Any]], Any]:
        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            _arity(args, lo, hi, name)
            first = state_arg(args[0], options)
            kwargs = {"rules": options["rules"]} if rules and "rules" in options else {}
            return fn(first, *args[1:], **kwargs)

        return run

    def plain(
        fn: Callable[..., Any], lo: int, hi: int, name: str, unpack: Sequence[str] = ()
    ) -> Callable[[list[Any], Mapping[str, Any]], Any]:
        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            if unpack and len(args) == 1 and isinstance(args[0], Mapping):
                args = [args[0].get(k) for k in unpack]
            _arity(args, lo, hi, name)
            return fn(*args)

        return run

    def create_game(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 1, 1, "createGame")
        return dm.create_game(args[0], rules=options.get("rules", "rulebook"))

    def parse_dmn(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 1, 1, "parseDMN")
        if not isinstance(args[0], str):
            raise EngineCallError(422, "INVALID_DMN", "DMN must be a string")
        return dm.parse_dmn(args[0], rules=options.get("rules", "rulebook"))

    def serialize(fn: Callable[[Any], Any], name: str) -> Callable[[list[Any], Any], Any]:
        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            _arity(args, 1, 1, name)
            state = state_arg(args[0], options)
            if isinstance(state, str):
                state = dm.parse_dmn(state, rules=options.get("rules", "rulebook"))
            return fn(state)

        return run

    def deserialize(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 1, 1, "deserializeState")
        if not isinstance(args[0], str):
            raise EngineCallError(422, "INVALID_SERIALIZATION", "the argument must be a string")
        return dm.deserialize_state(args[0], rules=options.get("rules"))

    functions: dict[str, Callable[[list[Any], Mapping[str, Any]], Any]] = {
        "createGame": create_game,
        "dispatch": on_state(dm.dispatch, 2, 2, "dispatch"),
        "dealFourPlayer": on_state(dm.deal_four_player, 2, 2, "dealFourPlayer"),
        "dealTwoPlayerHands": on_state(dm.deal_two_player_hands, 2, 2, "dealTwoPlayerHands"),
        "dealTwoPlayerStacks": on_state(dm.deal_two_player_stacks, 2, 2, "dealTwoPlayerStacks"),
        "declareTurup": on_state(dm.declare_turup, 2, 2, "declareTurup"),
        "pickupTurupCard": on_state(dm.pickup_turup_card, 2, 2, "pickupTurupCard"),
        "playCard": on_state(dm.play_card, 2, 2, "playCard"),
        "getLegalMoves": on_state(dm.get_legal_moves, 2, 2, "getLegalMoves"),
        "getCurrentPlayer": on_state(dm.get_current_player, 1, 1, "getCurrentPlayer"),
        "getRemainingCards2P": on_state(dm.get_remaining_cards_2p, 1, 2, "getRemainingCards2P"),
        "isFinished": on_state(dm.is_finished, 1, 1, "isFinished"),
        "parseDMN": parse_dmn,
        "serializeDMN": serialize(dm.serialize_dmn, "serializeDMN"),
        "serializeState": serialize(dm.serialize_state, "serializeState"),
        "deserializeState": deserialize,
        "createCard": plain(dm.create_card, 2, 2, "createCard"),
        "compareCardRanks": plain(dm.compare_card_ranks, 2, 2, "compareCardRanks"),
        "parseCard": plain(dm.parse_card, 1, 1, "parseCard"),
        "getCardSuit": plain(dm.get_card_suit, 1, 1, "getCardSuit"),
        "getCardRank": plain(dm.get_card_rank, 1, 1, "getCardRank"),
        "createDeck": plain(dm.create_deck, 0, 0, "createDeck"),
        "shuffleDeck": plain(dm.shuffle_deck, 1, 2, "shuffleDeck"),
        "createInitialScoreState": plain(
            dm.create_initial_score_state, 0, 0, "createInitialScoreState"
        ),
        "countTensInCards": plain(dm.count_tens_in_cards, 1, 1, "countTensInCards"),
        "updateScoreOnTrickWon": plain(
            dm.update_score_on_trick_won, 2, 2, "updateScoreOnTrickWon", ("currentScore", "trick")
        ),
        "evaluateGameWinner4P": plain(
            dm.evaluate_game_winner_4p, 2, 2, "evaluateGameWinner4P", ("scores", "players")
        ),
        "evaluateGameWinner2P": plain(
            dm.evaluate_game_winner_2p, 2, 2, "evaluateGameWinner2P", ("scores", "players")
        ),
    }
    return Engine(
        "dalmara",
        "dal-mara-engine 0.2.0",
        {name: _converting(fn, convert) for name, fn in functions.items()},
        {"rules": tuple(dm.RULE_SETS)},
    )


def _converting(
    fn: Callable[[list[Any], Mapping[str, Any]], Any], convert: Callable[[Any], Any]
) -> Callable[[list[Any], Mapping[str, Any]], Any]:
    def run(args: list[Any], options: Mapping[str, Any]) -> Any:
        return to_json(fn(args, options), convert)

    return run


# ============================================================================= Mexican Train


def _mexican_train() -> Engine:
    from parlour import mexican_train as mt

    def history_json(game: Any) -> Any:
        node: dict[str, Any] | None = None
        for count, move in enumerate(mt.moves_of(game), 1):
            node = {"move": dict(move), "before": node, "count": count}
        return node

    def game_json(game: Any) -> dict[str, Any]:
        last = game.last
        return {
            "set": game.set,
            "options": dict(game.options),
            "seed": game.seed,
            "players": list(game.players),
            "computers": list(game.computers),
            "history": history_json(game),
            "rounds": game.rounds,
            "round": game.round,
            "engine": game.engine,
            "hands": [list(h) for h in game.hands],
            "trains": [{"laid": list(t.laid), "open": t.open} for t in game.trains],
            "boneyard": list(game.boneyard),
            "toPlay": game.to_play,
            "uncovered": list(game.uncovered),
            "chaining": game.chaining,
            "drew": game.drew,
            "passes": game.passes,
            "turn": game.turn,
            "phase": game.phase,
            "results": [to_json(r) for r in game.results],
            "winners": list(game.winners),
            "last": None if last is None else {"seat": last["seat"], "move": dict(last["move"])},
        }

    def convert(value: Any) -> Any:
        if isinstance(value, mt.TrainGame):
            return game_json(value)
        return _NOT_MINE

    def history_moves(history: Any) -> list[Any]:
        moves: list[Any] = []
        node = history
        while node is not None:
            if not isinstance(node, Mapping) or "move" not in node:
                raise EngineCallError(422, "INVALID_GAME", "history is not a TrainHistory list")
            moves.append(node["move"])
            node = node.get("before")
        moves.reverse()
        return moves

    def game_arg(value: Any) -> Any:
        """A ``TrainGame`` object: the game its start fields and history replay to."""
        if not isinstance(value, Mapping):
            raise EngineCallError(422, "INVALID_GAME", "a game must be a TrainGame object")
        try:
            game = mt.replay_train(
                value["set"],
                value["players"],
                value["seed"],
                value.get("options"),
                value.get("computers"),
                history_moves(value.get("history")),
            )
        except (KeyError, TypeError):
            raise EngineCallError(422, "INVALID_GAME", "not a TrainGame object") from None
        if game is None:
            raise EngineCallError(422, "INVALID_GAME", "the game's history does not replay")
        return game

    def on_game(name: str, lo: int, hi: int) -> Callable[[list[Any], Mapping[str, Any]], Any]:
        fn = getattr(mt, _snake(name))

        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            _arity(args, lo, hi, name)
            return to_json(fn(game_arg(args[0]), *args[1:]), convert)

        return run

    plain = _plain(mt, convert)

    def computer_move(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 1, 1, "computerMove")
        game = game_arg(args[0])
        if game.is_terminal:
            raise EngineCallError(422, "GAME_OVER", "no move to make: the game is over")
        return to_json(mt.computer_move(game), convert)

    def train_player_name(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 2, 2, "trainPlayerName")
        return mt.train_player_name(game_arg(args[0]), args[1])

    functions: dict[str, Callable[[list[Any], Mapping[str, Any]], Any]] = {
        "startTrain": plain("startTrain", 2, 5),
        "playTrain": on_game("playTrain", 2, 2),
        "legalPlays": on_game("legalPlays", 1, 1),
        "trainMoves": on_game("trainMoves", 1, 1),
        "mayLay": on_game("mayLay", 3, 3),
        "computerMove": computer_move,
        "longestRun": plain("longestRun", 2, 2),
        "encodeTrain": on_game("encodeTrain", 1, 1),
        "decodeTrain": plain("decodeTrain", 1, 1),
        "replayTrain": plain("replayTrain", 6, 6),
        "trainAgain": on_game("trainAgain", 2, 2),
        "movesOf": on_game("movesOf", 1, 1),
        "moveCount": on_game("moveCount", 1, 1),
        "trainTotals": on_game("trainTotals", 1, 1),
        "handPips": plain("handPips", 1, 1),
        "openEnd": on_game("openEnd", 2, 2),
        "mexicanOf": on_game("mexicanOf", 1, 1),
        "handSizeFor": plain("handSizeFor", 2, 2),
        "roundsFor": plain("roundsFor", 2, 2),
        "everyTile": plain("everyTile", 1, 1),
        "tileOf": plain("tileOf", 2, 2),
        "endsOf": plain("endsOf", 1, 1),
        "isDouble": plain("isDouble", 1, 1),
        "pipsOf": plain("pipsOf", 1, 1),
        "fits": plain("fits", 2, 2),
        "laidAgainst": plain("laidAgainst", 2, 2),
        "laidEnds": plain("laidEnds", 1, 1),
        "tileOfLaid": plain("tileOfLaid", 1, 1),
        "tileWords": plain("tileWords", 1, 1),
        "cleanTrainName": plain("cleanTrainName", 1, 1),
        "trainPlayerName": train_player_name,
        "peopleAt": on_game("peopleAt", 1, 1),
        "trainSetName": plain("trainSetName", 1, 1),
    }
    return Engine("mexican-train", "@johnmorrisdotca/domino 1.0.0", functions, {})


# ============================================================================= bridge


def _bridge() -> Engine:
    from parlour import bridge as br

    def convert(value: Any) -> Any:
        if isinstance(value, br.ValidationResult):
            return {
                "isValid": value.is_valid,
                "errors": [
                    {
                        "type": e.type,
                        "trick": e.trick,
                        "position": e.position,
                        "index": e.index,
                        "player": e.player,
                        "card": e.card,
                        "message": e.message,
                    }
                    for e in value.errors
                ],
                "parsedTricks": to_json(value.parsed_tricks),
                "tricksWon": to_json(value.tricks_won),
            }
        return _NOT_MINE

    plain = _plain(br, convert)

    def validate_tricks(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 4, 4, "validateTricks")
        return to_json(br.BridgeEngine().play.validate_tricks(*args), convert)

    functions: dict[str, Callable[[list[Any], Mapping[str, Any]], Any]] = {
        "determineTrickWinner": plain("determineTrickWinner", 3, 3),
        "validateCardFollowsRules": plain("validateCardFollowsRules", 4, 4),
        "getLegalCards": plain("getLegalCards", 2, 2),
        "buildTricks": plain("buildTricks", 2, 2),
        "buildTricksFromDeal": plain("buildTricksFromDeal", 1, 1),
        "extractLeadFromTricks": plain("extractLeadFromTricks", 1, 1),
        "hasPlayedSuit": plain("hasPlayedSuit", 3, 3),
        "removeCardFromHand": plain("removeCardFromHand", 2, 2),
        "deepCopyHands": plain("deepCopyHands", 1, 1),
        "validateTricks": validate_tricks,
    }
    return Engine("bridge", "the bridge play helpers (parlour.bridge)", functions, {})


# ============================================================================= Durak


def _durak() -> Engine:
    from parlour import durak

    def bout(value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise EngineCallError(422, "INVALID_ARGUMENTS", "a bout is a JSON object")
        allowed = {"attacker", "defender", "cap", "attacks", "beats", "taken"}
        if set(value) - allowed:
            raise EngineCallError(422, "INVALID_ARGUMENTS", "unknown bout field")
        fields = dict(value)
        for key in ("attacks", "beats"):
            if key in fields:
                if not isinstance(fields[key], list):
                    raise EngineCallError(422, "INVALID_ARGUMENTS", f"bout {key} is a list")
                fields[key] = tuple(fields[key])
        return durak.Bout(**fields)

    def with_bout(
        name: str, count: int, position: int
    ) -> Callable[[list[Any], Mapping[str, Any]], Any]:
        fn = getattr(durak, name)

        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            _arity(args, count, count, name)
            args = list(args)
            args[position] = bout(args[position])
            return to_json(fn(*args))

        return run

    def cap_for(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 1, 1, "cap_for")
        return durak.cap_for(args[0])

    def beats(args: list[Any], options: Mapping[str, Any]) -> Any:
        _arity(args, 3, 3, "beats")
        return durak.beats(*args)

    functions: dict[str, Callable[[list[Any], Mapping[str, Any]], Any]] = {
        "cap_for": cap_for,
        "beats": beats,
        "legal_attacks": with_bout("legal_attacks", 2, 1),
        "legal_beats": with_bout("legal_beats", 3, 1),
        "forced": with_bout("forced", 5, 1),
        "closes": with_bout("closes", 2, 0),
    }
    return Engine("durak", "Game::Durak::Rules 0.01", functions, {})


def _plain(
    module: Any, convert: Callable[[Any], Any]
) -> Callable[[str, int, int], Callable[[list[Any], Mapping[str, Any]], Any]]:
    """A maker of calls to ``module``'s functions, each named in camelCase.

    Each call takes ``lo`` to ``hi`` arguments as they come and answers in JSON (``convert``
    for ``module``'s own types).
    """

    def plain(name: str, lo: int, hi: int) -> Callable[[list[Any], Mapping[str, Any]], Any]:
        fn = getattr(module, _snake(name))

        def run(args: list[Any], options: Mapping[str, Any]) -> Any:
            _arity(args, lo, hi, name)
            return to_json(fn(*args), convert)

        return run

    return plain


def _snake(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def _engines() -> dict[str, Engine]:
    out: dict[str, Engine] = {}
    for build in (_dalmara, _mexican_train, _bridge, _durak):
        engine = build()
        out[engine.name] = engine
    return out


ENGINES: Final[Mapping[str, Engine]] = _engines()
"""Every engine by its path segment."""


def call(engine: str, function: str, args: object, options: object) -> Any:
    """Call ``engine``'s ``function`` with JSON ``args`` and parlour ``options``.

    Returns:
        The result as JSON data, in the source engine's shape.

    Raises:
        EngineCallError: 404 ``UNKNOWN_ENGINE``/``UNKNOWN_FUNCTION``; 422 for bad arguments or
            options and for what the engine throws (its own code, e.g. ``INVALID_DMN``).
    """
    eng = ENGINES.get(engine)
    if eng is None:
        raise EngineCallError(404, "UNKNOWN_ENGINE", f"no engine {engine!r}; see GET /v1/engines")
    fn = eng.functions.get(function)
    if fn is None:
        raise EngineCallError(
            404, "UNKNOWN_FUNCTION", f"{engine} has no function {function!r}; see GET /v1/engines"
        )
    if args is None:
        args = []
    if not isinstance(args, list):
        raise EngineCallError(422, "INVALID_ARGUMENTS", "args must be a JSON array")
    opts = _check_options(eng, options)
    try:
        return fn(args, opts)
    except EngineCallError:
        raise
    except ParlourError as exc:
        raise EngineCallError(422, exc.code, exc.message) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError):
        raise EngineCallError(
            422, "INVALID_ARGUMENTS", f"{function} cannot take these arguments"
        ) from None


def client_js(engine: str, base: str = "") -> str:
    """An ES module exporting each of ``engine``'s functions, async, calling this server.

    Args:
        engine: The engine's name.
        base: The server's origin, used when the module is not loaded over HTTP.

    Raises:
        EngineCallError: 404 ``UNKNOWN_ENGINE``.
    """
    eng = ENGINES.get(engine)
    if eng is None:
        raise EngineCallError(404, "UNKNOWN_ENGINE", f"no engine {engine!r}")
    lines = [
        f"// parlour serve: {eng.name} ({eng.source}) over HTTP. Each function takes the",
        "// engine's own arguments and returns a Promise of its result.",
        "// Calls go to the origin this module was loaded from (or, loaded from a file, to the",
        "// server that wrote it).",
        "const HERE = new URL(import.meta.url);",
        f'const BASE = HERE.protocol.startsWith("http") ? HERE.origin : {json.dumps(base)};',
        "let OPTIONS = {};",
        "/** Set parlour's options for every later call (for example {rules: ...}). */",
        "export function setOptions(options) { OPTIONS = { ...options }; }",
        "async function call(name, args) {",
        f"  const response = await fetch(`${{BASE}}/v1/{eng.name}/${{name}}`, {{",
        '    method: "POST",',
        '    headers: { "Content-Type": "application/json" },',
        "    body: JSON.stringify({ args, options: OPTIONS }),",
        "  });",
        "  const body = await response.json();",
        "  if (!response.ok) {",
        "    const error = new Error(body.error.message);",
        "    error.code = body.error.code;",
        "    throw error;",
        "  }",
        "  return body.result;",
        "}",
    ]
    for name in eng.functions:
        lines.append(f"export const {name} = (...args) => call({json.dumps(name)}, args);")
    return "\n".join(lines) + "\n"
