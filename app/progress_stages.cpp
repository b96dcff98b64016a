// The stages a puzzle's solve is in, as words; see progress_stages.hpp.
#include "app/progress_stages.hpp"

#include <cstdio>
#include <string_view>

namespace nl::app {

std::string count_text(std::uint64_t count) {
    if (count < 1000) return std::to_string(count);
    static const char* const kSuffixes[] = {"k", "M", "G", "T", "P", "E"};
    double scaled = static_cast<double>(count) / 1000;
    int power = 0;
    // 999.95k would print as 1000k: such a value moves on to the next suffix.
    while (scaled >= 999.5 && power + 1 < 6) {
        scaled /= 1000;
        ++power;
    }
    char text[16];
    if (scaled < 9.95) std::snprintf(text, sizeof text, "%.1f%s", scaled, kSuffixes[power]);
    else std::snprintf(text, sizeof text, "%.0f%s", scaled, kSuffixes[power]);
    return text;
}

StageActivity::Running* StageActivity::find(const char* stage) {
    for (Running& r : running_)
        if (std::string_view(r.stage) == stage) return &r;
    return nullptr;
}

void StageActivity::take(const ProgressNote& note) {
    Running* r = find(note.stage);
    switch (note.kind) {
        case ProgressNote::Kind::Begin:
            if (r) *r = Running{note.stage};  // the same stage again (a race's side goes on with it)
            else running_.push_back(Running{note.stage});
            return;
        case ProgressNote::Kind::End:
            if (r) running_.erase(running_.begin() + (r - running_.data()));
            return;
        case ProgressNote::Kind::Figures:
            break;
    }
    if (!r) {
        running_.push_back(Running{note.stage});
        r = &running_.back();
    }
    if (*note.phase) r->phase = note.phase;
    if (!*note.unit) return;
    for (Figure& f : r->figures)
        if (std::string_view(f.unit) == note.unit) {
            f.count = note.count;
            return;
        }
    r->figures.push_back({note.unit, note.count});
}

std::string StageActivity::text() const {
    std::string out;
    for (const Running& r : running_) {
        if (!out.empty()) out += " + ";
        out += r.stage;
        std::string detail = r.phase;
        for (const Figure& f : r.figures) {
            if (!detail.empty()) detail += ", ";
            detail += count_text(f.count) + " " + f.unit;
        }
        if (!detail.empty()) out += " (" + detail + ")";
    }
    return out;
}

}  // namespace nl::app
