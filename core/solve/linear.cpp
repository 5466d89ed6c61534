#include "solve/linear.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc {

namespace {

constexpr std::size_t kDirectLimit = 300;

// Strongly connected components in reverse topological order (Tarjan, without
// recursion so that long chains cannot overflow the stack).
std::vector<std::vector<std::uint32_t>> components(const std::vector<LocalEdges>& g) {
    const std::uint32_t n = static_cast<std::uint32_t>(g.size());
    constexpr std::uint32_t kUnseen = 0xffffffffu;
    std::vector<std::uint32_t> idx(n, kUnseen), low(n, 0);
    std::vector<bool> on(n, false);
    std::vector<std::uint32_t> stack;
    std::vector<std::pair<std::uint32_t, std::size_t>> call;
    std::vector<std::vector<std::uint32_t>> out;
    std::uint32_t counter = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
        if (idx[root] != kUnseen) continue;
        call.emplace_back(root, 0);
        idx[root] = low[root] = counter++;
        stack.push_back(root);
        on[root] = true;
        while (!call.empty()) {
            auto& [v, e] = call.back();
            if (e < g[v].size()) {
                const std::uint32_t w = g[v][e++].first;
                if (idx[w] == kUnseen) {
                    idx[w] = low[w] = counter++;
                    stack.push_back(w);
                    on[w] = true;
                    call.emplace_back(w, 0);
                } else if (on[w]) {
                    low[v] = std::min(low[v], idx[w]);
                }
                continue;
            }
            const std::uint32_t done = v;
            call.pop_back();
            if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
            if (low[done] == idx[done]) {
                std::vector<std::uint32_t> comp;
                std::uint32_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    on[w] = false;
                    comp.push_back(w);
                } while (w != done);
                out.push_back(std::move(comp));
            }
        }
    }
    return out;
}

// Solves A x = b in place by Gaussian elimination with partial pivoting.
void gauss(std::vector<double>& a, std::vector<double>& b, std::size_t n) {
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t piv = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::fabs(a[r * n + c]) > std::fabs(a[piv * n + c])) piv = r;
        if (a[piv * n + c] == 0) throw std::runtime_error("a closed loop of states with no way out");
        if (piv != c) {
            for (std::size_t k = 0; k < n; ++k) std::swap(a[c * n + k], a[piv * n + k]);
            std::swap(b[c], b[piv]);
        }
        for (std::size_t r = c + 1; r < n; ++r) {
            const double f = a[r * n + c] / a[c * n + c];
            if (f == 0) continue;
            for (std::size_t k = c; k < n; ++k) a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    for (std::size_t c = n; c-- > 0;) {
        double s = b[c];
        for (std::size_t k = c + 1; k < n; ++k) s -= a[c * n + k] * b[k];
        b[c] = s / a[c * n + c];
    }
}

}  // namespace

std::vector<double> expected_visits(const std::vector<LocalEdges>& graph, const std::vector<double>& inflow,
                                    const std::vector<double>& self, double* unconverged) {
    const std::size_t n = graph.size();
    std::vector<double> acc = inflow, x(n, 0.0);
    auto comps = components(graph);
    std::vector<std::uint32_t> comp_of(n), pos(n);
    for (std::uint32_t c = 0; c < comps.size(); ++c)
        for (std::uint32_t k = 0; k < comps[c].size(); ++k) {
            comp_of[comps[c][k]] = c;
            pos[comps[c][k]] = k;
        }
    // Tarjan emits sinks first; walk from the sources.
    for (std::size_t ci = comps.size(); ci-- > 0;) {
        const auto& comp = comps[ci];
        const std::size_t m = comp.size();
        if (m == 1) {
            const std::uint32_t v = comp[0];
            if (self[v] >= 1) throw std::runtime_error("a state that can never be left");
            x[v] = acc[v] / (1 - self[v]);
        } else if (m <= kDirectLimit) {
            std::vector<double> a(m * m, 0.0), b(m);
            for (std::size_t k = 0; k < m; ++k) {
                a[k * m + k] = 1 - self[comp[k]];
                b[k] = acc[comp[k]];
            }
            for (std::size_t k = 0; k < m; ++k)
                for (const auto& [w, p] : graph[comp[k]])
                    if (comp_of[w] == ci) a[pos[w] * m + k] -= p;
            gauss(a, b, m);
            for (std::size_t k = 0; k < m; ++k) x[comp[k]] = b[k];
        } else {
            // Gauss-Seidel on incoming edges.
            std::vector<std::vector<std::pair<std::uint32_t, double>>> in(m);
            for (std::size_t k = 0; k < m; ++k)
                for (const auto& [w, p] : graph[comp[k]])
                    if (comp_of[w] == ci) in[pos[w]].emplace_back(static_cast<std::uint32_t>(k), p);
            std::vector<double> y(m, 0.0);
            double change = 1;
            for (int sweep = 0; sweep < 200000 && change > 1e-15; ++sweep) {
                change = 0;
                double scale = 0;
                for (std::size_t k = 0; k < m; ++k) {
                    double s = acc[comp[k]];
                    for (const auto& [j, p] : in[k]) s += y[j] * p;
                    s /= (1 - self[comp[k]]);
                    change = std::max(change, std::fabs(s - y[k]));
                    scale = std::max(scale, s);
                    y[k] = s;
                }
                if (scale > 0) change /= scale;
            }
            // What the last sweep still moved is an honest bound on what is missing.
            if (change > 1e-15 && unconverged) {
                double total = 0;
                for (double v : y) total += v;
                *unconverged += change * total;
            }
            for (std::size_t k = 0; k < m; ++k) x[comp[k]] = y[k];
        }
        for (const std::uint32_t v : comp)
            for (const auto& [w, p] : graph[v])
                if (comp_of[w] != ci) acc[w] += x[v] * p;
    }
    return x;
}

}  // namespace bc
