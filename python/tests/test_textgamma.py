"""tγ of CorA-XML files: TextGammaTool's observed disorders (tests/fixtures/cora, as in the
Rust tests), determinism for a seed, settings and reader errors."""

import pytest

import gamma_studio
from conftest import FIXTURES

CORA = FIXTURES / "cora"


@pytest.mark.parametrize("a, b, expected", [
    ("p1_pos_A.xml", "p1_pos_B.xml", 0.125),
    ("p1b_posmorph_A.xml", "p1b_posmorph_B.xml", 0.2083333395),
    ("p2_segtext_A.xml", "p2_segtext_B.xml", 0.875),
    ("p3_repeat_A.xml", "p3_repeat_B.xml", 0.4),
    ("p4_indel_A.xml", "p4_indel_B.xml", 0.1818181818),
])
def test_observed_disorders_match_textgammatool(a, b, expected):
    r = gamma_studio.text_gamma(CORA / a, CORA / b, n_samples=5)
    assert r.observed_disorder == pytest.approx(expected, abs=1e-6)
    assert r.annotators == [a[:-4], b[:-4]]  # named after their files


def test_expected_disorder_with_given_probabilities_matches_textgammatool():
    # TextGammaTool's mean of 5 runs for p2 at p_t = 0.25, p_s = 0.04 with its base: 0.6480.
    r = gamma_studio.text_gamma(CORA / "p2_segtext_A.xml", CORA / "p2_segtext_B.xml",
                                base=CORA / "p2_base.xml", p_text=0.25, p_segmentation=0.04,
                                reference_merges=True, precision=0.01, seed=11)
    assert r.expected_disorder == pytest.approx(0.6480, abs=0.015)
    assert (r.p_text, r.p_segmentation, r.seed) == (0.25, 0.04, 11)
    assert r.gamma == r.tgamma == pytest.approx(1 - r.observed_disorder / r.expected_disorder)


def test_text_gamma_is_deterministic_for_a_seed():
    files = (CORA / "p1b_posmorph_A.xml", CORA / "p1b_posmorph_B.xml")
    a = gamma_studio.text_gamma(*files, layers=["pos", "morph"], n_samples=50, seed=5)
    b = gamma_studio.text_gamma(*files, layers=["pos", "morph"], n_samples=50, seed=5)
    assert (a.tgamma, a.expected_disorder, a.n_samples) == (b.tgamma, b.expected_disorder, 50)
    only_pos = gamma_studio.text_gamma(*files, layers=["pos"], n_samples=50, seed=5)
    assert only_pos.observed_disorder != a.observed_disorder


def test_text_gamma_errors(tmp_path):
    with pytest.raises(ValueError, match="both p_text and p_segmentation"):
        gamma_studio.text_gamma(CORA / "p1_pos_A.xml", CORA / "p1_pos_B.xml", p_text=0.1)
    with pytest.raises(ValueError, match="unknown text distance"):
        gamma_studio.text_gamma(CORA / "p1_pos_A.xml", CORA / "p1_pos_B.xml", text_distance="x")
    broken = tmp_path / "broken.xml"
    broken.write_text('<?xml version="1.0"?>\n<text>\n<token id="t1">\n</text>\n')
    with pytest.raises(gamma_studio.ReadError) as caught:
        gamma_studio.text_gamma(CORA / "p1_pos_A.xml", broken)
    assert caught.value.file == str(broken) and caught.value.line == 4
    assert "malformed XML" in str(caught.value)
