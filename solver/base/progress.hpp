// How far a solve has got, for a progress line (the command line's --progress): which stage of
// the table runs, what it is doing and, where it counts its work, how much it has done. The
// library reports through a ProgressSink it is given (EngineOptions::progress; the stages hand
// it on to the engines they run); without one nothing is reported, and the cost is a test of
// an empty std::function where a note would go.
//
// Notes come from whichever thread runs a stage: a race runs two at once (the scan against the
// rest of the table, the router against SAT, the two SAT solvers of the portfolio), so a sink
// must be thread-safe. It must be cheap too: the engines note once a SAT call, once a round of
// the router and once every 65,536 cells a search visits.
#pragma once

#include <cstdint>
#include <functional>

namespace nl {

struct ProgressNote {
    enum class Kind {
        Begin,    // the stage starts (again: its figures so far no longer count)
        Figures,  // what it is doing, or how far it has got
        End,      // it is over, whatever it found
    };
    Kind kind = Kind::Figures;
    // Every text is a literal, so that a sink may keep it after the call.
    const char* stage = "";   // a row of the stage table ("scan", "sat", "route"), or the engine run alone
    const char* phase = "";   // what it is doing ("encoding", "loading", "searching"); "": not said
    const char* unit = "";    // what `count` counts ("conflicts", "rounds", "nodes"); "": no count
    std::uint64_t count = 0;  // so far, in this stage
};

using ProgressSink = std::function<void(const ProgressNote&)>;

// `sink` with every note's stage set to `stage`, so that what an engine notes reaches the
// caller under the name of the stage that runs it; empty when `sink` is.
inline ProgressSink in_stage(const ProgressSink& sink, const char* stage) {
    if (!sink) return {};
    return [sink, stage](const ProgressNote& note) {
        ProgressNote named = note;
        named.stage = stage;
        sink(named);
    };
}

// `sink` with `offset` added to every count: an engine resumed where an earlier run of the
// same stage stopped counts from 0 again; empty when `sink` is.
inline ProgressSink counted_from(const ProgressSink& sink, std::uint64_t offset) {
    if (!sink || offset == 0) return sink;
    return [sink, offset](const ProgressNote& note) {
        ProgressNote moved = note;
        if (*moved.unit) moved.count += offset;
        sink(moved);
    };
}

}  // namespace nl
