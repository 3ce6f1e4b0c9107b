// kvdtype's own request arguments as a list of words (rule triggers, deployment triggers).
#include <algorithm>

#include "common/text.hpp"
#include "kvdtype/io/check_request.hpp"
#include "kvdtype/io/launch.hpp"

namespace kvdtype::io {

Result<RequestInput> request_from_args(std::span<const std::string> args) {
  RequestInput in;
  std::size_t i = 0;
  if (i < args.size() && (args[i] == "check" || args[i] == "resolve")) ++i;
  // As on the CLI: a launch command after "--", overlaid by the flags before it.
  const auto dash = std::find(args.begin() + static_cast<std::ptrdiff_t>(i), args.end(), std::string("--"));
  if (dash != args.end()) {
    if (dash + 1 == args.end()) return Error{ErrorCode::bad_command, "-- without a launch command"};
    auto launch = parse_launch_command(std::span<const std::string>(dash + 1, args.end()));
    if (!launch.ok()) return launch.error();
    in = launch->input;
    args = args.first(static_cast<std::size_t>(dash - args.begin()));
  }
  RequestInput flags;
  for (; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a == "--") {
      // A launch command after "--": its settings, then the flags before it win (as kvdtype check does).
      auto launch = parse_launch_command(args.subspan(i + 1));
      if (!launch.ok()) return launch.error();
      RequestInput flags = in;
      in = launch->input;
      in.overlay(flags);
      return in;
    }
    if (!a.starts_with("--")) return Error{ErrorCode::bad_command, "unexpected argument '" + kvdtype::detail::printable(a) + "'"};
    a.remove_prefix(2);
    std::string key(a), value;
    if (const auto eq = key.find('='); eq != std::string::npos) {
      value = key.substr(eq + 1);
      key.resize(eq);
    } else {
      if (i + 1 >= args.size()) return Error{ErrorCode::bad_command, "--" + kvdtype::detail::printable(key) + " needs a value"};
      value = args[++i];
    }
    if (!flags.set(key, value)) return Error{ErrorCode::bad_command, "unknown flag --" + kvdtype::detail::printable(key)};
  }
  in.overlay(flags);
  return in;
}

}  // namespace kvdtype::io
