"""A corpus that outgrows one process: γ of every document on a Dask cluster, and the corpus's
γ with the corpus sampler (paper §5.2.2), from a corpus folder, a project file or a manifest.

Per-document γ is independent work, so the documents go out as a Dask bag: each task computes
one document's γ (with the GIL released, so a worker's threads run in parallel). Reading is
cheap next to γ, so a corpus folder or a project is read once, here, and its documents (which
pickle) are sent to the workers; a manifest's files are read by the workers themselves. The
corpus-level expected disorder needs every document at once — the corpus sampler draws each
random continuum from annotators of distinct documents — so it is one call here.

    python examples/dask_corpus.py [SOURCE] [--workers 2] [--processes]

SOURCE is
- a corpus folder (one folder per annotator with same-named files, one folder per document, or
  one file per document, as `gamma-studio gamma DIR` reads it): γ with the settings given here;
- a project file saved by the app (File → Save project as…): its documents read as the app read
  them, γ with the project's settings (its seed, sampler, categories left out) — the values
  the app's dashboard shows;
- a manifest: one annotation file per line, relative to itself (`#` comments).
The default is examples/corpus/manifest.txt (four documents of three annotators).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import gamma_studio

EXAMPLE_MANIFEST = Path(__file__).resolve().parent / "corpus" / "manifest.txt"


def _row(document: str, result) -> dict:
    return {
        "document": document,
        "gamma": result.gamma,
        "observed_disorder": result.observed_disorder,
        "expected_disorder": result.expected_disorder,
        "n_samples": result.n_samples,
        "seed": result.seed,
    }


def document_gamma(path: str, seed: int = gamma_studio.DEFAULT_SEED, **settings) -> dict:
    """One task of a manifest: γ of one document file (any format the readers know)."""
    return _row(path, gamma_studio.read(path).compute_gamma(seed=seed, **settings))


def read_document_gamma(document, seed: int = gamma_studio.DEFAULT_SEED, **settings) -> dict:
    """One task of a folder: γ of one document already read."""
    return _row(document.name, document.compute_gamma(seed=seed, **settings))


def project_document_gamma(document, project) -> dict:
    """One task of a project: γ of one document with the project's settings."""
    return _row(document.name, project.gamma(document))


def is_project(source) -> bool:
    """Whether `source` is a project file saved by the app: a JSON file whose `format` says so
    (its documents are read once, later, not to answer this)."""
    path = Path(source)
    if path.suffix != ".json" or not path.is_file():
        return False
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("format") == "gamma-studio project"
    except (ValueError, UnicodeDecodeError, AttributeError):
        return False


def per_document_gammas(source, n_workers: int = 2, processes: bool = False, seed: int = 1,
                        **settings) -> list[dict]:
    """γ of each document of `source` (a corpus folder, a project file or a manifest), one Dask
    task per document, on a local cluster of `n_workers` workers (processes=False: threads of
    this process, which start fast). A project's own settings replace `seed` and `settings`."""
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=processes,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        if is_project(source):
            project = gamma_studio.read_project(source)
            documents = project.documents
            # One copy of the project per worker, not one per task.
            shared = client.scatter(project, broadcast=True)
            bag = db.from_sequence(documents, npartitions=len(documents))
            return bag.map(project_document_gamma, project=shared).compute()
        if Path(source).is_dir():
            documents = gamma_studio.read_corpus(source)
            bag = db.from_sequence(documents, npartitions=len(documents))
            return bag.map(read_document_gamma, seed=seed, **settings).compute()
        paths = gamma_studio.manifest_paths(source)
        bag = db.from_sequence(paths, npartitions=len(paths))
        return bag.map(document_gamma, seed=seed, **settings).compute()


def corpus_level_gamma(source, seed: int = 1, **settings):
    """γ of the whole corpus with the corpus sampler — random continua made of annotators of
    distinct documents — or, for a project, with the project's own settings."""
    if is_project(source):
        return gamma_studio.read_project(source).corpus_gamma()
    if Path(source).is_dir():
        documents = gamma_studio.read_corpus(source)
    else:
        documents = gamma_studio.read_manifest(source)
    return gamma_studio.corpus_gamma(documents, sampler="corpus", seed=seed, **settings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", default=str(EXAMPLE_MANIFEST),
                        help="a corpus folder, a project file or a manifest")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--processes", action="store_true", help="one process per worker")
    parser.add_argument("--seed", type=int, default=gamma_studio.DEFAULT_SEED)
    args = parser.parse_args()
    for row in per_document_gammas(args.source, args.workers, args.processes, args.seed):
        print(f"{row['document']}: γ = {row['gamma']:.4f} "
              f"(D_o {row['observed_disorder']:.4f}, D_e {row['expected_disorder']:.4f})")
    corpus = corpus_level_gamma(args.source, args.seed)
    print(f"corpus: γ = {corpus.gamma:.4f} (D_o {corpus.observed_disorder:.4f}, "
          f"D_e {corpus.expected_disorder:.4f}, {corpus.n_samples} samples, seed {corpus.seed})")


if __name__ == "__main__":
    main()
