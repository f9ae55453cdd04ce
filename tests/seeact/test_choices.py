"""Option letters, the "none" option and batching."""

from __future__ import annotations

import pytest

from webvoyager.seeact.choices import NONE_TEXT, letter, letter_index, make_batches, split_batches


@pytest.mark.parametrize("index, expected", [(0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"),
                                             (52, "BA"), (701, "ZZ"), (702, "AAA")])
def test_letters_run_a_to_z_then_double(index: int, expected: str) -> None:
    assert letter(index) == expected
    assert letter_index(expected) == index
    assert letter_index(expected.lower()) == index


def test_letter_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        letter(-1)
    for bad in ("", "1", "A1", "É"):
        with pytest.raises(ValueError):
            letter_index(bad)


@pytest.mark.parametrize("n, size, sizes", [(50, 17, [16, 17, 17]), (17, 17, [17]), (18, 17, [9, 9]),
                                            (0, 17, []), (5, 2, [1, 2, 2]), (34, 17, [17, 17])])
def test_batches_are_even_and_keep_order(n: int, size: int, sizes: list[int]) -> None:
    batches = split_batches(list(range(n)), size)
    assert [len(b) for b in batches] == sizes
    assert [x for b in batches for x in b] == list(range(n))


def test_each_batch_letters_from_a_and_ends_with_none_option() -> None:
    items = [f"e{i}" for i in range(20)]
    batches = make_batches(items, [f"<button> {i}" for i in range(20)], batch_size=17)
    assert [len(b.items) for b in batches] == [10, 10]
    second = batches[1]
    lines = second.option_lines().splitlines()
    assert lines[0] == "A. <button> 10"
    assert lines[9] == "J. <button> 19"
    assert lines[-1] == f"K. {NONE_TEXT}"
    assert second.none_letter == "K"
    assert second.pick("B") == "e11"
    assert second.pick("k") is None          # the none option
    assert second.pick("Z") is None          # not offered
    assert second.pick(None) is None
    assert second.is_valid_letter("K") and not second.is_valid_letter("L")


def test_more_than_26_options_use_double_letters() -> None:
    batch = make_batches(list(range(30)), [str(i) for i in range(30)], batch_size=30)[0]
    assert batch.pick("AA") == 26
    assert batch.option_lines().splitlines()[-1].startswith("AE. ")
