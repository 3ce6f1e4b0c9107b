// kvdtype probe: the GPUs of this machine and their targets.
#include <nlohmann/json.hpp>

#include "bindings/face.hpp"
#include "cli.hpp"
#include "kvdtype/io/probe.hpp"

namespace kvdtype::cli {

Command add_probe(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("probe", "Detect this machine's GPUs (driver library at run time, KFD sysfs, else cpu)");
  if (light(*sub)) return light_command(sub);
  auto* out = &keep<Output>();
  // Device lists have no Markdown form: the format table gives probe text and JSON only.
  add_output_options(*sub, *out);
  return {sub, [out] {
            if (!out->validate()) return kBadInput;
            const io::ProbeResult r = io::probe();
            if (out->parsed == io::OutputFormat::json) {
              nlohmann::ordered_json devices = nlohmann::ordered_json::array();
              for (const io::ProbedDevice& d : r.devices)
                devices.push_back({{"index", d.index}, {"name", d.name}, {"target", d.target},
                                   {"memory_bytes", d.memory_bytes}, {"via", d.via}});
              return out->write(io::dump_json(nlohmann::ordered_json{{"schema", "kvdtype.probe/v1"}, {"devices", devices}, {"notes", r.notes}}) + "\n",
                                kAccepted);
            }
            std::string text;
            for (const io::ProbedDevice& d : r.devices)
              text += std::to_string(d.index) + "  " + d.target + "  " + d.name + "  " +
                      std::to_string(d.memory_bytes >> 20) + " MiB  (" + d.via + ")\n";
            for (const std::string& n : r.notes) text += "note: " + n + "\n";
            // Device names come from the driver or sysfs: shown, never interpreted.
            return out->write(kvdtype::detail::escape_text(text, {.newlines = true}), kAccepted);
          }};
}

}  // namespace kvdtype::cli
