// `kvdtype.error/v1`: bad input (exit 2) as one JSON object, so that a CI job reading stdout
// always gets JSON (CONTRACT.md, "Exit status, strictness and errors").
#include "render/report_json.hpp"

namespace kvdtype::io {

std::string render_error(std::string_view message, std::string_view input) {
  Json j;
  j["schema"] = "kvdtype.error/v1";
  // Invalid UTF-8 in a file name or value is replaced, never thrown on.
  j["error"] = {{"message", std::string(message)}, {"input", std::string(input)}};
  return j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace kvdtype::io
