"""The distributed recipe (examples/dask_corpus.py) runs: per-document γ on a local Dask
cluster of two workers equals the same computation in this process, and the command line's
`gamma DIR --json` per-document values for a corpus folder and for a project file (read with
the project's settings); the corpus-level γ uses the corpus sampler over the manifest's
documents (equal to the Rust command line's)."""

import importlib.util

import pytest

import gamma_studio
from conftest import PACKAGE

pytest.importorskip("dask.distributed")
EXAMPLES = PACKAGE / "examples"
MANIFEST = EXAMPLES / "corpus" / "manifest.txt"
FOLDER = EXAMPLES / "corpus"
# The example corpus as a project: seed 4, exactly 40 samples.
PROJECT = EXAMPLES / "campaign.json"


def recipe():
    spec = importlib.util.spec_from_file_location("dask_corpus", EXAMPLES / "dask_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_manifest_lists_its_documents():
    paths = gamma_studio.manifest_paths(MANIFEST)
    assert [p.rsplit("/", 1)[-1] for p in paths] == ["doc1.csv", "doc2.csv", "doc3.csv", "doc4.csv"]
    documents = gamma_studio.read_manifest(MANIFEST)
    assert [d.num_annotators for d in documents] == [3, 3, 3, 3]
    assert sum(d.num_units for d in documents) == 120


def test_per_document_gamma_on_two_workers_equals_the_local_computation():
    dask_corpus = recipe()
    rows = dask_corpus.per_document_gammas(MANIFEST, n_workers=2, seed=4, n_samples=40)
    assert [r["document"] for r in rows] == gamma_studio.manifest_paths(MANIFEST)
    for row in rows:
        local = gamma_studio.read(row["document"]).compute_gamma(seed=4, n_samples=40)
        assert (row["gamma"], row["observed_disorder"], row["expected_disorder"]) == (
            local.gamma, local.observed_disorder, local.expected_disorder)
        assert row["seed"] == 4 and row["n_samples"] == 40


def test_corpus_level_gamma_uses_the_corpus_sampler(cli):
    dask_corpus = recipe()
    corpus = dask_corpus.corpus_level_gamma(MANIFEST, seed=2)
    rust = cli("gamma", *gamma_studio.manifest_paths(MANIFEST), "--sampler", "corpus", "--seed", "2")
    assert (corpus.gamma, corpus.observed_disorder, corpus.expected_disorder, corpus.n_samples) == (
        rust["gamma"], rust["observed_disorder"], rust["expected_disorder"], rust["n_samples"])
    assert len(corpus.best_alignments) == 4


def test_the_corpus_sampler_needs_enough_documents():
    two = gamma_studio.read_manifest(MANIFEST)[:2]
    with pytest.raises(ValueError, match="at least as many documents as annotators"):
        gamma_studio.corpus_gamma(two, sampler="corpus")


def test_a_manifest_error_names_the_manifest(tmp_path):
    empty = tmp_path / "manifest.txt"
    empty.write_text("# nothing\n\n")
    with pytest.raises(gamma_studio.ReadError, match="lists no file") as caught:
        gamma_studio.read_manifest(empty)
    assert caught.value.file == str(empty)
    broken = tmp_path / "broken.txt"
    broken.write_text("missing.csv\n")
    with pytest.raises(gamma_studio.ReadError, match="missing.csv"):
        gamma_studio.read_manifest(broken)


def per_document_of(rust):
    return {row["document"]: (row["gamma"], row["observed_disorder"], row["expected_disorder"])
            for row in rust["per_document"]}


def test_a_corpus_folder_on_two_workers_gives_the_command_lines_per_document_values(cli):
    dask_corpus = recipe()
    rows = dask_corpus.per_document_gammas(FOLDER, n_workers=2)
    assert [r["document"] for r in rows] == ["doc1", "doc2", "doc3", "doc4"]
    rust = per_document_of(cli("gamma", FOLDER))
    assert {r["document"]: (r["gamma"], r["observed_disorder"], r["expected_disorder"])
            for r in rows} == rust


def test_a_project_is_measured_with_its_own_settings(cli):
    project = gamma_studio.read_project(PROJECT)
    assert [d.name for d in project.documents] == ["doc1", "doc2", "doc3", "doc4"]
    assert project.seed == 4
    dask_corpus = recipe()
    rows = dask_corpus.per_document_gammas(PROJECT, n_workers=2, processes=False)
    assert all(r["seed"] == 4 and r["n_samples"] == 40 for r in rows)
    rust = cli("gamma", FOLDER, "--seed", "4", "--samples", "40")
    assert {r["document"]: (r["gamma"], r["observed_disorder"], r["expected_disorder"])
            for r in rows} == per_document_of(rust)
    corpus = dask_corpus.corpus_level_gamma(PROJECT)
    assert (corpus.gamma, corpus.n_samples, corpus.seed) == (rust["gamma"], 40, 4)


def test_a_project_pickles_as_its_path_and_reads_again():
    import pickle
    project = gamma_studio.read_project(PROJECT)
    again = pickle.loads(pickle.dumps(project))
    assert [d.name for d in again.documents] == [d.name for d in project.documents]


def test_a_project_file_that_is_not_one_is_a_read_error(tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}')
    with pytest.raises(gamma_studio.ReadError, match="not a Gamma Studio project"):
        gamma_studio.read_project(other)
