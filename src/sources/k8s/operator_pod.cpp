// The pod spec an operator's builder writes around the one container it runs (manifest_parts.hpp):
// the same few nodes for every custom resource whose operator builds its pod (Arks, kthena, …).
#include <string>
#include <string_view>

#include "sources/k8s/manifest_parts.hpp"

namespace kvdtype::io::manifest {

doc::Node operator_container(doc::Tree& t, std::string_view name, const std::string& image, std::span<const std::string> command,
                             const doc::Node& env, const doc::Node& resources) {
  const doc::Node c = t.map();
  t.set(c, "name", t.scalar(std::string(name)));
  t.set(c, "image", t.scalar(image));
  const doc::Node words = t.seq();
  for (const std::string& w : command) t.push(words, t.scalar(w));
  t.set(c, "command", words);
  if (env.is_seq()) t.set(c, "env", env);
  if (resources.is_map()) t.set(c, "resources", resources);
  return c;
}

doc::Node one_container_spec(doc::Tree& t, const doc::Node& c, const doc::Node& placement,
                             std::initializer_list<std::string_view> keys) {
  const doc::Node spec = t.map();
  const doc::Node containers = t.seq();
  t.push(containers, c);
  t.set(spec, "containers", containers);
  for (const std::string_view key : keys)
    if (const doc::Node v = child(placement, key)) t.set(spec, key, v);
  return spec;
}

}  // namespace kvdtype::io::manifest
