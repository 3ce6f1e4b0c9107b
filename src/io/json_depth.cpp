#include "io/json_depth.hpp"

#include <nlohmann/json.hpp>

namespace kvdtype::io::detail {

namespace {

using json = nlohmann::json;

// Counts depth and stops the parse as soon as it passes the limit.
class DepthCheck final : public nlohmann::json_sax<json> {
 public:
  explicit DepthCheck(int max_depth) : max_depth_(max_depth) {}
  bool too_deep = false;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return push(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return pop(); }
  bool start_array(std::size_t) override { return push(); }
  bool end_array() override { return pop(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool push() {
    if (++depth_ > max_depth_) too_deep = true;
    return !too_deep;
  }
  bool pop() {
    --depth_;
    return true;
  }
  int max_depth_;
  int depth_ = 0;
};

}  // namespace

bool json_nests_deeper_than(std::string_view text, int max_depth) noexcept {
  DepthCheck depth(max_depth);
  try {
    (void)json::sax_parse(text, &depth, json::input_format_t::json, /*strict=*/true);
  } catch (...) {
    return false;
  }
  return depth.too_deep;
}

}  // namespace kvdtype::io::detail
