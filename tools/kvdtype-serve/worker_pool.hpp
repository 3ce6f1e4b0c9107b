// A fixed pool of --threads workers that run complete requests (http_server.cpp hands them over
// only once headers and body are read, so a slow client never holds a worker).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace kvdtype::serve {

class WorkerPool {
 public:
  explicit WorkerPool(std::size_t threads);
  /// Finishes the jobs already queued, then joins the workers.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  void post(std::function<void()> job);

 private:
  void work();
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kvdtype::serve
