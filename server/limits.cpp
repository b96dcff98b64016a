// Slots, queue and channels of the server; see limits.hpp.
#include "server/limits.hpp"

namespace nl::server {

void Limits::cancel(Job& job, Cancel why) {
    if (job.why != Cancel::None) return;
    job.why = why;
    job.flag = true;
    changed_.notify_all();  // a waiting request wakes to see it
}

std::shared_ptr<Job> Limits::open(const std::string& channel) {
    auto job = std::make_shared<Job>();
    job->channel = channel;
    std::lock_guard lock(mutex_);
    if (stopping_) cancel(*job, Cancel::Shutdown);
    if (!channel.empty()) {
        auto& holder = channels_[channel];
        if (holder) {
            cancel(*holder, Cancel::Channel);
            job->replaces = true;
        }
        holder = job;
    }
    open_.insert(job);
    return job;
}

Admission Limits::admit(Job& job) {
    std::unique_lock lock(mutex_);
    if (job.why != Cancel::None) return Admission::Cancelled;
    if (running_ >= jobs_ && waiting_ >= queue_ && !job.replaces) return Admission::Busy;
    ++waiting_;
    changed_.wait(lock, [&] { return running_ < jobs_ || job.why != Cancel::None; });
    --waiting_;
    if (job.why != Cancel::None) return Admission::Cancelled;
    ++running_;
    return Admission::Admitted;
}

void Limits::release() {
    std::lock_guard lock(mutex_);
    --running_;
    changed_.notify_all();
}

void Limits::close(const std::shared_ptr<Job>& job) {
    std::lock_guard lock(mutex_);
    open_.erase(job);
    if (!job->channel.empty()) {
        auto at = channels_.find(job->channel);
        if (at != channels_.end() && at->second == job) channels_.erase(at);
    }
}

Cancel Limits::cancelled(const Job& job) {
    std::lock_guard lock(mutex_);
    return job.why;
}

void Limits::shutdown() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (const auto& job : open_) cancel(*job, Cancel::Shutdown);
}

int Limits::running() {
    std::lock_guard lock(mutex_);
    return running_;
}

int Limits::waiting() {
    std::lock_guard lock(mutex_);
    return waiting_;
}

}  // namespace nl::server
