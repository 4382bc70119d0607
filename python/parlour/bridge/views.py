"""What each seat sees of the card play: :class:`View` and :data:`OBSERVATION_SHAPE`.

``BridgePlayState.view(seat)`` (seats 0-3 = N, E, S, W) holds the seat's own cards, the contract,
the cards played, how many cards each seat holds, the voids shown, the tricks of each side and,
once the opening lead is on the table, dummy's hand. Declarer chooses dummy's cards: ``chooser``
names the seat that picks the next card and ``choices`` lists the cards in the chooser's view
only. ``observation(seat)`` is the same as a float32 array of shape :data:`OBSERVATION_SHAPE`;
``resample(seat, seed)`` deals the hands the seat cannot see anew (layouts in
``docs/bridge.md``).

>>> from parlour.bridge import BridgePlayState
>>> s = BridgePlayState.random(3, strain="N", declarer="S")
>>> v = s.view(0)
>>> v["contract"][1:], v["declarer"], v["dummy"], v["dummy_exposed"], v["dummy_hand"]
('N', 2, 0, False, None)
>>> s.observation(0).shape == OBSERVATION_SHAPE
True
"""

from __future__ import annotations

from parlour.protocol import TrickPlayView

__all__ = ["OBSERVATION_SHAPE", "View"]

OBSERVATION_SHAPE = (420,)
"""The shape of ``BridgePlayState.observation(seat)``: the shared trick-play part (395) and
bridge's own (25); the offsets are in ``docs/bridge.md``."""


class View(TrickPlayView):
    """``BridgePlayState.view(seat)``: the common keys, the play's public parts, the contract.

    The play's public parts are :class:`~parlour.protocol.TrickPlayView`'s (``tricks_won`` by
    side: NS, EW). Cards are bridge-spelled (``"SA"``, ``"HT"``), seats 0-3 (N, E, S, W). The
    common key ``legal_moves`` follows ``to_move`` as in every game: when dummy is to move,
    dummy's own view lists dummy's (public) legal cards there. Declarer picks them: ``choices``
    lists the cards the seat chooses from now, in the chooser's view only.
    """

    contract: str
    """The contract as text: level, strain (``N`` = no-trump) and ``X``/``XX`` (``"3NX"``)."""
    level: int
    """The contract level, 1-7."""
    strain: str
    """The strain letter: ``S``, ``H``, ``D``, ``C`` or ``N`` (no-trump)."""
    doubled: int
    """0 (undoubled), 1 (doubled) or 2 (redoubled)."""
    declarer: int
    """Declarer's seat."""
    dummy: int
    """Dummy's seat (declarer's partner)."""
    dummy_exposed: bool
    """True once the opening lead has been played: dummy's hand is then face up."""
    dummy_hand: list[str] | None
    """Dummy's cards still held, once exposed (in every seat's view); None before the lead."""
    declarer_tricks: int
    """Tricks taken by declarer's side."""
    chooser: int | None
    """The seat that picks the next card: declarer when dummy is to move, else ``to_move``;
    None when the play is over."""
    choices: list[str]
    """The cards this seat picks from now (its own legal cards, or dummy's when it is declarer
    and dummy is to move); empty unless the seat is the chooser."""
    choice_actions: list[int]
    """The same cards as action ids ``suit * 13 + rank``."""
