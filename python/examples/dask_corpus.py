"""A corpus that outgrows one process: γ of every document on a Dask cluster, and the corpus's
γ with the corpus sampler (paper §5.2.2), from a manifest.

Per-document γ is independent work, so the documents go out as a Dask bag: each task reads one
document and computes its γ (with the GIL released, so a worker's threads run in parallel).
The corpus-level expected disorder needs every document at once — the corpus sampler draws
each random continuum from annotators of distinct documents — so it is one `corpus_gamma`
call on the documents the manifest lists.

    python examples/dask_corpus.py [MANIFEST] [--workers 2] [--processes]

A manifest lists one annotation file per line, relative to itself (`#` comments); the default
is examples/corpus/manifest.txt (four documents of three annotators).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import gamma_studio

EXAMPLE_MANIFEST = Path(__file__).resolve().parent / "corpus" / "manifest.txt"


def document_gamma(path: str, seed: int = gamma_studio.DEFAULT_SEED, **settings) -> dict:
    """One task: γ of one document (any format the readers know)."""
    result = gamma_studio.read(path).compute_gamma(seed=seed, **settings)
    return {
        "document": path,
        "gamma": result.gamma,
        "observed_disorder": result.observed_disorder,
        "expected_disorder": result.expected_disorder,
        "n_samples": result.n_samples,
        "seed": result.seed,
    }


def per_document_gammas(manifest, n_workers: int = 2, processes: bool = False, seed: int = 1,
                        **settings) -> list[dict]:
    """γ of each document of the manifest, one Dask task per document, on a local cluster of
    `n_workers` workers (processes=False: threads of this process, which start fast)."""
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    paths = gamma_studio.manifest_paths(manifest)
    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=processes,
                      dashboard_address=None) as cluster, Client(cluster):
        bag = db.from_sequence(paths, npartitions=len(paths))
        return bag.map(document_gamma, seed=seed, **settings).compute()


def corpus_level_gamma(manifest, seed: int = 1, **settings):
    """γ of the whole corpus with the corpus sampler: random continua made of annotators of
    distinct documents."""
    documents = gamma_studio.read_manifest(manifest)
    return gamma_studio.corpus_gamma(documents, sampler="corpus", seed=seed, **settings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("manifest", nargs="?", default=str(EXAMPLE_MANIFEST))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--processes", action="store_true", help="one process per worker")
    parser.add_argument("--seed", type=int, default=gamma_studio.DEFAULT_SEED)
    args = parser.parse_args()
    for row in per_document_gammas(args.manifest, args.workers, args.processes, args.seed):
        print(f"{row['document']}: γ = {row['gamma']:.4f} "
              f"(D_o {row['observed_disorder']:.4f}, D_e {row['expected_disorder']:.4f})")
    corpus = corpus_level_gamma(args.manifest, args.seed)
    print(f"corpus: γ = {corpus.gamma:.4f} (D_o {corpus.observed_disorder:.4f}, "
          f"D_e {corpus.expected_disorder:.4f}, {corpus.n_samples} samples, seed {corpus.seed})")


if __name__ == "__main__":
    main()
