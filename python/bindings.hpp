// The parts of the Python module `numberlink`, one file each: every bind_* adds its functions
// to the module (numberlink_module.cpp calls them in turn).
#pragma once

#include <pybind11/pybind11.h>

namespace nl::python {

void bind_formats(pybind11::module_& m);   // read, read_text, write, check, render_svg
void bind_solve(pybind11::module_& m);     // solve, count, unique
void bind_encode(pybind11::module_& m);    // encode, decode
void bind_generate(pybind11::module_& m);  // generate
void bind_stream(pybind11::module_& m);    // SolutionStream, solution_quality, renamed, draw_seed

}  // namespace nl::python
