// How each solver's side of sat_api.hpp answers: nothing may leave a module but a status, so
// every call runs inside `guarded`, which turns what the solver throws into one.
#pragma once

#include <exception>
#include <new>
#include <string>

#include "solver/sat/sat_api.hpp"

namespace nl::sat_module {

// Runs `body`; kNlSatOutOfMemory for std::bad_alloc, kNlSatFailed (with `error` set) for
// anything else thrown.
template <class F>
int guarded(std::string& error, F&& body) {
    try {
        body();
        return kNlSatOk;
    } catch (const std::bad_alloc&) {
        return kNlSatOutOfMemory;
    } catch (const std::exception& e) {
        error = e.what();
    } catch (...) {
        error = "an unknown exception";
    }
    return kNlSatFailed;
}

}  // namespace nl::sat_module
