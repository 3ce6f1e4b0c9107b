// A fresh directory per test under the system's temporary directory, removed with the object:
// the CLI tests write the files a case reads (manifests, scripts, configs) into one.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace kvdtype::test {

class TempDir {
 public:
  /// `tag` names the test file in the directory's name (kvdtype-<tag>-<pid>-<n>).
  explicit TempDir(const std::string& tag)
      : dir_(std::filesystem::temp_directory_path() /
             ("kvdtype-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(next_++))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir_ / name).string(); }
  /// Write `text` to `name` (bytes as given) and return its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return path(name);
  }

 private:
  static inline int next_ = 0;
  std::filesystem::path dir_;
};

}  // namespace kvdtype::test
