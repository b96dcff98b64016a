// LeakSanitizer (the sanitizer build of scripts/test) reads its default suppressions from this
// hook. fontconfig, which librsvg's text layout loads, keeps its font caches until the process
// ends, by design; those are not leaks of ours. LeakSanitizer looks the hook up in the program
// itself, not in modules loaded later, so CMakeLists.txt adds this file to every program that
// may draw PNGs (the CLI, which loads the PNG module, and the tests). Unused in ordinary builds.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
