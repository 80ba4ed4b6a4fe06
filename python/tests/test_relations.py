"""Agreement on relations through the best alignment, from brat files written here: the same
keys as `gamma-studio gamma --relations --json`, counts computed by hand."""

import pytest

import gamma_studio

TEXT = "Sony bought Columbia Pictures in 1989. It paid them."
UNITS = ("T1\tOrganization 0 4\tSony\nT2\tOrganization 12 29\tColumbia Pictures\n"
         "T4\tTransfer 5 11\tbought\nT5\tOrganization 39 41\tIt\nT6\tOrganization 47 51\tthem\n")
# a: R1 Owns, R2 Pays, the equivalence Sony–It, the event's Buyer and Thing (5 relations).
A = ("R1\tOwns Arg1:T1 Arg2:T2\nR2\tPays Arg1:T5 Arg2:T6\n*\tCoref T5 T1\n"
     "E1\tTransfer:T4 Buyer:T1 Thing:T2\n")


def brat(folder, links):
    folder.mkdir()
    (folder / "doc.txt").write_text(TEXT)
    (folder / "doc.ann").write_text(UNITS + links)
    return folder / "doc.ann"


def test_a_copy_less_one_relation_and_one_relabelled_counted_by_hand(tmp_path):
    # b is a copy of a without R2; c a copy with R1 relabelled Buys.
    files = [brat(tmp_path / "a", A),
             brat(tmp_path / "b", A.replace("R2\tPays Arg1:T5 Arg2:T6\n", "")),
             brat(tmp_path / "c", A.replace("Owns", "Buys"))]
    result = gamma_studio.read(*files).compute_gamma(n_samples=2, categorical_gammas=False)
    agreement = result.relation_agreement()
    assert set(agreement) == {"pairs", "overall", "mean_label_kappa", "labels", "unplaced"}
    counts = [(p["annotators"], p["relations"],
               [p["same_label"], p["other_label"], p["only_first"], p["only_second"]])
              for p in agreement["pairs"]]
    # By hand: a–b match 4 with the same label, a's R2 alone; a–c match all 5, R1 with
    # another label; b–c match 4, R1 with another label, c's R2 alone.
    assert counts == [(["a", "b"], [5, 4], [4, 0, 1, 0]),
                      (["a", "c"], [5, 5], [4, 1, 0, 0]),
                      (["b", "c"], [4, 5], [3, 1, 0, 1])]
    a_b, a_c, b_c = agreement["pairs"]
    assert a_b["f1_labelled"] == pytest.approx(8 / 9)
    assert a_c["f1_unlabelled"] == 1.0
    assert a_c["f1_labelled"] == pytest.approx(0.8)
    # Five labels once a side, four alike: κ = (0.8 − 0.16) / (1 − 0.16).
    assert a_c["label_kappa"] == pytest.approx(0.64 / 0.84)
    assert b_c["f1_labelled"] == pytest.approx(6 / 9)
    assert agreement["overall"]["relations"] == [14, 14]
    assert agreement["overall"]["f1_unlabelled"] == pytest.approx(26 / 28)
    owns = next(label for label in agreement["labels"] if label["label"] == "Owns")
    assert (owns["relations"], owns["same_label"], owns["f1"]) == ([3, 1], 1, 0.5)
    assert agreement["unplaced"] == []


def test_a_relation_to_a_unit_not_measured_is_unplaced(tmp_path):
    # b's R2 names T9, which its file does not have.
    files = [brat(tmp_path / "a", A),
             brat(tmp_path / "b", A.replace("Arg2:T6", "Arg2:T9"))]
    with pytest.warns(UserWarning, match=r"b/doc.ann: line 7: 1 argument\(s\) of relations name an id"):
        continuum = gamma_studio.read(*files)
    agreement = continuum.compute_gamma(n_samples=2).relation_agreement()
    assert agreement["unplaced"] == [{"annotator": "b", "relation": "R2", "missing": "T9"}]
    assert agreement["pairs"][0]["relations"] == [5, 4]
