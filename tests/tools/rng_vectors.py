#!/usr/bin/env python3
"""An independent transcription of the project's generator and dice mapping,
used to produce the fixed vectors in tests/unit/test_rng.cpp. Written from the
published algorithms (splitmix64, xoshiro256**), not from the C++ code."""
M = (1 << 64) - 1

def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return state, z ^ (z >> 31)

class Xoshiro:
    def __init__(self, seed):
        self.s = []
        for _ in range(4):
            seed, v = splitmix64(seed)
            self.s.append(v)
    def next(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M
        result = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result
    def below(self, n):
        # Dice version 2: Lemire's multiply-and-shift on the top 32 bits,
        # redrawn while the low half falls below 2**32 mod n.
        floor = (2**32 - n) % n
        while True:
            m = (self.next() >> 32) * n
            if (m & 0xFFFFFFFF) >= floor:
                return m >> 32
    def uniform01(self):
        return (self.next() >> 11) * 2.0**-53

if __name__ == "__main__":
    r = Xoshiro(42)
    print("raw seed 42:", [hex(r.next()) for _ in range(3)])
    r = Xoshiro(42)
    print("d6 seed 42:", [r.below(6) + 1 for _ in range(20)])
    r = Xoshiro(7)
    print("d20 seed 7:", [r.below(20) + 1 for _ in range(20)])
    r = Xoshiro(2026)
    print("d100 seed 2026:", [r.below(100) + 1 for _ in range(10)])
    r = Xoshiro(1)
    print("below(3000000000) seed 1:", [r.below(3000000000) for _ in range(5)])
    seed, a = splitmix64(12345)
    print("block 3 of seed 12345, raw:", [hex(x) for x in [Xoshiro(splitmix64(a ^ 3)[1]).next()]])
    r = Xoshiro(9)
    print("uniform01 seed 9:", [repr(r.uniform01()) for _ in range(3)])
