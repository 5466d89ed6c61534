// Exact fractions for checking probabilities worked by hand or enumerated.
#pragma once
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>

namespace bctest {

__extension__ typedef __int128 i128;

inline i128 gcd128(i128 a, i128 b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        i128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

struct Frac {
    i128 n = 0, d = 1;
    Frac() = default;
    Frac(long long v) : n(v), d(1) {}  // NOLINT: a whole number is a fraction
    Frac(i128 num, i128 den) : n(num), d(den) {
        if (d == 0) throw std::domain_error("zero denominator");
        if (d < 0) {
            n = -n;
            d = -d;
        }
        const i128 g = gcd128(n, d);
        if (g > 1) {
            n /= g;
            d /= g;
        }
    }
    double value() const { return static_cast<double>(n) / static_cast<double>(d); }
    friend Frac operator+(Frac a, Frac b) { return Frac(a.n * b.d + b.n * a.d, a.d * b.d); }
    friend Frac operator-(Frac a, Frac b) { return Frac(a.n * b.d - b.n * a.d, a.d * b.d); }
    friend Frac operator*(Frac a, Frac b) { return Frac(a.n * b.n, a.d * b.d); }
    friend Frac operator/(Frac a, Frac b) { return Frac(a.n * b.d, a.d * b.n); }
    friend bool operator==(Frac a, Frac b) { return a.n == b.n && a.d == b.d; }
};

inline Frac frac(long long n, long long d) { return Frac(static_cast<i128>(n), static_cast<i128>(d)); }

}  // namespace bctest
