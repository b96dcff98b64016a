// Reading a batch one puzzle at a time; see puzzle_stream.hpp.
#include "core/puzzle_stream.hpp"

namespace nl {

PuzzleStream::PuzzleStream(std::vector<std::string> paths, ReadOptions options)
    : paths_(std::move(paths)), options_(options) {}

PuzzleStream::~PuzzleStream() = default;

void PuzzleStream::open_next_file() {
    pending_.clear();  // before the file they read
    next_pending_ = 0;
    file_.reset();
    const std::string& path = paths_[next_file_++];
    try {
        file_ = std::make_unique<TextFile>(load_text(path));
        format_ = options_.format ? *options_.format : detect_format(*file_);
        split_puzzles(*file_, options_, pending_);
    } catch (const InputError& e) {
        file_error_ = e;  // the puzzles split before it stay in pending_
    }
    known_ += static_cast<long>(pending_.size()) + (file_error_ ? 1 : 0);
}

long PuzzleStream::count_all() const {
    long total = known_;
    for (std::size_t k = next_file_; k < paths_.size(); ++k) {
        if (paths_[k] == "-") return -1;
        std::vector<PendingPuzzle> pending;
        bool failed = false;
        try {
            const TextFile file = load_text(paths_[k]);
            split_puzzles(file, options_, pending);
        } catch (const InputError&) {
            failed = true;
        }
        total += static_cast<long>(pending.size()) + (failed ? 1 : 0);
    }
    return total;
}

bool PuzzleStream::at_most_one() {
    if (paths_.size() != 1) return paths_.empty();
    if (next_file_ == 0) open_next_file();
    return known_ <= 1;
}

std::optional<StreamedPuzzle> PuzzleStream::next() {
    while (true) {
        if (next_pending_ < pending_.size()) {
            const PendingPuzzle& p = pending_[next_pending_++];
            try {
                return StreamedPuzzle{p.name, p.build(), std::nullopt};
            } catch (const InputError& e) {
                return StreamedPuzzle{p.name, std::nullopt, e};
            }
        }
        if (file_error_) {
            StreamedPuzzle item{file_error_->file, std::nullopt, std::move(file_error_)};
            file_error_.reset();
            return item;
        }
        if (next_file_ == paths_.size()) {
            pending_.clear();
            file_.reset();
            return std::nullopt;
        }
        open_next_file();
    }
}

}  // namespace nl
