// Output files; see output.hpp.
#include "app/output.hpp"

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

#include "app/cli.hpp"
#include "app/interrupt.hpp"
#include "core/errors.hpp"

namespace nl::app {

namespace fs = std::filesystem;

// A stream buffer over a file descriptor: output streams into the file as it comes, never
// collected in memory (--all of the jump tours writes megabytes). Remembers the first error.
class FdStreamBuf : public std::streambuf {
   public:
    explicit FdStreamBuf(int fd) : fd_(fd), buffer_(std::size_t{1} << 18) {
        setp(buffer_.data(), buffer_.data() + buffer_.size());
    }
    int error() const { return error_; }  // errno of the first failed write, 0 when none

   protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

   private:
    bool drain() {
        const char* at = pbase();
        while (error_ == 0 && at < pptr()) {
            const ssize_t n = ::write(fd_, at, static_cast<std::size_t>(pptr() - at));
            if (n < 0 && errno == EINTR) continue;  // Ctrl-C's handler (no SA_RESTART) on a FIFO
            if (n <= 0) {
                error_ = n < 0 ? errno : EIO;
                break;
            }
            at += n;
        }
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return error_ == 0;
    }

    int fd_;
    std::vector<char> buffer_;
    int error_ = 0;
};

namespace {

[[noreturn]] void fail(const std::string& path, int error) {
    throw InputError(path, 0, "cannot write output file: " + std::string(std::strerror(error)));
}

// The file that writing to `path` means: symbolic links followed, one after another, to the
// first name that is not a link (which need not exist: a dangling link names the file to create).
fs::path follow_links(const std::string& path) {
    fs::path p = path;
    for (int hops = 0;; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(p, ec))) return p;
        if (hops == 40) fail(path, ELOOP);  // the kernel's own limit
        const fs::path target = fs::read_symlink(p, ec);
        if (ec) fail(path, ec.value());
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
}

// Creates a temporary file beside `target` as mkstemp does (a random name, O_CREAT|O_EXCL, never
// following a link) but with mode 0666 less the umask, the mode of any new file, which mkstemp's
// 0600 is not. Returns the descriptor and sets `name`.
int create_temporary(const fs::path& target, std::string& name) {
    const fs::path dir = target.parent_path();
    const std::string stem = (dir.empty() ? target : dir / target.filename()).string() + ".tmp.";
    static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; ++attempt) {
        unsigned char random[10];
        std::size_t got = 0;
        while (got < sizeof random) {
            const ssize_t n = getrandom(random + got, sizeof random - got, 0);
            if (n < 0 && errno != EINTR) return -1;
            if (n > 0) got += static_cast<std::size_t>(n);
        }
        name = stem;
        for (unsigned char r : random) name += kLetters[r % (sizeof kLetters - 1)];
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) return fd;
    }
    errno = EEXIST;
    return -1;
}

// Opens a device, FIFO or socket for writing as it is (no O_CREAT, no O_TRUNC). A FIFO without
// a reader blocks here, as with the shell's `>`; Ctrl-C ends the wait.
int open_directly(const fs::path& target, const std::atomic<bool>& interrupted) {
    for (;;) {
        const int fd = ::open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd >= 0 || errno != EINTR || interrupted) return fd;
    }
}

}  // namespace

Output::Output(std::string path, bool stream_stdout)
    : path_(std::move(path)), stdout_streamed_(stream_stdout && path_.empty()) {}

Output::~Output() {
    if (!done_) discard();
}

std::ostream& Output::stream() {
    if (stdout_streamed_) return std::cout;
    if (path_.empty()) return buffer_;
    if (!file_) open_file();
    return *file_;
}

void Output::open_file() {
    const std::atomic<bool>& interrupted = interrupt_flag();  // a signal now cannot strand the temporary
    struct stat old {};
    // What the kernel finds at the path decides first: /dev/stdout on a pipe is a link whose
    // text ("pipe:[123]") names no file, so links are followed by their text only on the way
    // to a regular file or to none.
    if (::stat(path_.c_str(), &old) == 0 && !S_ISREG(old.st_mode) && !S_ISDIR(old.st_mode)) {
        const int fd = open_directly(path_, interrupted);
        if (fd < 0) fail(path_, errno);
        adopt(fd);
        return;
    }
    const fs::path target = follow_links(path_);
    if (target.filename().empty()) fail(path_, EISDIR);
    const bool exists = ::stat(target.c_str(), &old) == 0;
    if (exists && S_ISDIR(old.st_mode)) fail(path_, EISDIR);
    int fd = -1;
    if (exists && !S_ISREG(old.st_mode)) {  // it changed since the first look
        fd = open_directly(target, interrupted);
        if (fd < 0) fail(path_, errno);
    } else {
        fd = create_temporary(target, tmp_);
        if (fd < 0) {
            const int error = errno;
            tmp_.clear();
            fail(path_, error);
        }
        if (exists) {  // the replaced file's owner (where allowed) and permission bits
            if (fchown(fd, old.st_uid, old.st_gid) != 0) {
                // Only root may give a file away: the writer's own user then owns it.
            }
            fchmod(fd, old.st_mode & 0777);
        }
    }
    target_ = target.string();
    adopt(fd);
}

void Output::adopt(int fd) {
    buf_ = std::make_unique<FdStreamBuf>(fd);
    file_ = std::make_unique<std::ostream>(buf_.get());
    fd_ = fd;
}

void Output::flush() {
    if (stdout_streamed_) std::cout.flush();
    if (file_ && tmp_.empty()) file_->flush();  // a device or FIFO: its reader gets each record
}

bool Output::to_terminal() const { return path_.empty() && isatty(STDOUT_FILENO); }

void Output::close_file() {
    file_->flush();
    int error = buf_->error();
    // On the temporary file: the data on disk before the rename makes it visible, so that a
    // crash cannot leave an empty file where the old one was.
    if (!error && !tmp_.empty() && ::fsync(fd_) != 0) error = errno;
    if (::close(fd_) != 0 && !error && errno != EINTR) error = errno;
    fd_ = -1;
    file_.reset();
    buf_.reset();
    if (error) {
        if (!tmp_.empty()) ::unlink(tmp_.c_str());
        tmp_.clear();
        fail(path_, error);
    }
}

void Output::commit() {
    if (done_) return;
    done_ = true;
    if (stdout_streamed_) {
        std::cout.flush();
        return;
    }
    if (path_.empty()) {
        std::cout << buffer_.view() << std::flush;
        return;
    }
    if (!file_) open_file();  // nothing was written: an empty file
    close_file();
    if (tmp_.empty()) return;  // written directly
    const std::string tmp = std::move(tmp_);
    tmp_.clear();
    if (::rename(tmp.c_str(), target_.c_str()) != 0) {
        const int error = errno;
        ::unlink(tmp.c_str());
        fail(path_, error);
    }
}

void Output::discard() {
    if (done_) return;
    done_ = true;
    buffer_.str({});
    if (!file_) return;
    ::close(fd_);  // nothing is kept, so there is no error to report
    fd_ = -1;
    file_.reset();
    buf_.reset();
    if (!tmp_.empty()) ::unlink(tmp_.c_str());
    tmp_.clear();
}

int Output::finish(int code, std::size_t finished) {
    if (!interrupt_flag()) {
        commit();
        return code;
    }
    if (finished > 0)
        commit();
    else
        discard();
    return kExitInterrupted;
}

}  // namespace nl::app
