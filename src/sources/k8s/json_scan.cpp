// The webhook body's JSON scanner (json_scan.hpp): nlohmann's events for the JSON it reads,
// `unsupported` for everything else. The scanner itself is json_scanner.hpp's template.
#include "sources/k8s/json_scan.hpp"

#include "sources/k8s/json_scanner.hpp"

namespace kvdtype::io {

JsonScan scan_json(std::string_view text, nlohmann::json_sax<nlohmann::json>& sax) {
  return json_scan_detail::Scanner<nlohmann::json_sax<nlohmann::json>>(text, sax).run();
}

}  // namespace kvdtype::io
