#include "sources/files/json_depth.hpp"

#include <cstdint>

#include <nlohmann/json.hpp>

namespace kvdtype::io::detail {

namespace {

using json = nlohmann::json;

// Counts depth and stops the parse as soon as it passes the limit.
class DepthCheck final : public nlohmann::json_sax<json> {
 public:
  DepthCheck(int max_depth, std::size_t max_values) : max_depth_(max_depth), max_values_(max_values) {}
  bool too_deep = false;
  bool too_many = false;
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return push(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return pop(); }
  bool start_array(std::size_t) override { return push(); }
  bool end_array() override { return pop(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  bool value() {
    if (++values_ > max_values_) too_many = true;
    return !too_many;
  }
  bool push() {
    if (++depth_ > max_depth_) too_deep = true;
    return !too_deep && value();
  }
  bool pop() {
    --depth_;
    return true;
  }
  int max_depth_;
  std::size_t max_values_;
  int depth_ = 0;
  std::size_t values_ = 0;
};

}  // namespace

JsonShape json_shape(std::string_view text, int max_depth, std::size_t max_values) noexcept {
  DepthCheck check(max_depth, max_values);
  try {
    (void)json::sax_parse(text, &check, json::input_format_t::json, /*strict=*/true);
  } catch (...) {
    return JsonShape::ok;  // malformed: the real parse reports it
  }
  if (check.too_deep) return JsonShape::too_deep;
  if (check.too_many) return JsonShape::too_many_values;
  return JsonShape::ok;
}

bool json_nests_deeper_than(std::string_view text, int max_depth) noexcept {
  return json_shape(text, max_depth, SIZE_MAX) == JsonShape::too_deep;
}

}  // namespace kvdtype::io::detail
