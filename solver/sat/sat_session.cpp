// CryptoMiniSat behind SatSession.
//
// Stopping: CryptoMiniSat polls an atomic flag ("interrupt_asap") in its search and in most of
// its inprocessing. A watchdog thread raises it when the deadline passes, the caller's interrupt
// flag is raised or the process's memory goes over the cap. One inprocessing step does not poll
// it: the CCNR local search ("SLS"), which ran up to 1.3 s past a raised flag on a 40x20 board
// (its effort grows with the formula), so it is switched off. Measured on the corpus, that
// changed CPU time by a few percent either way, but for the slowest inputs4 board, which SLS
// made 10 % faster (README, "Limits").
//
// Big formulas (kBigVars variables and more; a board of a million cells has millions):
// CryptoMiniSat's first steps of a solve there ran 1.5-2.8 s past the raised flag, and freeing
// it takes 0.7 s; some steps of its inprocessing ran 2 s past it on 900,000 clauses. So such
// a session runs each solve call on a thread of its own (a handful of calls, so the thread costs
// nothing measurable): when the call has not returned kAbandonGrace after the flag was raised,
// solve() answers Unknown at once and the call is left to finish in the background, which then
// frees the solver (solver/base/background.hpp); a big session is freed in the background too.
//
// CryptoMiniSat itself is reached through the C table of sat_api.hpp (linked in, or loaded
// from a module by the command line), which answers with status codes instead of exceptions.
#include "solver/sat/sat_session.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "core/errors.hpp"
#include "solver/base/background.hpp"
#include "solver/sat/sat_api.hpp"

namespace nl {

using Clock = std::chrono::steady_clock;

namespace {

// Raises `stop` when the budget runs out or the call's own deadline passes, while armed. One
// thread per session, armed by each solve call, that looks every 10 ms and is not woken by
// arming: counting makes thousands of short calls, and a thread (or a wake-up) per call made
// `count --max 3000` 30-100 % slower.
class Watchdog {
   public:
    Watchdog(std::atomic<bool>& stop, const Budget* budget) : stop_(stop), budget_(budget), thread_([this] { run(); }) {}
    ~Watchdog() {
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        thread_.join();
    }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    void arm(Clock::time_point deadline) {
        std::lock_guard lock(mutex_);
        armed_ = true;
        deadline_ = deadline;
        reason_ = StopReason::None;
    }
    // Returns why it raised the flag during this arming, if it did.
    StopReason disarm() {
        std::lock_guard lock(mutex_);
        armed_ = false;
        return reason_;
    }

   private:
    void run() {
        std::unique_lock lock(mutex_);
        while (!quit_) {
            wake_.wait_for(lock, std::chrono::milliseconds(10));
            if (!armed_ || quit_) continue;
            StopReason why = budget_ ? budget_->check() : StopReason::None;
            if (why == StopReason::None && Clock::now() >= deadline_) why = StopReason::Timeout;
            if (why != StopReason::None) {
                reason_ = why;
                stop_ = true;
                armed_ = false;
            }
        }
    }

    std::atomic<bool>& stop_;
    const Budget* budget_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool armed_ = false, quit_ = false;
    Clock::time_point deadline_;
    StopReason reason_ = StopReason::None;
    std::thread thread_;  // last: starts once the members above exist
};

}  // namespace

struct SatSession::Impl {
    Impl(int threads, const Budget* budget, SatBackend backend)
        : budget(budget), backend(backend), api(sat_api(backend)), solver(api.create(threads, &stop)) {
        if (!solver) throw Stopped(StopReason::Memory);
    }
    ~Impl() { api.destroy(solver); }
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;

    // Throws for a status other than kNlSatOk: Stopped(Memory) when memory ran out.
    void check(int status) const {
        if (status == kNlSatOutOfMemory) throw Stopped(StopReason::Memory);
        if (status != kNlSatOk)
            throw InternalError(std::string(backend_title(backend)) + " failed: " + api.last_error(solver));
    }

    std::atomic<bool> stop{false};  // polled by the solver
    const Budget* budget;           // may be null
    SatBackend backend;
    const NlSatApi& api;
    void* solver;
    std::unique_ptr<Watchdog> watchdog;  // started by the first solve call that needs one

    // An NlSatAnswer.
    static int solve_abandonable(const std::shared_ptr<Impl>& self, const std::vector<int>& assume,
                                 std::uint64_t max_conflicts, bool& abandoned);
};

namespace {

// Variables made real per step of loading (see add), and the size from which a session is
// "big" (see the header), and how long a big session's solve call may run on after its stop flag.
constexpr int kVarsPerChunk = 1 << 16;
// 100,000: ADC 2016 Q17 without vias (122,544 variables, 893,613 clauses) ran 1.5-2 s past the
// flag in 3 runs of 5 with --timeout 10 (its SAT run then starts late in the puzzle's time, after
// the router and the repair), the thread per call costing nothing measurable at that size.
constexpr int kBigVars = 100'000;
constexpr auto kAbandonGrace = std::chrono::milliseconds(100);

}  // namespace

// CCNR local search is switched off in sat_cms.cpp (see the header comment). More threads than
// kMaxSatThreads would abort the process (sat_api.hpp).
SatSession::SatSession(int threads, const Budget* budget, SatBackend backend)
    : impl_(std::make_shared<Impl>(std::clamp(threads, 1, kMaxSatThreads), budget, backend)), backend_(backend) {}

SatSession::~SatSession() {
    if (vars_ >= kBigVars && impl_) run_in_background([impl = std::move(impl_)]() mutable { impl.reset(); });
}

// A solve call of a big session on its own thread (see the header). Returns kNlSatUnknown with
// `abandoned` set when it had to be left running.
int SatSession::Impl::solve_abandonable(const std::shared_ptr<Impl>& self, const std::vector<int>& assume,
                                        std::uint64_t max_conflicts, bool& abandoned) {
    struct Call {
        std::mutex mutex;
        std::condition_variable done;
        bool finished = false;
        int status = kNlSatOk;
        int answer = kNlSatUnknown;
    };
    auto call = std::make_shared<Call>();
    run_in_background([impl = self, call, assume, max_conflicts]() mutable {
        int answer = kNlSatUnknown;
        const int status = impl->api.solve(impl->solver, assume.data(), assume.size(), max_conflicts, &answer);
        std::lock_guard lock(call->mutex);
        call->status = status;
        call->answer = answer;
        call->finished = true;
        call->done.notify_all();
    });
    std::unique_lock lock(call->mutex);
    auto flag_seen = Clock::time_point::max();
    while (!call->done.wait_for(lock, std::chrono::milliseconds(10), [&] { return call->finished; })) {
        if (!self->stop) continue;
        const auto now = Clock::now();
        if (flag_seen == Clock::time_point::max()) flag_seen = now;
        if (now - flag_seen >= kAbandonGrace) {
            abandoned = true;
            return kNlSatUnknown;
        }
    }
    self->check(call->status);
    return call->answer;
}

std::size_t SatSession::add(const Cnf& cnf, std::size_t from) {
    if (abandoned_) throw Stopped(stop_reason_);
    // CryptoMiniSat only counts new_vars() and builds its per-variable state on the next
    // add_clause, without polling anything: 2.5 s for the 3 M variables of a 1000x1000
    // board under flow rules, all past a deadline. So variables come in chunks, each made
    // real at once by a tautology (which the solver then drops), with the budget polled
    // in between: about 40 ms per chunk measured there.
    const NlSatApi& api = impl_->api;
    while (vars_ < cnf.num_vars) {
        const int n = std::min(cnf.num_vars - vars_, kVarsPerChunk);
        impl_->check(api.new_vars(impl_->solver, static_cast<std::size_t>(n)));
        const int tautology[2] = {vars_ + n, -(vars_ + n)};
        impl_->check(api.add_clause(impl_->solver, tautology, 2));
        vars_ += n;
        if (impl_->budget) poll_budget(*impl_->budget);
    }
    // Clauses go straight from the encoding's buffer, each ended by its 0.
    const int* literals = cnf.literals.data();
    std::size_t start = from, clauses = 0;
    for (std::size_t i = from; i < cnf.literals.size(); ++i) {
        if (literals[i]) continue;
        impl_->check(api.add_clause(impl_->solver, literals + start, i - start));
        start = i + 1;
        // Loading ADC 2017 Q08 (3.9 M clauses) takes over 2 s: keep the budget in view.
        if (++clauses % Cnf::kPollEvery == 0 && impl_->budget) poll_budget(*impl_->budget);
    }
    return cnf.literals.size();
}

void SatSession::add_clause(std::span<const int> clause) {
    if (abandoned_) throw Stopped(stop_reason_);
    impl_->check(impl_->api.add_clause(impl_->solver, clause.data(), clause.size()));
}

SatResult SatSession::solve(std::span<const int> assumptions, double seconds, std::uint64_t max_conflicts) {
    if (abandoned_) return SatResult::Unknown;
    const Budget* b = impl_->budget;
    // Memory is left to the watchdog: reading it costs a file read, and counting makes
    // thousands of calls.
    stop_reason_ = b ? b->check(/*memory=*/false) : StopReason::None;
    if (stop_reason_ != StopReason::None) return SatResult::Unknown;
    // CryptoMiniSat's own limit counts CPU time and is checked coarsely, so the watchdog enforces
    // the wall-clock deadline.
    auto deadline = Clock::time_point::max();
    if (seconds > 0) deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    const bool watch = seconds > 0 || (b && (b->has_deadline() || b->interrupt || b->max_memory));
    if (watch && !impl_->watchdog) impl_->watchdog = std::make_unique<Watchdog>(impl_->stop, b);
    impl_->stop = false;  // CryptoMiniSat raises it itself at the end of a call
    if (watch) impl_->watchdog->arm(deadline);
    int answer = kNlSatUnknown;
    try {
        if (vars_ >= kBigVars) {
            answer = Impl::solve_abandonable(impl_, std::vector<int>(assumptions.begin(), assumptions.end()),
                                             max_conflicts, abandoned_);
        } else {
            impl_->check(impl_->api.solve(impl_->solver, assumptions.data(), assumptions.size(), max_conflicts, &answer));
        }
    } catch (...) {
        if (watch) impl_->watchdog->disarm();
        throw;
    }
    if (watch) stop_reason_ = impl_->watchdog->disarm();
    if (abandoned_) {
        if (stop_reason_ == StopReason::None) stop_reason_ = StopReason::Timeout;
        last_conflicts_ = 0;
        return SatResult::Unknown;
    }
    last_conflicts_ = impl_->api.last_conflicts(impl_->solver);
    if (answer == kNlSatSatisfiable) return SatResult::Sat;
    if (answer == kNlSatUnsatisfiable) return SatResult::Unsat;
    // Neither the watchdog nor the budget stopped it: the call's conflict limit did, or else
    // CryptoMiniSat's own limits (treated as a timeout).
    if (stop_reason_ == StopReason::None && !max_conflicts) stop_reason_ = StopReason::Timeout;
    return SatResult::Unknown;
}

std::uint64_t SatSession::work() const { return impl_->api.work(impl_->solver); }

std::vector<int> SatSession::failed_assumptions() const {
    // The conflict holds the negations of the failed assumptions.
    const int* literals = nullptr;
    std::size_t size = 0;
    impl_->check(impl_->api.conflict(impl_->solver, &literals, &size));
    std::vector<int> failed;
    for (std::size_t i = 0; i < size; ++i) failed.push_back(-literals[i]);
    return failed;
}

bool SatSession::value(int var) const { return impl_->api.value(impl_->solver, var) != 0; }

}  // namespace nl
