// CryptoMiniSat behind SatSession.
#include "solver/sat_session.hpp"

#include <cryptominisat5/cryptominisat.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace nl {

struct SatSession::Impl {
    explicit Impl(std::atomic<bool>* external) : external(external), solver(nullptr, &stop) {}
    std::atomic<bool> stop{false};  // polled by CryptoMiniSat
    std::atomic<bool>* external;    // the caller's interrupt flag (Ctrl-C), may be null
    CMSat::SATSolver solver;
    std::vector<CMSat::Lit> buffer;
};

namespace {

CMSat::Lit to_lit(int dimacs) {
    return CMSat::Lit(static_cast<uint32_t>(std::abs(dimacs) - 1), dimacs < 0);
}

}  // namespace

SatSession::SatSession(int threads, std::atomic<bool>* interrupt)
    : impl_(std::make_unique<Impl>(interrupt)) {
    if (threads > 1) impl_->solver.set_num_threads(static_cast<unsigned>(threads));
}

SatSession::~SatSession() = default;

std::size_t SatSession::add(const Cnf& cnf, std::size_t from) {
    if (cnf.num_vars > vars_) {
        impl_->solver.new_vars(static_cast<std::size_t>(cnf.num_vars - vars_));
        vars_ = cnf.num_vars;
    }
    auto& buffer = impl_->buffer;
    buffer.clear();
    for (std::size_t i = from; i < cnf.literals.size(); ++i) {
        if (const int lit = cnf.literals[i]) {
            buffer.push_back(to_lit(lit));
            continue;
        }
        impl_->solver.add_clause(buffer);
        buffer.clear();
    }
    return cnf.literals.size();
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
    if (impl_->external && *impl_->external) return SatResult::Unknown;
    // CryptoMiniSat's own limit counts CPU time and is checked coarsely, so a watchdog thread
    // enforces the wall-clock deadline (and forwards the caller's interrupt) by raising the flag
    // the solver polls.
    impl_->stop = false;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread watchdog;
    if (seconds > 0 || impl_->external) {
        watchdog = std::thread([&] {
            const auto deadline = std::chrono::steady_clock::now() +
                                  std::chrono::duration<double>(seconds > 0 ? seconds : 1e9);
            std::unique_lock lock(mutex);
            while (!done) {
                if (std::chrono::steady_clock::now() >= deadline || (impl_->external && *impl_->external)) {
                    impl_->stop = true;
                    return;
                }
                finished.wait_for(lock, std::chrono::milliseconds(10));
            }
        });
    }
    const CMSat::lbool r = impl_->solver.solve(&assume);
    if (watchdog.joinable()) {
        {
            std::lock_guard lock(mutex);
            done = true;
        }
        finished.notify_all();
        watchdog.join();
    }
    last_conflicts_ = impl_->solver.get_last_conflicts();
    if (r == CMSat::l_True) return SatResult::Sat;
    if (r == CMSat::l_False) return SatResult::Unsat;
    return SatResult::Unknown;
}

bool SatSession::value(int var) const {
    const auto& model = impl_->solver.get_model();
    return static_cast<std::size_t>(var - 1) < model.size() && model[var - 1] == CMSat::l_True;
}

}  // namespace nl
