from __future__ import annotations

import pytest
from _bridge_util import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bridge import PROBLEM_CODES, BridgeFormatError, check_board, lin, pbn
from parlour.errors import ConfigError, ParlourError

DEAL = "N:AKQ.AKQJ.A9.AKQJ JT9.T98.KQJ.T987 876.765.T854.653 5432.432.7632.42"


def _game(
    play: str, *, deal: str = DEAL, contract: str = "3NT", declarer: str = "N", leader: str = "E"
) -> str:
    return (
        f'[Event "T"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "12"]\n'
        f'[Play "{leader}"]\n{play}\n'
    )


def test_seat_columns_not_play_order() -> None:
    # W ruffs trick 1 in hearts... here: N wins trick 1 and leads trick 2 from column 3.
    (b,) = pbn.read(_game("SJ S8 S2 SA\nST S7 S3 SK\n*"))
    assert b.play == ("SJ", "S8", "S2", "SA", "SK", "ST", "S7", "S3")
    assert b.play_terminated
    assert not b.problems
    assert check_board(b) == "consistent_claim"


def test_trump_decides_the_next_leader() -> None:
    # In hearts E's opening spade lead is ruffed by nobody; in 4H by S: columns E S W N.
    deal = "N:AKQJ.AKQJ.A9.AKQ JT9.T98.KQJ.T987 876.765.T854.J653 5432.432.7632.42"
    (b,) = pbn.read(_game("SJ S8 S2 SA\n*", deal=deal, contract="4H", declarer="N"))
    assert b.play == ("SJ", "S8", "S2", "SA")


def test_dash_in_any_column_and_annotations() -> None:
    (b,) = pbn.read(_game("SJ S8 S2 SA =1= !\n- - - SK {claim}\n*"))
    assert b.play[-1] == "SK"
    assert b.comments == ("claim",)
    (b,) = pbn.read(_game("SJ - - -\n*"))
    assert b.play == ("SJ",)
    (b,) = pbn.read(_game("SJ S8 S2 SA\n- - - -"))
    assert b.play == ("SJ", "S8", "S2", "SA")
    assert not b.play_terminated


def test_inherited_tags_and_hash_value() -> None:
    text = (
        _game("*")
        + "\n"
        + '[Event "#"]\n[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Play "W"]\n*\n'
    )
    a, b = pbn.read(text)
    assert b.hands == a.hands
    assert b.board == "1"
    assert b.event == "T"
    assert "Deal" in b.inherited_tags
    assert "Event" in b.inherited_tags
    assert b.opening_leader == "W"
    assert b.contract is not None
    assert b.contract.declarer == "S"


def test_repeated_tag_starts_a_new_game() -> None:
    text = _game("*") + _game("*").replace('[Board "1"]', '[Board "2"]')
    boards = pbn.read(text)
    assert [b.board for b in boards] == ["1", "2"]


def test_rotated_rows_are_errors_unless_repaired() -> None:
    # The second row written in play order from its leader N (rotated) instead of seat columns.
    text = _game("SJ S8 S2 SA\nSK ST S7 S3\n*")
    (strict,) = pbn.read(text)
    codes = [p.code for p in strict.problems]
    assert "CARD_NOT_OWNED" in codes
    assert all(p.line == 11 for p in strict.problems if p.code == "CARD_NOT_OWNED")
    (fixed,) = pbn.read(text, repair=True)
    assert fixed.play == ("SJ", "S8", "S2", "SA", "SK", "ST", "S7", "S3")
    assert fixed.repairs
    assert fixed.play_strict == strict.play
    assert not fixed.problems
    with pytest.raises(BridgeFormatError) as e:
        pbn.read(text, raise_errors=True)
    assert e.value.code == "CARD_NOT_OWNED"
    assert len(e.value.problems) == len(strict.problems)


@pytest.mark.parametrize(
    ("deal", "code"),
    [
        (DEAL.replace("AKQJ JT9", "AKQJ AT9"), "DEAL_DUPLICATE_CARD"),
        (DEAL.replace("AKQJ JT9", "AKQZ JT9"), "DEAL_INVALID_CARD"),
        (DEAL.replace(".42", ".4"), "DEAL_HAND_SIZE"),
        ("N:AKQ", "DEAL_INVALID"),
    ],
)
def test_bad_deals_are_errors_not_guesses(deal: str, code: str) -> None:
    (b,) = pbn.read(_game("SJ S8 S2 SA\n*", deal=deal))
    assert b.hands is None
    assert code in [p.code for p in b.problems]
    assert all(p.line == 5 for p in b.problems if p.code == code)


def test_lin_reading() -> None:
    text = (
        "pn|a,b,c,d|st||md|3S876H765DT854C653,S5432H432D7632C42,SAKQHAKQJDA9CAKQJ,|rh||ah|Board 7|"
        "sv|b|mb|1C|an|strong|mb|p|mb|1H|mb|p|mb|2N!|mb|p|mb|3N|mb|d|mb|p|mb|p|mb|p|pg||\n"
        "pc|HT|pc|h5|pc|h2|pc|hA|pg||mc|9|"
    )
    (b,) = lin.read(text)
    assert b.contract is not None
    assert (b.contract.text, b.contract.declarer, b.opening_leader) == ("3NTX", "N", "E")
    assert b.board == "7"
    assert b.vulnerability == "All"
    assert b.notes == ("strong",)
    assert b.hands is not None
    assert b.hands["E"] == (
        "SJ",
        "ST",
        "S9",
        "HT",
        "H9",
        "H8",
        "DK",
        "DQ",
        "DJ",
        "CT",
        "C9",
        "C8",
        "C7",
    )
    assert b.play == ("HT", "H5", "H2", "HA")
    assert b.result == 9
    assert b.claim == 9
    assert not b.problems
    # a ten spelled "10" in pc| reads as in md|
    (b10,) = lin.read(text.replace("pc|HT|", "pc|H10|"))
    assert b10.play == b.play
    assert not b10.problems


def test_lin_declarer_is_first_to_name_the_strain() -> None:
    text = (
        "md|1S876H765DT854C653,S5432H432D7632C42,SAKQHAKQJDA9CAKQJ,|"
        "mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|"
    )
    (b,) = lin.read(text)
    assert b.contract is not None
    assert b.contract.declarer == "S"
    assert b.opening_leader == "W"


def test_lin_bad_input_reports_positions() -> None:
    (b,) = lin.read(
        "md|3S876H765DT854C653,S5432H432D7632C42,SAKQHAKQJDA9CAKQ,|\nmb|1N|mb|p|mb|p|mb|p|pc|SZ|"
    )
    codes = [p.code for p in b.problems]
    assert "DEAL_HAND_SIZE" in codes
    assert "PLAY_INVALID_CARD" in codes
    bad = next(p for p in b.problems if p.code == "PLAY_INVALID_CARD")
    assert bad.line == 2
    with pytest.raises(BridgeFormatError):
        lin.read("md|3SAA,,,|", raise_errors=True)


def test_vugraph_file() -> None:
    boards = lin.read_file(
        DATA / "forrestrice+bridge-bots/bridgebots/tests/resources/usbf_sf_14502.lin"
    )
    assert len(boards) == 30
    assert [b.room for b in boards[:2]] == ["Open", "Closed"]
    assert boards[0].board == "46"
    assert boards[0].event == "2010 USBF SF A"
    assert all(b.result is not None and not b.problems for b in boards)
    assert all(check_board(b) in ("consistent", "consistent_claim") for b in boards)


def test_wrong_argument_types() -> None:
    with pytest.raises(TypeError):
        pbn.read(b"[Event]")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lin.read(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pbn.read_file(0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        lin.read_file(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        pbn.write(["not a board"])  # type: ignore[list-item]
    with pytest.raises(ConfigError):
        lin.read_file("no\x00such-file.lin")
    with pytest.raises(ConfigError):
        pbn.read_file(DATA / "no-such-file.pbn")


PBN_ALPHABET = st.sampled_from(
    [
        *list('[]"{};%*-=!?$ \nSHDCAKQJT98765432NEWPassXAP:.#'),
        '[Play "W"]\n',
        '[Deal "N:',
        '[Contract "4S"]\n',
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(PBN_ALPHABET, max_size=80).map("".join))
def test_pbn_fuzz_never_crashes(text: str) -> None:
    try:
        boards = pbn.read(text, repair=True)
    except ParlourError:
        return
    for b in boards:
        for p in b.problems:
            assert p.line >= 0
            assert p.code.isupper()
    again = pbn.read(pbn.write(boards), repair=True)
    if not any(b.problems for b in boards):
        assert again == boards  # identity for every board read without a problem


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "md|",
                "mb|",
                "pc|",
                "mc|",
                "qx|",
                "|",
                "3",
                "S",
                "A",
                "K",
                "2",
                ",",
                "p",
                "1N",
                "\n",
                "x",
            ]
        ),
        max_size=60,
    ).map("".join)
)
def test_lin_fuzz_never_crashes(text: str) -> None:
    for b in lin.read(text):
        assert all(p.code in PROBLEM_CODES for p in b.problems)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_pbn_real_file_with_damage_keeps_every_board(data: st.DataObject) -> None:
    text = (
        DATA / "forrestrice+bridge-bots/bridgebots/tests/resources/shared_deals.pbn"
    ).read_text()
    pos = data.draw(st.integers(0, len(text) - 1))
    junk = data.draw(st.sampled_from(["X", "SZ", "[", "{", "}", "*", "-", '"', "S2"]))
    damaged = text[:pos] + junk + text[pos + 1 :]
    boards = pbn.read(damaged, repair=True)
    assert len(boards) >= 3


def test_problem_codes_are_documented() -> None:
    import re
    from pathlib import Path

    src = Path(pbn.__file__).read_text() + Path(lin.__file__).read_text()
    used = set(re.findall(r'Problem\(\s*"([A-Z_]+)"', src))
    assert used <= set(PROBLEM_CODES)
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bridge.md").read_text()
    assert all(f"`{code}`" in doc for code in PROBLEM_CODES)


def test_problem_codes_are_codes_of_the_rust_enum() -> None:
    # A problem's code is raised as a BridgeFormatError's code: bridge::Code lists each.
    import re
    from pathlib import Path

    from parlour import _core

    codes = set(_core.error_codes("bridge"))
    assert set(PROBLEM_CODES) <= codes, sorted(set(PROBLEM_CODES) - codes)
    src = "".join(Path(m.__file__).read_text() for m in (pbn, lin) if m.__file__)
    src += (Path(pbn.__file__).parent / "records.py").read_text()
    assert set(re.findall(r'Problem\(\s*"([A-Z_]+)"', src)) <= codes


SEATS4 = ["N", "E", "S", "W"]


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(0, 52),
    st.sampled_from(["S", "H", "D", "C", "N"]),
    st.sampled_from(SEATS4),
    st.integers(1, 7),
    st.integers(0, 2),
)
def test_random_boards_write_and_read_back(
    seed: int, n: int, strain: str, declarer: str, level: int, doubled: int
) -> None:
    import random

    from parlour.bridge import Board, BridgePlayState, Contract

    contract = Contract(level, strain, doubled, declarer)  # type: ignore[arg-type]
    state = BridgePlayState.random(seed)
    hands = state.hands
    state = BridgePlayState(hands, contract)
    rng = random.Random(seed)
    play: list[str] = []
    for _ in range(n):
        card = rng.choice(state.legal_moves())
        play.append(card)
        state = state.apply(card)
    tricks = state.declarer_tricks
    board = Board(
        board="1",
        dealer="N",
        vulnerability="None",
        hands={s: tuple(h) for s, h in hands.items()},
        auction=("1C", "Pass", "Pass", "Pass"),
        contract=contract,
        opening_leader=contract.opening_leader,
        play=tuple(play),
        result=tricks + (13 - n // 4) // 2 if n < 52 else tricks,
        source_format="lin",
    )
    (again,) = pbn.read(pbn.write([board]))
    assert not again.problems
    assert (again.hands, again.contract, again.opening_leader, again.play, again.result) == (
        board.hands,
        board.contract,
        board.opening_leader,
        board.play,
        board.result,
    )
    assert check_board(again) in (("consistent", "consistent_claim") if n else ("no_play",))
    assert again.claimed == (0 < n < 52)


def test_tag_escapes_and_section_bodies_survive_writing() -> None:
    f = DATA / "dominicprice+endplay/tests/pbn/example2.pbn"
    (board, *_) = pbn.read_file(f)
    assert ("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R") in board.tags
    text = pbn.write([board])
    assert "Declarer;Denomination\\2R;Result\\2R" in text
    assert "W  C  5" in text  # the table rows are written back
    (again,) = pbn.read(text)
    assert again == board
    assert dict(again.sections)["OptimumResultTable"] == dict(board.sections)["OptimumResultTable"]
    (q,) = pbn.read('[Event "a \\"quoted\\" \\\\ name"]\n')
    assert q.event == 'a "quoted" \\ name'
    assert pbn.read(pbn.write([q])) == [q]


def test_lin_dealer_from_board_number_and_table_with_title() -> None:
    text = (
        "qx|c6,BOARD 6|md|S876H765DT854C653,S5432H432D7632C42,SAKQHAKQJDA9CAKQJ,|"
        "mb|1N|mb|p|mb|p|mb|p|pc|S3|"
    )
    (b,) = lin.read(text)
    assert (b.board, b.room, b.dealer) == ("6", "Closed", "E")
    assert b.irregularities
    assert b.contract is not None
    assert b.contract.declarer == "E"
    assert b.opening_leader == "S"
    assert b.play == ("S3",)
    assert [p.code for p in b.problems] == ["CARD_NOT_OWNED"]


def test_double_dummy_tricks_tag_agrees_with_optimum_result_table() -> None:
    boards = pbn.read_file(DATA / "dominicprice+endplay/tests/pbn/example2.pbn")
    checked = 0
    for b in boards:
        table = b.double_dummy_tricks
        rows = dict(b.sections).get("OptimumResultTable")
        if table is None or rows is None:
            continue
        for row in rows:
            declarer, strain, tricks = row.split()
            assert table[(declarer, "N" if strain == "NT" else strain)] == int(tricks)  # type: ignore[index]
        checked += 1
    assert checked >= 270
    assert pbn.read('[Event "x"]\n[DoubleDummyTricks "zz"]\n')[0].double_dummy_tricks is None


def test_board_conveniences() -> None:
    from parlour.bridge import build_tricks_from_deal

    (b,) = pbn.read(_game("SJ S8 S2 SA\n- - - SK\n*", contract="3NTXX"))
    assert b.deal == b.hands
    assert b.contract is not None
    assert b.contract.redoubled
    tricks = build_tricks_from_deal(b)
    assert [t["winner"] for t in tricks] == ["N", None]
    assert tricks[1]["cards"] == [{"player": "N", "card": "SK"}]


def test_many_unclosed_comments_are_reported_in_one_pass() -> None:
    text = '[Event "x"]\n' + "{ open\n" * 3000 + '[Board "1"]\n[Deal "' + DEAL + '"]\n'
    (b,) = pbn.read(text)
    assert [p.code for p in b.problems] == ["UNTERMINATED_COMMENT"] * 3000
    assert b.board == "1"
    assert b.hands is not None


def test_tags_and_comments_sharing_lines_are_all_kept() -> None:
    text = '{ a } [Event "x"]\n{ b } [Board "1"] {c} [Site "y"] ; z\n'
    (b,) = pbn.read(text)
    assert not b.problems
    assert (b.event, b.board, b.site) == ("x", "1", "y")
    assert b.comments == (" a ", " b ", "c", "z")
    assert pbn.read(pbn.write([b])) == [b]


def test_pbn_play_without_leader_still_reads_its_end_mark() -> None:
    head = (
        '[Board "1"]\n[Dealer "N"]\n'
        '[Deal "N:AKQ.AKQJ.A9.AKQJ JT9.T98.KQJ.T987 876.7652.T854.65 5432.43.7632.432"]\n'
    )
    (ended,) = pbn.read(head + '[Play "-"]\n*\n')
    (open_,) = pbn.read(head + '[Play "-"]\n')
    assert ended.play_terminated
    assert not open_.play_terminated
    assert ended.play == open_.play == ()
    assert not ended.problems
