"""numpy's legacy global generator (`np.random.seed`, `np.random.normal`, …), drawn in blocks.

pygamma draws its random continua unit by unit with `np.random.normal` and `np.random.choice`,
a few microseconds of call overhead each. `LegacyStream` takes the same uniform doubles from
`np.random.random_sample` in blocks and applies the legacy algorithms to them (the polar method
with its cached second value for `normal`, the cumulative-weight search for `choice` with
weights), so the values are those the single calls would give; `finish()` then leaves the
global generator exactly where those calls would have left it (the doubles used, the cached
Gaussian). Only draws made of whole doubles can be simulated this way (not `randint`).
"""

import bisect
import math

import numpy as np


class LegacyStream:
    """Draws of `np.random`'s global `RandomState`, simulated over blocks of its doubles."""

    def __init__(self, block: int = 256):
        self._start = np.random.get_state()
        if self._start[0] != "MT19937":  # pragma: no cover - numpy's legacy state is always MT19937
            raise ValueError("numpy's global generator is not MT19937")
        self._has_gauss = int(self._start[3])
        self._gauss = float(self._start[4])
        self._block = np.random.random_sample(block).tolist()
        self._used = 0

    def double(self) -> float:
        """`np.random.random_sample()`."""
        if self._used == len(self._block):
            # The global generator has advanced by exactly the doubles drawn so far: more follow.
            self._block += np.random.random_sample(len(self._block)).tolist()
        value = self._block[self._used]
        self._used += 1
        return value

    def gauss(self) -> float:
        """numpy's legacy standard normal (polar method, the second value kept for the next call)."""
        if self._has_gauss:
            self._has_gauss = 0
            value, self._gauss = self._gauss, 0.0
            return value
        while True:
            x1 = 2.0 * self.double() - 1.0
            x2 = 2.0 * self.double() - 1.0
            r2 = x1 * x1 + x2 * x2
            if r2 < 1.0 and r2 != 0.0:
                break
        f = math.sqrt(-2.0 * math.log(r2) / r2)
        self._gauss = f * x1
        self._has_gauss = 1
        return f * x2

    def normal(self, loc: float, scale: float) -> float:
        """`np.random.normal(loc, scale)` (`scale` ≥ 0)."""
        return loc + scale * self.gauss()

    def finish(self) -> None:
        """Leaves numpy's global generator where the single calls would have left it."""
        np.random.set_state(self._start)
        if self._used:
            np.random.random_sample(self._used)
        state = np.random.get_state()
        np.random.set_state((state[0], state[1], state[2], self._has_gauss, self._gauss))


class WeightedChoice:
    """`np.random.choice(n, p=weights)` over a `LegacyStream`: the weights are checked once, the
    way numpy checks them (a `ValueError` with numpy's message), then each draw is one double."""

    def __init__(self, weights):
        np.random.RandomState(0).choice(len(weights), p=weights)  # numpy's checks, same errors
        cdf = np.asarray(weights, dtype=np.float64).cumsum()
        cdf /= cdf[-1]
        self._cdf = cdf.tolist()

    def draw(self, stream: LegacyStream) -> int:
        return bisect.bisect_right(self._cdf, stream.double())
