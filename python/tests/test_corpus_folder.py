"""A corpus folder read as annotation tools ship it: documents matched by name, each equal to
its files read alone."""

import pathlib

import pytest

import gamma_studio

STAC = pathlib.Path(__file__).resolve().parents[2].parent / "shared/corpora/glozz/stac-s1-league2-game1"


def test_a_folder_of_csv_documents_is_a_corpus(tmp_path):
    rows = "annotator,category,start,end\na,x,0,5\nb,x,1,5\na,y,10,20\nb,y,10,20\n"
    (tmp_path / "one.csv").write_text(rows)
    (tmp_path / "two.csv").write_text(rows.replace("1,5", "0,5"))
    (tmp_path / "notes.md").write_text("not a document")
    documents = gamma_studio.read_corpus(tmp_path)
    assert [d.name for d in documents] == ["one", "two"]
    alone = gamma_studio.read(tmp_path / "one.csv")
    assert documents[0].compute_gamma(seed=3).gamma == alone.compute_gamma(seed=3).gamma


def test_the_stac_units_folder_matches_documents_by_name():
    if not STAC.is_dir():
        pytest.skip("../shared/corpora/glozz is absent")
    with pytest.warns(UserWarning):
        documents = gamma_studio.read_corpus(STAC / "units")
    assert [d.name for d in documents] == ["s1-league2-game1_07", "s1-league2-game1_12"]
    assert documents[1].annotators == ["SILVER", "hjoseph"]
    with pytest.warns(UserWarning):
        alone = gamma_studio.read(
            STAC / "units/hjoseph/s1-league2-game1_12.aa",
            STAC / "units/SILVER/s1-league2-game1_12.aa",
        )
    assert documents[1].compute_gamma(seed=1).gamma == pytest.approx(
        alone.compute_gamma(seed=1).gamma, abs=0
    )
