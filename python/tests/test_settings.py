"""Settings are checked once, by the core: the values the command line and the app refuse
(src/cli/settings_args.rs, src/app/measure/settings.rs) are refused here, named by their keyword
arguments."""

import pytest

import gamma_studio


def two_annotators():
    c = gamma_studio.Continuum()
    c.add("ann1", 10.0, 25.0, "PER")
    c.add("ann2", 11.0, 25.0, "PER")
    return c


def test_an_empty_slot_cost_of_zero_is_refused():
    with pytest.raises(
        ValueError,
        match=r"^delta_empty must be greater than 0 and at most 1e6 \(got 0\)$",
    ):
        gamma_studio.Dissimilarity(delta_empty=0)


def test_weights_have_an_upper_bound():
    with pytest.raises(ValueError, match=r"^alpha must be a number from 0 to 1e6"):
        gamma_studio.Dissimilarity(alpha=1e7)


def test_precision_and_confidence_lie_strictly_between_0_and_1():
    c = two_annotators()
    with pytest.raises(
        ValueError,
        match=r"^precision_level must be strictly between 0 and 1 \(got 1.5\)$",
    ):
        c.compute_gamma(precision_level=1.5)
    with pytest.raises(
        ValueError, match=r"^confidence must be strictly between 0 and 1 \(got 0\)$"
    ):
        c.compute_gamma(confidence=0.0)
