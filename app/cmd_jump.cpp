// numberlink jump: the tours of the jump puzzle. Write 1..W*H into a W x H board, each
// number one jump (default: 3 cells orthogonally or 2 diagonally) from the previous one, never
// on a used cell. --count (default) counts every tour, in total and per start cell; --all prints
// them; --one finds one on boards of any size. The engine is jump/jump.hpp; every tour printed
// here passes its checker (is_jump_tour) first.
//
// Output is collected and written at the end (atomically with -o), except --all to standard
// output, which streams. Exit codes: 0 done, 1 no tour exists (--one, exhaustive), 2 bad usage,
// 70 a tour failed the checker, 130 interrupted (with -o: no file, unless the signal came after
// the answer was complete: app/output.hpp's one rule, a board's answer being its one "puzzle").
#include <chrono>
#include <iomanip>
#include <iostream>
#include <thread>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/interrupt.hpp"
#include "app/pictures.hpp"
#include "core/errors.hpp"
#include "core/json.hpp"
#include "app/jump_heatmap.hpp"
#include "jump/jump.hpp"

namespace nl::app {

namespace {

using jump::JumpBoard;

// "N" or "WxH" (also "WXH"), each side 1..kMaxSide.
std::pair<int, int> read_size(const std::string& text) {
    auto side = [&](const std::string& s) {
        if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
        return std::stoi(s);
    };
    const std::size_t x = text.find_first_of("xX");
    const int w = side(text.substr(0, x)), h = x == std::string::npos ? w : side(text.substr(x + 1));
    if (w < 1 || h < 1 || w > jump::kMaxSide || h > jump::kMaxSide)
        throw UsageError("--size takes N or WxH with sides 1.." + std::to_string(jump::kMaxSide) + ", not '" + text + "'");
    return {w, h};
}

// "X,Y", 0-based (x = column), inside the board.
int read_start(const std::string& text, const JumpBoard& board) {
    const std::size_t comma = text.find(',');
    auto number = [](const std::string& s) {
        if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
        return std::stoi(s);
    };
    const int x = comma == std::string::npos ? -1 : number(text.substr(0, comma));
    const int y = comma == std::string::npos ? -1 : number(text.substr(comma + 1));
    if (x < 0 || y < 0 || x >= board.width || y >= board.height)
        throw UsageError("--start takes X,Y inside the board (0-based, x = column: 0.." + std::to_string(board.width - 1) +
                         ",0.." + std::to_string(board.height - 1) + "), not '" + text + "'");
    return y * board.width + x;
}

// The tour as the grid of its numbers (1 = start), one row per line, right-aligned. Built as
// one string from the padded numbers made once: --all writes 12,400 of these for 5x5, and
// iostream formatting of every number would cost more than the search.
class TourGridWriter {
   public:
    explicit TourGridWriter(const JumpBoard& board) : board_(board), number_(static_cast<std::size_t>(board.cells())) {
        const std::size_t width = std::to_string(board.cells()).size();
        for (int k = 1; k <= board.cells(); ++k) {
            std::string text = std::to_string(k);
            padded_.push_back(std::string(width - text.size(), ' ') + text);
        }
    }
    void write(std::ostream& out, const std::vector<int>& tour) {
        for (std::size_t i = 0; i < tour.size(); ++i) number_[static_cast<std::size_t>(tour[i])] = static_cast<int>(i);
        text_.clear();
        for (int y = 0; y < board_.height; ++y)
            for (int x = 0; x < board_.width; ++x) {
                text_ += padded_[static_cast<std::size_t>(number_[static_cast<std::size_t>(y * board_.width + x)])];
                text_ += x + 1 < board_.width ? ' ' : '\n';
            }
        out << text_;
    }

   private:
    const JumpBoard& board_;
    std::vector<int> number_;  // cell -> index in the tour
    std::vector<std::string> padded_;
    std::string text_;
};

nlohmann::ordered_json tour_grid_json(const JumpBoard& board, const std::vector<int>& tour) {
    std::vector<int> number(static_cast<std::size_t>(board.cells()), 0);
    for (std::size_t i = 0; i < tour.size(); ++i) number[static_cast<std::size_t>(tour[i])] = static_cast<int>(i) + 1;
    auto rows = nlohmann::ordered_json::array();
    for (int y = 0; y < board.height; ++y) {
        auto row = nlohmann::ordered_json::array();
        for (int x = 0; x < board.width; ++x) row.push_back(number[static_cast<std::size_t>(y * board.width + x)]);
        rows.push_back(std::move(row));
    }
    return rows;
}

nlohmann::ordered_json board_json(const JumpBoard& board, const std::string& moves_text) {
    nlohmann::ordered_json j;
    j["width"] = board.width;
    j["height"] = board.height;
    j["moves"] = moves_text;
    return j;
}

std::string size_text(const JumpBoard& b) { return std::to_string(b.width) + "x" + std::to_string(b.height); }

void require_countable(const JumpBoard& board, const char* mode) {
    if (board.cells() > jump::kMaxCountCells)
        throw UsageError(std::string(mode) + " handles boards of up to " + std::to_string(jump::kMaxCountCells) +
                         " cells (this one has " + std::to_string(board.cells()) + "); --one finds a tour of any size");
}

// What every mode of `jump` reads: the board, the options, where the output goes.
struct JumpRun {
    const po::variables_map& vm;
    JumpBoard board;
    std::string moves_text;
    int start;  // -1: any
    int jobs;
    std::string output, path;
    bool json, quiet, picture;
    const std::atomic<bool>& stop;
    std::chrono::steady_clock::time_point began;
    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(); }
};

// --count: the number of tours, in all and from each start cell (or its heat map).
int count_mode(const JumpRun& run) {
    require_countable(run.board, "--count");
    jump::CountOptions options;
    options.jobs = run.jobs;
    options.start = run.start;
    options.use_symmetry = !run.vm.count("no-symmetry");
    options.stop = &run.stop;
    const jump::CountResult r = jump::count_tours(run.board, options);
    if (r.interrupted) {
        std::cerr << "numberlink: interrupted: counts incomplete, nothing written\n";
        return int(kExitInterrupted);
    }
    if (run.picture) {
        const std::string svg = jump_heatmap_svg(run.board.width, run.board.height, run.moves_text, r.total, r.per_start);
        write_picture_file(run.path, picture_bytes(run.output == "svg" ? PictureFormat::Svg : PictureFormat::Png, svg));
        return int(interrupt_flag() ? kExitInterrupted : kExitOk);  // the rule of Output::finish
    }
    Output out(run.path);
    if (run.json) {
        auto j = board_json(run.board, run.moves_text);
        if (run.start >= 0) j["start"] = {run.start % run.board.width, run.start / run.board.width};
        j["total"] = r.total;
        auto rows = nlohmann::ordered_json::array();
        for (int y = 0; y < run.board.height; ++y) {
            auto row = nlohmann::ordered_json::array();
            for (int x = 0; x < run.board.width; ++x) row.push_back(r.per_start[static_cast<std::size_t>(y * run.board.width + x)]);
            rows.push_back(std::move(row));
        }
        j["per_start"] = std::move(rows);
        j["searched_starts"] = r.searched_starts;
        j["nodes"] = r.nodes;
        j["seconds"] = run.seconds();
        out.stream() << json_line(j) << '\n';
    } else {
        out.stream() << size_text(run.board) << " jump tours (moves " << run.moves_text << "): " << r.total << '\n';
        if (!run.quiet) {
            out.stream() << "from each start cell:\n";
            int w = 1;
            for (std::uint64_t v : r.per_start) w = std::max(w, static_cast<int>(std::to_string(v).size()));
            for (int y = 0; y < run.board.height; ++y) {
                for (int x = 0; x < run.board.width; ++x)
                    out.stream() << (x ? " " : "") << std::setw(w) << r.per_start[static_cast<std::size_t>(y * run.board.width + x)];
                out.stream() << '\n';
            }
        }
    }
    return out.finish(kExitOk, 1);
}

// --estimate: Knuth's estimate of the number of tours.
int estimate_mode(const JumpRun& run) {
    require_countable(run.board, "--estimate");
    const long samples = run.vm["estimate"].as<long>();
    if (samples < 1 || samples > 1'000'000'000) throw UsageError("--estimate takes 1..1000000000 samples");
    const auto r = jump::estimate_tours(run.board, static_cast<std::uint64_t>(samples),
                                        static_cast<std::uint64_t>(run.vm["seed"].as<long>()), run.start, &run.stop);
    if (r.interrupted) {
        std::cerr << "numberlink: interrupted, nothing written\n";
        return int(kExitInterrupted);
    }
    Output out(run.path);
    if (run.json) {
        auto j = board_json(run.board, run.moves_text);
        if (run.start >= 0) j["start"] = {run.start % run.board.width, run.start / run.board.width};
        j["estimated_total"] = r.tours;
        j["standard_error"] = r.standard_error;
        j["estimated_nodes"] = r.nodes;
        j["samples"] = r.samples;
        j["seconds"] = run.seconds();
        out.stream() << json_line(j) << '\n';
    } else {
        out.stream() << std::setprecision(4) << size_text(run.board) << " jump tours (moves " << run.moves_text
                     << ")" << (run.start >= 0 ? " from " + run.vm["start"].as<std::string>() : "") << ": about " << r.tours << " (standard error " << std::setprecision(2)
                     << r.standard_error << "; Knuth's estimator, " << r.samples
                     << " samples; the exact search would visit about " << std::setprecision(2) << r.nodes
                     << " nodes" << (run.start >= 0 ? "" : " without symmetry") << ")\n";
    }
    return out.finish(kExitOk, 1);
}

// --all: every tour, each checked.
int all_mode(const JumpRun& run) {
    require_countable(run.board, "--all");
    Output out(run.path, true);
    std::uint64_t found = 0;
    bool checker_failed = false;
    TourGridWriter grid(run.board);
    const bool complete = jump::enumerate_tours(
        run.board, run.start,
        [&](const std::vector<int>& tour) {
            if (!jump::is_jump_tour(run.board, tour)) {
                checker_failed = true;
                return false;
            }
            ++found;
            if (run.json) {
                auto j = board_json(run.board, run.moves_text);
                j["tour"] = found;
                j["start"] = {tour[0] % run.board.width, tour[0] / run.board.width};
                j["grid"] = tour_grid_json(run.board, tour);
                out.stream() << json_line(j) << '\n';
            } else if (!run.quiet) {
                out.stream() << "tour " << found << ":\n";
                grid.write(out.stream(), tour);
            }
            return true;
        },
        &run.stop);
    if (checker_failed) throw InternalError("a listed jump tour failed the move checker");
    if (!complete) {
        out.flush();
        std::cerr << "numberlink: interrupted after " << found << " tours" << (run.path.empty() ? "" : ", nothing written") << '\n';
        return int(kExitInterrupted);
    }
    if (!run.json) out.stream() << found << (found == 1 ? " tour\n" : " tours\n");
    return out.finish(kExitOk, 1);
}

// --one: one tour, checked, or the proof that there is none.
int one_mode(const JumpRun& run) {
    const jump::FindResult r = jump::find_tour(run.board, run.start, &run.stop);
    if (!r.tour) {
        if (r.interrupted) {
            std::cerr << "numberlink: interrupted before a tour was found\n";
            return int(kExitInterrupted);
        }
        Output out(run.path);
        if (run.json) {
            auto j = board_json(run.board, run.moves_text);
            j["tour"] = nullptr;
            j["seconds"] = run.seconds();
            out.stream() << json_line(j) << '\n';
        } else {
            out.stream() << size_text(run.board) << ": no jump tour" << (run.start >= 0 ? " from this start" : "") << '\n';
        }
        return out.finish(kExitNegative, 1);
    }
    if (!jump::is_jump_tour(run.board, *r.tour)) throw InternalError("the jump tour found failed the move checker");
    Output out(run.path);
    if (run.json) {
        auto j = board_json(run.board, run.moves_text);
        j["start"] = {r.tour->front() % run.board.width, r.tour->front() / run.board.width};
        j["grid"] = tour_grid_json(run.board, *r.tour);
        j["nodes"] = r.nodes;
        j["seconds"] = run.seconds();
        out.stream() << json_line(j) << '\n';
    } else {
        TourGridWriter(run.board).write(out.stream(), *r.tour);
    }
    return out.finish(kExitOk, 1);
}

}  // namespace

int run_jump(const Args& args) {
    return run_guarded([&] {
        po::options_description desc("options");
        desc.add_options()
            ("size", po::value<std::string>()->value_name("N|WxH"), "the board: N x N, or W x H (required)")
            ("start", po::value<std::string>()->value_name("X,Y"), "only tours that start at this cell (0-based, x = column)")
            ("count", "count the tours, in total and from each start cell (the default; up to 64 cells)")
            ("all", "print every tour (up to 64 cells)")
            ("one", "find one tour, on a board of any size (Warnsdorff's rule with backtracking)")
            ("estimate", po::value<long>()->value_name("SAMPLES"),
             "estimate the number of tours from SAMPLES random descents of the counting search "
             "(Knuth's estimator; for boards too large to count, e.g. 7x7)")
            ("seed", po::value<long>()->value_name("N")->default_value(1), "random seed of --estimate")
            ("moves", po::value<std::string>()->value_name("DX,DY:..."),
             "the jumps, each DX,DY standing for every sign and swap of it (default 3,0:2,2: 3 cells "
             "orthogonally or 2 diagonally, the jump puzzle's own rule)")
            ("no-symmetry", "count from every start cell instead of one per symmetry class (a cross-check)")
            ("jobs,j", po::value<int>()->value_name("N")->default_value(static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
             "worker threads for --count (default: the number of cores)");
        add_common_options(desc, {"output", "output-file", "quiet", "help"});
        auto parsed = parse_command(
            args,
            CommandHelp{"numberlink jump --size N|WxH [--count | --all | --one] [options]",
                "Jump tours: write 1..W*H into the board, each number one jump from the previous one\n"
                "(3 cells orthogonally or 2 diagonally), never on a used cell. Counts, lists or finds\n"
                "tours. Exit 0 done, 1 no tour exists (--one), 2 bad usage.",
                {"size", "count", "all", "one", "estimate", "start", "jobs", "output", "output-file", "help"},
                {"numberlink jump --size 5 --count",
                 "numberlink jump --size 6 --output svg -o heat.svg   # counts per start cell",
                 "numberlink jump --size 100 --one"},
                "Jump tours: write 1..W*H into the board, each number one jump from the previous\n"
            "one (3 cells orthogonally or 2 diagonally unless --moves says otherwise), never on a used\n"
            "cell. --count prints the number of tours and the number from each start cell; --all prints\n"
            "every tour as a grid of its numbers; --one prints one tour; --estimate N estimates the count\n"
            "from N random descents. --output grid (default), json\n"
            "(JSON Lines) or, with --count, svg or png (a heat map of the counts per start cell; needs -o).\n"
            "Exit 0 done, 1 no tour exists (--one), 2 bad usage, 130 interrupted."},
            desc, 0, 0);
        if (!parsed) return int(kExitOk);
        const auto& vm = parsed->vm;
        if (!vm.count("size")) throw UsageError("--size is required (N or WxH)");
        const auto [width, height] = read_size(vm["size"].as<std::string>());
        const std::string moves_text = vm.count("moves") ? vm["moves"].as<std::string>() : "3,0:2,2";
        const auto base = jump::parse_moves(moves_text);
        if (!base)
            throw UsageError("--moves takes DX,DY offsets separated by ':' (e.g. 3,0:2,2), each nonzero and at most " +
                             std::to_string(jump::kMaxOffset) + ", not '" + moves_text + "'");
        const JumpBoard board{width, height, jump::expand_moves(*base)};
        const int modes = static_cast<int>(vm.count("count") + vm.count("all") + vm.count("one") + vm.count("estimate"));
        if (modes > 1) throw UsageError("give one of --count, --all, --one, --estimate");
        const std::string mode = vm.count("all")        ? "all"
                                 : vm.count("one")      ? "one"
                                 : vm.count("estimate") ? "estimate"
                                                        : "count";
        const int start = vm.count("start") ? read_start(vm["start"].as<std::string>(), board) : -1;
        const int jobs = vm["jobs"].as<int>();
        if (jobs < 1) throw UsageError("--jobs must be at least 1");
        const std::string output = vm.count("output") ? vm["output"].as<std::string>() : "grid";
        const bool picture = output == "svg" || output == "png";
        if (output != "grid" && output != "json" && !(picture && mode == "count"))
            throw UsageError("--output takes grid or json (svg or png: the heat map of --count), not '" + output + "'");
        const std::string path = vm.count("output-file") ? vm["output-file"].as<std::string>() : "";
        if (picture && path.empty()) throw UsageError("--output " + output + " needs -o FILE." + output);
        const bool json = output == "json", quiet = vm.count("quiet") > 0;
        const JumpRun run{vm, board, moves_text, start, jobs, output, path, json, quiet, picture, interrupt_flag(),
                          std::chrono::steady_clock::now()};
        if (mode == "count") return count_mode(run);
        if (mode == "estimate") return estimate_mode(run);
        if (mode == "all") return all_mode(run);
        return one_mode(run);
    });
}

}  // namespace nl::app
