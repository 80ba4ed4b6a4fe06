"""Conversions between a `Continuum` and a pandas DataFrame with annotator, category, start and
end columns (pandas is imported only when they are used)."""

from __future__ import annotations

from ._core import Continuum

COLUMNS = ("annotator", "category", "start", "end")


def continuum_from_dataframe(
    df,
    annotator: str = "annotator",
    category: str = "category",
    start: str = "start",
    end: str = "end",
    name: str = "",
) -> Continuum:
    """A continuum of the rows of `df` (one unit per row); the column names can be changed.

    A missing column, or a row whose span is not a number or not positive, raises ValueError
    naming the row."""
    missing = [c for c in (annotator, category, start, end) if c not in df.columns]
    if missing:
        raise ValueError(
            f"the DataFrame has no column {', '.join(map(repr, missing))} "
            f"(columns: {', '.join(map(str, df.columns))})"
        )
    continuum = Continuum(name)
    rows = zip(df.index, df[annotator], df[category], df[start], df[end])
    for row, who, what, s, e in rows:
        try:
            continuum.add(str(who), float(s), float(e), "" if what is None else str(what))
        except (TypeError, ValueError) as error:
            raise ValueError(f"row {row!r}: {error}") from None
    return continuum


def continuum_to_dataframe(continuum: Continuum):
    """One row per unit: annotator, category, start, end (annotator order, then reading order)."""
    import pandas as pd

    units = continuum.units()
    return pd.DataFrame(
        {
            "annotator": [u.annotator for u in units],
            "category": [u.category for u in units],
            "start": [u.start for u in units],
            "end": [u.end for u in units],
        },
        columns=list(COLUMNS),
    )


# pygamma-style entry points on the class itself.
Continuum.from_dataframe = staticmethod(continuum_from_dataframe)  # type: ignore[attr-defined]
Continuum.to_dataframe = continuum_to_dataframe  # type: ignore[attr-defined]
