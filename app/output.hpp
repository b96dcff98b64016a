// Where a command's answer goes: standard output, or the file named by -o, written so that
// nobody ever finds a half-written file there and nothing else is overwritten by mistake.
//
// What -o OUT does depends on what OUT is (docs/limits.md, "Output files and interruption"):
//   - a regular file, or nothing yet: the answer streams into a fresh temporary file beside it,
//     created under a random name with O_CREAT|O_EXCL|O_NOFOLLOW (a link planted at a guessable
//     name cannot redirect the write), and commit() renames it over OUT, atomically. A new file
//     gets the mode any new file gets (0666 less the umask); a replaced one keeps its permission
//     bits (without set-id bits) and, where the system allows it, its owner and group.
//   - a symbolic link: followed (link after link, also to a file that does not exist yet), and
//     the file it points at is replaced that way in *its* directory; the link stays.
//   - a device, FIFO or socket: written directly, as it comes (no temporary, no rename, no
//     truncation), the way the shell's `>` writes it.
// Without commit() (an error, an exception, discard()) the temporary file is removed: OUT keeps
// what it held, or stays absent.
//
// The one rule for interrupted commands (Ctrl-C, SIGTERM): they exit 130, and -o holds a
// complete file of the puzzles finished so far, or no file at all when none was finished, so an
// interrupted command commits only when at least one puzzle was finished (finish() below). A
// device or FIFO has already received what was written, like standard output.
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>

namespace nl::app {

class FdStreamBuf;

class Output {
   public:
    // `path` empty: standard output, collected and written at commit(), or with `stream_stdout`
    // written as it comes (long batches show their progress).
    explicit Output(std::string path, bool stream_stdout = false);
    ~Output();  // without commit(): as discard()
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    // The stream to write into. The first call with -o opens the file (InputError "cannot write
    // output file: REASON" when it cannot be), and installs the Ctrl-C handlers
    // (app/interrupt.hpp), so that a signal never kills the program between the temporary file's
    // creation and its removal.
    std::ostream& stream();
    void flush();  // pushes streamed output out now (standard output, a device or FIFO)
    bool to_terminal() const;
    // Makes the output appear: renames the temporary file over OUT (a file with nothing written
    // is created empty). Throws InputError "cannot write output file: REASON" when a write, the
    // file's closing or the rename failed, and then leaves no temporary file. Once; later calls
    // and discard() do nothing.
    void commit();
    // Leaves no file: removes the temporary file, drops collected standard output. What a device,
    // FIFO or streamed standard output received stays.
    void discard();
    // The end of a command whose uninterrupted exit code is `code`, after `finished` puzzles
    // were written: without a signal, commits and returns `code`; after Ctrl-C or SIGTERM,
    // commits when `finished` > 0, else discards, and returns 130 (kExitInterrupted).
    int finish(int code, std::size_t finished);

   private:
    void open_file();
    void adopt(int fd);  // writes into `fd` from now on
    void close_file();  // flushes and closes, throws InputError on a failure

    std::string path_;
    bool stdout_streamed_;
    bool done_ = false;          // committed or discarded
    std::ostringstream buffer_;  // standard output, not streamed
    // -o: the file being written, once opened.
    std::unique_ptr<FdStreamBuf> buf_;
    std::unique_ptr<std::ostream> file_;
    int fd_ = -1;
    std::string target_;  // the file to replace (symbolic links followed)
    std::string tmp_;     // the temporary file while it exists; empty when writing directly
};

}  // namespace nl::app
