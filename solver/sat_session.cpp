// CryptoMiniSat behind SatSession.
#include "solver/sat_session.hpp"

#include <cryptominisat5/cryptominisat.h>

#include <chrono>
#include <limits>

namespace nl {

struct SatSession::Impl {
    explicit Impl(std::atomic<bool>* interrupt) : solver(nullptr, interrupt) {}
    CMSat::SATSolver solver;
    std::vector<CMSat::Lit> buffer;
};

namespace {

CMSat::Lit to_lit(int dimacs) {
    return CMSat::Lit(static_cast<uint32_t>(std::abs(dimacs) - 1), dimacs < 0);
}

}  // namespace

SatSession::SatSession(int threads, std::atomic<bool>* interrupt) : impl_(std::make_unique<Impl>(interrupt)) {
    if (threads > 1) impl_->solver.set_num_threads(static_cast<unsigned>(threads));
}

SatSession::~SatSession() = default;

void SatSession::add(const Cnf& cnf) {
    if (cnf.num_vars > vars_) {
        impl_->solver.new_vars(static_cast<std::size_t>(cnf.num_vars - vars_));
        vars_ = cnf.num_vars;
    }
    auto& buffer = impl_->buffer;
    buffer.clear();
    for (int lit : cnf.literals) {
        if (lit) {
            buffer.push_back(to_lit(lit));
            continue;
        }
        impl_->solver.add_clause(buffer);
        buffer.clear();
    }
}

void SatSession::add_clause(std::span<const int> clause) {
    auto& buffer = impl_->buffer;
    buffer.clear();
    for (int lit : clause) buffer.push_back(to_lit(lit));
    impl_->solver.add_clause(buffer);
}

SatResult SatSession::solve(std::span<const int> assumptions, double seconds) {
    std::vector<CMSat::Lit> assume;
    for (int lit : assumptions) assume.push_back(to_lit(lit));
    // CryptoMiniSat's limit counts CPU time over all threads; it is a backstop, the caller's
    // wall-clock deadline is enforced by the interrupt flag.
    impl_->solver.set_max_time(seconds > 0 ? seconds : std::numeric_limits<double>::max());
    const CMSat::lbool r = impl_->solver.solve(&assume);
    if (r == CMSat::l_True) return SatResult::Sat;
    if (r == CMSat::l_False) return SatResult::Unsat;
    return SatResult::Unknown;
}

bool SatSession::value(int var) const {
    const auto& model = impl_->solver.get_model();
    return static_cast<std::size_t>(var - 1) < model.size() && model[var - 1] == CMSat::l_True;
}

}  // namespace nl
