"""The fuzzer's own random numbers: SplitMix64, so a program depends on its
seed alone (never on `random`, hash order or the platform)."""

_MASK = (1 << 64) - 1


def _mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed):
        # the state goes through the (bijective) output mix first: plain
        # seed * gamma would make seed s+1's stream seed s's shifted by one
        self.state = _mix((int(seed) * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & _MASK)

    def next64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        return _mix(self.state)

    def below(self, n):
        """Uniform integer in [0, n)."""
        return self.next64() % n

    def randint(self, lo, hi):
        """Uniform integer in [lo, hi] (both ends included)."""
        return lo + self.below(hi - lo + 1)

    def chance(self, p):
        return self.next64() < int(p * (1 << 64))

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def weighted(self, pairs):
        """pairs: list of (item, weight) with integer weights."""
        total = sum(w for _, w in pairs)
        r = self.below(total)
        for item, w in pairs:
            if r < w:
                return item
            r -= w
        raise AssertionError("unreachable")

    def uniform(self, lo, hi):
        return lo + (hi - lo) * (self.next64() >> 11) / float(1 << 53)
