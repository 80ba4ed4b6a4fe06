"""Time segments: pyannote.core's `Segment`, `Annotation` and `Timeline` when pyannote.core is
installed (so that the units of a continuum compare equal to the segments the user made), else a
light `Segment` of our own with the same behaviour (frozen, ordered by (start, end), false when
shorter than `SEGMENT_PRECISION`, `duration` 0 then)."""

from dataclasses import dataclass
from typing import Iterator

try:  # pragma: no cover - depends on the environment
    from pyannote.core import Annotation, Segment, Timeline
    from pyannote.core import segment as _pyannote_segment

    HAS_PYANNOTE = True

    def segment_precision() -> float:
        """pyannote's current `SEGMENT_PRECISION` (it can be changed with `Segment.set_precision`)."""
        return _pyannote_segment.SEGMENT_PRECISION

except ImportError:  # pragma: no cover - depends on the environment
    HAS_PYANNOTE = False
    Annotation = None
    Timeline = None
    _PRECISION = 1e-6

    def segment_precision() -> float:
        """Segments shorter than this are empty (pyannote.core's `SEGMENT_PRECISION`)."""
        return _PRECISION

    @dataclass(frozen=True, order=True)
    class Segment:  # type: ignore[no-redef]
        """A time interval `[start, end]`, as pyannote.core's `Segment` (used when pyannote.core is
        not installed): frozen, hashable, ordered by `(start, end)`."""

        start: float = 0.0
        end: float = 0.0

        def __bool__(self) -> bool:
            return bool((self.end - self.start) > _PRECISION)

        @property
        def duration(self) -> float:
            """`end − start`, or 0 for an empty segment."""
            return self.end - self.start if self else 0.0

        @property
        def middle(self) -> float:
            return 0.5 * (self.start + self.end)

        def __iter__(self) -> Iterator[float]:
            yield self.start
            yield self.end

        def copy(self) -> "Segment":
            return Segment(start=self.start, end=self.end)

        def __repr__(self) -> str:
            return f"<Segment({self.start:g}, {self.end:g})>"

        def __str__(self) -> str:
            return f"[{self.start:g} --> {self.end:g}]"


def is_segment_like(value) -> bool:
    """Whether `value` has `start` and `end` attributes (any Segment class)."""
    return hasattr(value, "start") and hasattr(value, "end")
