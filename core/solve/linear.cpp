#include "solve/linear.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc {

namespace {

constexpr std::size_t kDirectLimit = 300;
constexpr std::uint32_t kUnseen = 0xffffffffu;

// Strongly connected components (Tarjan, without recursion so that long
// chains cannot overflow the stack), as flat arrays: members[first[c] ..
// first[c+1]) is component c, and components come sinks first.
struct Components {
    std::vector<std::uint32_t> comp_of, members, first;
    std::uint32_t count() const { return static_cast<std::uint32_t>(first.size() - 1); }
};

Components components(const LevelGraph& g) {
    const std::uint32_t n = static_cast<std::uint32_t>(g.inflow.size());
    Components out;
    out.comp_of.assign(n, kUnseen);
    out.members.reserve(n);
    out.first.push_back(0);
    std::vector<std::uint32_t> idx(n, kUnseen), low(n, 0), stack;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> call;  // node, next edge
    std::uint32_t counter = 0;
    for (std::uint32_t root = 0; root < n; ++root) {
        if (idx[root] != kUnseen) continue;
        call.emplace_back(root, g.start[root]);
        idx[root] = low[root] = counter++;
        stack.push_back(root);
        while (!call.empty()) {
            auto& [v, e] = call.back();
            if (e < g.start[v + 1]) {
                const std::uint32_t w = g.edges[e++].to;
                if (idx[w] == kUnseen) {
                    idx[w] = low[w] = counter++;
                    stack.push_back(w);
                    call.emplace_back(w, g.start[w]);
                } else if (out.comp_of[w] == kUnseen) {  // on the stack
                    low[v] = std::min(low[v], idx[w]);
                }
                continue;
            }
            const std::uint32_t done = v;
            call.pop_back();
            if (!call.empty()) low[call.back().first] = std::min(low[call.back().first], low[done]);
            if (low[done] == idx[done]) {
                const std::uint32_t c = out.count();
                std::uint32_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    out.comp_of[w] = c;
                    out.members.push_back(w);
                } while (w != done);
                out.first.push_back(static_cast<std::uint32_t>(out.members.size()));
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

Visits expected_visits(const LevelGraph& g, const std::function<bool()>& should_stop) {
    const std::size_t n = g.inflow.size();
    Visits out;
    out.x.assign(n, 0.0);
    std::vector<double> acc = g.inflow;
    const Components cs = components(g);
    std::vector<std::uint32_t> pos(n);
    std::vector<double> a, b, y;
    std::vector<std::uint32_t> in_start;
    std::vector<LocalEdge> in;
    std::size_t work = 0;
    // Tarjan emits sinks first; walk from the sources.
    for (std::uint32_t ci = cs.count(); ci-- > 0;) {
        const std::uint32_t* comp = cs.members.data() + cs.first[ci];
        const std::size_t m = cs.first[ci + 1] - cs.first[ci];
        work += m;
        if (work > 4096) {
            work = 0;
            if (should_stop && should_stop()) {
                out.stopped = true;
                return out;
            }
        }
        // A closed class: nothing of it leaves the level or the class. What
        // enters it stays for ever.
        bool closed = true;
        for (std::size_t k = 0; k < m && closed; ++k) {
            const std::uint32_t v = comp[k];
            if (g.leaves[v]) closed = false;
            for (std::uint32_t e = g.start[v]; e < g.start[v + 1] && closed; ++e)
                if (cs.comp_of[g.edges[e].to] != ci) closed = false;
        }
        if (closed) {
            for (std::size_t k = 0; k < m; ++k) out.endless += acc[comp[k]];
            continue;  // visits stay 0: nothing flows on from here
        }
        for (std::size_t k = 0; k < m; ++k) pos[comp[k]] = static_cast<std::uint32_t>(k);
        if (m == 1) {
            const std::uint32_t v = comp[0];
            out.x[v] = acc[v] / (1 - g.self[v]);
        } else if (m <= kDirectLimit) {
            a.assign(m * m, 0.0);
            b.resize(m);
            for (std::size_t k = 0; k < m; ++k) {
                a[k * m + k] = 1 - g.self[comp[k]];
                b[k] = acc[comp[k]];
            }
            for (std::size_t k = 0; k < m; ++k) {
                const std::uint32_t v = comp[k];
                for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
                    if (cs.comp_of[g.edges[e].to] == ci) a[pos[g.edges[e].to] * m + k] -= g.edges[e].p;
            }
            gauss(a, b, m);
            for (std::size_t k = 0; k < m; ++k) out.x[comp[k]] = b[k];
        } else {
            // Gauss-Seidel on incoming edges, in compressed rows.
            in_start.assign(m + 1, 0);
            for (std::size_t k = 0; k < m; ++k) {
                const std::uint32_t v = comp[k];
                for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
                    if (cs.comp_of[g.edges[e].to] == ci) ++in_start[pos[g.edges[e].to] + 1];
            }
            for (std::size_t k = 0; k < m; ++k) in_start[k + 1] += in_start[k];
            in.resize(in_start[m]);
            std::vector<std::uint32_t> fill(in_start.begin(), in_start.end() - 1);
            for (std::size_t k = 0; k < m; ++k) {
                const std::uint32_t v = comp[k];
                for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
                    if (cs.comp_of[g.edges[e].to] == ci)
                        in[fill[pos[g.edges[e].to]]++] = {static_cast<std::uint32_t>(k), g.edges[e].p};
            }
            y.assign(m, 0.0);
            double change = 1;
            for (int sweep = 0; sweep < 200000 && change > 1e-15; ++sweep) {
                change = 0;
                double scale = 0;
                for (std::size_t k = 0; k < m; ++k) {
                    double s = acc[comp[k]];
                    for (std::uint32_t j = in_start[k]; j < in_start[k + 1]; ++j) s += y[in[j].to] * in[j].p;
                    s /= (1 - g.self[comp[k]]);
                    change = std::max(change, std::fabs(s - y[k]));
                    scale = std::max(scale, s);
                    y[k] = s;
                }
                if (scale > 0) change /= scale;
                work += m;
                if (work > 65536) {
                    work = 0;
                    if (should_stop && should_stop()) {
                        out.stopped = true;
                        return out;
                    }
                }
            }
            // What the last sweep still moved is an honest bound on what is missing.
            if (change > 1e-15) {
                double total = 0;
                for (double v : y) total += v;
                out.unconverged += change * total;
            }
            for (std::size_t k = 0; k < m; ++k) out.x[comp[k]] = y[k];
        }
        for (std::size_t k = 0; k < m; ++k) {
            const std::uint32_t v = comp[k];
            for (std::uint32_t e = g.start[v]; e < g.start[v + 1]; ++e)
                if (cs.comp_of[g.edges[e].to] != ci) acc[g.edges[e].to] += out.x[v] * g.edges[e].p;
        }
    }
    return out;
}

}  // namespace bc
