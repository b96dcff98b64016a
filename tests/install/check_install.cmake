# The install test (ctest Install.OutsideProject): installs this build into a fresh prefix,
# checks that include/numberlink holds the public headers alone, configures and builds
# tests/install/consumer against the installed CMake package alone (not the source tree), runs
# its api_checks (every call of the public API on boards with answers known by hand), and runs
# its uniques on puzzles/ascii/five.txt and compares the answer with the command line's `solve`
# and the exhaustive search's count on the same file.
# Run as: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... [-DCXX_FLAGS=...] [-DLINKER_FLAGS=...]
#         -P check_install.cmake
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "check_install.cmake: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${what} failed (${code}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file bin/numberlink lib/libnumberlink.a lib/libnumberlink_render.a lib/numberlink/numberlink-png.so lib/numberlink/numberlink-http.so lib/numberlink/numberlink-sat.so lib/numberlink/numberlink-cadical.so
        include/numberlink/numberlink.hpp include/numberlink/render.hpp lib/cmake/numberlink/numberlinkConfig.cmake
        share/man/man1/numberlink.1 share/bash-completion/completions/numberlink)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()
# Only the public headers: no folder of internal ones, and nothing in them that names the
# library's internals (namespace nl) or includes a header of its own other than the public ones.
file(GLOB_RECURSE installed RELATIVE ${prefix}/include/numberlink ${prefix}/include/numberlink/*)
foreach(file ${installed})
  if(NOT file MATCHES "^[a-z_]+\\.hpp$")
    message(FATAL_ERROR "not a public header, but installed: include/numberlink/${file}")
  endif()
  file(READ ${prefix}/include/numberlink/${file} text)
  if(text MATCHES "namespace nl[ :{]|nl::")
    message(FATAL_ERROR "include/numberlink/${file} names the internal namespace nl")
  endif()
  string(REGEX MATCHALL "#include [<\"][^>\"]*" includes "${text}")
  foreach(include ${includes})
    if(include MATCHES "/" AND NOT include MATCHES "[<\"]numberlink/[a-z_]+\\.hpp$")
      message(FATAL_ERROR "include/numberlink/${file} includes a header that is not installed: ${include}")
    endif()
  endforeach()
endforeach()
# The consumer sees only the prefix: CMAKE_PREFIX_PATH, and no path into the source tree.
run("configuring the consumer" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install/consumer -B ${WORK_DIR}/consumer
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release
    # the flags this build was made with (the sanitizer build's runtime must be linked too)
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run("building the consumer" ${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run("the consumer's api_checks" ${WORK_DIR}/consumer/api_checks)
if(NOT out MATCHES "api_checks: all passed")
  message(FATAL_ERROR "api_checks did not pass:\n${out}")
endif()
run("the consumer" ${WORK_DIR}/consumer/uniques ${SOURCE_DIR}/puzzles/ascii/five.txt)
set(consumer "${out}")
run("numberlink solve" ${prefix}/bin/numberlink solve ${SOURCE_DIR}/puzzles/ascii/five.txt)
string(REGEX REPLACE "^[^\n]*\n" "" grid "${out}")  # the grid after the status line
# The installed program finds its SAT module in lib/numberlink (app/module_loader.hpp).
run("numberlink solve --engine sat" ${prefix}/bin/numberlink solve --engine sat ${SOURCE_DIR}/puzzles/ascii/five.txt)
# The count from the exhaustive search, which shares no code with the SAT engine the consumer
# used for its verdict.
run("numberlink count --engine search" ${prefix}/bin/numberlink count --engine search ${SOURCE_DIR}/puzzles/ascii/five.txt)
foreach(expected "five.txt:1: solved, unique\n" "${grid}" "1 unique\n")
  string(FIND "${consumer}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the consumer's output lacks:\n${expected}\nit printed:\n${consumer}")
  endif()
endforeach()
if(NOT out MATCHES "five.txt:1: 1 solution")
  message(FATAL_ERROR "the exhaustive search did not count one solution: ${out}")
endif()
if(NOT consumer MATCHES "svg [1-9][0-9]* bytes")
  message(FATAL_ERROR "the consumer drew no SVG: ${consumer}")
endif()
message(STATUS "installed package OK: ${consumer}")
